/** Worked examples of the leave rules: the arithmetic is written out beside each figure. */
import { accruedIn, leaveBalance, type LeaveTypePolicy } from './leave-balance';
import { leaveYearLabel, leaveYearOf } from './leave-year';
import { dayKind, describeWeeklyOff, isWeeklyOff, leaveDays, SUNDAY_OFF, type WorkCalendar } from './work-calendar';

const casual: LeaveTypePolicy = { yearlyEntitlement: 12, accrual: 'yearly', proRate: true, carryForwardCap: 0 };
const earned: LeaveTypePolicy = { yearlyEntitlement: 18, accrual: 'monthly', proRate: true, carryForwardCap: 10 };
const noUse = () => ({ taken: 0, pending: 0 });

describe('the working calendar', () => {
  const secondAndFourthSaturday = { weekdays: [0], saturdays: [2, 4] };

  it('knows the 2nd and 4th Saturday of a month (November 2026: the 14th and 28th)', () => {
    expect(['2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28'].map((d) => isWeeklyOff(d, secondAndFourthSaturday))).toEqual([false, true, false, true]);
    expect(isWeeklyOff('2026-11-22', secondAndFourthSaturday)).toBe(true); // a Sunday
    expect(isWeeklyOff('2026-11-23', secondAndFourthSaturday)).toBe(false); // a Monday
  });

  it('says the rule as people say it', () => {
    expect(describeWeeklyOff(SUNDAY_OFF)).toBe('Sunday');
    expect(describeWeeklyOff({ weekdays: [0, 6], saturdays: [] })).toBe('Saturday and Sunday');
    expect(describeWeeklyOff(secondAndFourthSaturday)).toBe('Sunday and the 2nd and 4th Saturday');
  });

  // Independence Day 2026 falls on Saturday 15 August; Sunday the 16th is the weekly off.
  const august: WorkCalendar = { weeklyOff: SUNDAY_OFF, holidays: new Set(['2026-08-15']) };

  it('counts a half day on the Friday before a holiday weekend as half a day', () => {
    expect(leaveDays('2026-08-14', '2026-08-14', august, 'first-half')).toBe(0.5);
    expect(leaveDays('2026-08-14', '2026-08-14', august, 'second-half')).toBe(0.5);
  });

  it('leaves the holiday and the weekly off out of a leave across them: Friday to Monday is 2 days', () => {
    expect(dayKind('2026-08-15', august)).toBe('holiday');
    expect(dayKind('2026-08-16', august)).toBe('weekly-off');
    expect(leaveDays('2026-08-14', '2026-08-17', august)).toBe(2);
  });

  it('gives a half day on a day off no leave at all', () => {
    expect(leaveDays('2026-08-15', '2026-08-15', august, 'first-half')).toBe(0);
  });
});

describe('leave years', () => {
  it('runs from April in a financial-year company', () => {
    expect(leaveYearOf('2027-03-31', 4)).toEqual({ year: 2026, start: '2026-04-01', end: '2027-03-31' });
    expect(leaveYearOf('2027-04-01', 4).year).toBe(2027);
    expect(leaveYearLabel(2026, 4)).toBe('2026-27');
    expect(leaveYearLabel(2026, 1)).toBe('2026');
  });
});

describe('accrual', () => {
  it('pro-rates a mid-year joiner: joined 10 July in an April year, 12 a year → 9 months → 9 days', () => {
    expect(accruedIn(casual, 2026, 4, '2026-07-10', '2026-07-10')).toBe(9);
  });

  it('does not count the joining month after the 15th: joined 20 July → 8 months → 8 days', () => {
    expect(accruedIn(casual, 2026, 4, '2026-07-20', '2026-08-01')).toBe(8);
  });

  it('rounds a credit down to a half day: 15 a year, joined 1 October → 15 × 6 / 12 = 7.5', () => {
    expect(accruedIn({ ...casual, yearlyEntitlement: 15 }, 2026, 4, '2026-10-01', '2026-10-01')).toBe(7.5);
    // 10 a year × 7 / 12 = 5.83 → 5.5
    expect(accruedIn({ ...casual, yearlyEntitlement: 10 }, 2026, 4, '2026-09-01', '2026-09-01')).toBe(5.5);
  });

  it('credits monthly accrual a twelfth at the start of each month worked: July to September = 3 × 1.5', () => {
    expect(accruedIn(earned, 2026, 4, '2026-07-10', '2026-09-05')).toBe(4.5);
    expect(accruedIn(earned, 2026, 4, '2026-07-10', '2026-07-09')).toBe(0); // before joining
  });

  it('gives a full year to someone who joined before it started', () => {
    expect(accruedIn(earned, 2026, 4, '2020-01-01', '2027-03-31')).toBe(18);
    expect(accruedIn(casual, 2026, 4, '2020-01-01', '2026-04-01')).toBe(12);
  });
});

describe('balances', () => {
  it('carries forward at the year end up to the cap, and the rest lapses', () => {
    // Earned: 15 a year at the start of each calendar year, up to 10 carried.
    const policy: LeaveTypePolicy = { yearlyEntitlement: 15, accrual: 'yearly', proRate: true, carryForwardCap: 10 };
    const taken: Record<number, number> = { 2024: 0, 2025: 3, 2026: 4 };
    const use = (year: number) => ({ taken: taken[year] ?? 0, pending: year === 2026 ? 1 : 0 });
    // 2024: 15 earned, none taken → 15 left, 10 carried, 5 lapse.
    // 2025: 10 + 15 − 3 = 22 left → 10 carried.
    // 2026: 10 carried + 15 earned − 4 taken − 1 pending = 20 available.
    expect(leaveBalance(policy, { joinDate: '2024-01-01', asOf: '2026-03-01', startMonth: 1, use })).toEqual({
      year: 2026,
      carriedForward: 10,
      accrued: 15,
      taken: 4,
      pending: 1,
      adjusted: 0,
      available: 20,
    });
  });

  it('carries nothing when the type has no carry-forward', () => {
    expect(leaveBalance(casual, { joinDate: '2024-01-01', asOf: '2026-03-01', startMonth: 1, use: noUse }).carriedForward).toBe(0);
  });

  it('never carries a negative balance into the next year', () => {
    const use = (year: number) => ({ taken: year === 2025 ? 14 : 0, pending: 0 });
    const b = leaveBalance(casual, { joinDate: '2025-01-01', asOf: '2026-01-02', startMonth: 1, use });
    expect(b.carriedForward).toBe(0);
    expect(b.available).toBe(12);
  });
});

describe('going live mid-way: opening balances and adjustments', () => {
  // A company goes live on 26 Nov 2026; Asha joined in 2022. Calendar leave years.
  const goLive = '2026-11-26';

  it('does not invent years before go-live: nothing carries in, and the year-start credit is in the opening balance', () => {
    const capped: LeaveTypePolicy = { yearlyEntitlement: 15, accrual: 'yearly', proRate: true, carryForwardCap: 30 };
    // Without a go-live date, 2022 to 2025 would carry 30 days in.
    expect(leaveBalance(capped, { joinDate: '2022-03-01', asOf: '2026-11-30', startMonth: 1, use: noUse }).carriedForward).toBe(30);
    const b = leaveBalance(capped, { joinDate: '2022-03-01', asOf: '2026-11-30', startMonth: 1, use: noUse, goLive });
    // The 1 Jan 2026 credit predates go-live (the opening balance holds it): 0 carried, 0 accrued.
    expect(b).toMatchObject({ carriedForward: 0, accrued: 0, available: 0 });
  });

  it('adds the opening balance and adjustments of the year, and carries them forward like earned days', () => {
    const capped: LeaveTypePolicy = { yearlyEntitlement: 15, accrual: 'yearly', proRate: true, carryForwardCap: 10 };
    // 2026: opening 8 + adjustment −1.5 = 6.5 credited; 0.5 taken after go-live.
    const use = (year: number) => (year === 2026 ? { taken: 0.5, pending: 0, credit: 6.5 } : { taken: 0, pending: 0 });
    expect(leaveBalance(capped, { joinDate: '2022-03-01', asOf: '2026-12-01', startMonth: 1, use, goLive })).toMatchObject({ adjusted: 6.5, taken: 0.5, available: 6 });
    // 2027: 6 carried (under the cap of 10) + 15 earned on 1 Jan.
    expect(leaveBalance(capped, { joinDate: '2022-03-01', asOf: '2027-01-05', startMonth: 1, use, goLive })).toMatchObject({ carriedForward: 6, accrued: 15, available: 21 });
  });

  it('earns a monthly type only for the months that begin on or after go-live', () => {
    // Earned: 18 a year, 1.5 a month. Go-live 26 Nov: December's credit (1 Dec) is the first.
    expect(accruedIn(earned, 2026, 1, '2022-03-01', '2026-11-30', goLive)).toBe(0);
    expect(accruedIn(earned, 2026, 1, '2022-03-01', '2026-12-01', goLive)).toBe(1.5);
    // Go-live on the 1st of a month: that month's credit is earned here.
    expect(accruedIn(earned, 2026, 1, '2022-03-01', '2026-11-01', '2026-11-01')).toBe(1.5);
    // Someone joining after go-live earns as any joiner: joined 10 Dec (on or before the 15th) → December's credit.
    expect(accruedIn(earned, 2026, 1, '2026-12-10', '2026-12-10', goLive)).toBe(1.5);
  });
});
