import { dayOvertime, workedMinutes } from './day-rules';
import { hoursAndMinutes, monthOvertime, overtimeFrom, weekStartOf, type OvertimeDay } from './overtime';
import { overtimePay, overtimeRateDays } from '../payroll/overtime-pay';

const WEEK = { enabled: true, normalWeekMinutes: 48 * 60, weekStartsOn: 'monday' as const };
/** A day of `hours` counted work against a 9 h normal day. */
const day = (date: string, hours: number): OvertimeDay => ({ date, workedMinutes: hours * 60, overtimeMinutes: Math.max(0, hours * 60 - 540) });

describe('the week', () => {
  it('starts on the company day', () => {
    // 2026-09-16 is a Wednesday.
    expect(weekStartOf('2026-09-16', 'monday')).toBe('2026-09-14');
    expect(weekStartOf('2026-09-16', 'sunday')).toBe('2026-09-13');
    expect(weekStartOf('2026-09-14', 'monday')).toBe('2026-09-14');
    expect(weekStartOf('2026-09-13', 'monday')).toBe('2026-09-07');
    // September 2026 starts on a Tuesday: its first week began on 31 August.
    expect(overtimeFrom('2026-09', 'monday')).toBe('2026-08-31');
  });
});

describe('overtime of 1 h 40 m', () => {
  it('is the work beyond a 9 h day, punched 09:00 to 19:40', () => {
    const worked = workedMinutes(['2026-09-15T03:30:00.000Z', '2026-09-15T14:10:00.000Z'], null, null);
    expect(worked).toBe(640);
    const ot = dayOvertime(worked, { overtime: { enabled: true, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: true } });
    expect(ot).toBe(100);
    expect(hoursAndMinutes(ot)).toBe('1:40');
    const month = monthOvertime('2026-09', [{ date: '2026-09-15', workedMinutes: worked, overtimeMinutes: ot }], WEEK);
    expect(month).toMatchObject({ dailyMinutes: 100, weeklyMinutes: 0, totalMinutes: 100 });
  });

  it('is paid at twice the ordinary hourly rate: ₹30,000 ÷ (26 days × 9 h) × 2 × 1⅔ h = ₹427', () => {
    // 3,00,00,000 paise × 100 min × 2 ÷ (26 × 540 min) = 4,27,35.04 paise: ₹427.35, ₹427 to the rupee.
    expect(overtimePay({ minutes: 100, monthlyWagesPaise: 3_000_000, days: 26, normalDayMinutes: 540, rate: 2 })).toEqual({ hourlyRatePaise: 12_821, amountPaise: 42_700 });
    // At 2.5 times: ₹534.19 → ₹534.
    expect(overtimePay({ minutes: 100, monthlyWagesPaise: 3_000_000, days: 26, normalDayMinutes: 540, rate: 2.5 }).amountPaise).toBe(53_400);
    // On 30 days: ₹30,000 ÷ 270 h × 2 × 100/60 = ₹370.37 → ₹370.
    expect(overtimePay({ minutes: 100, monthlyWagesPaise: 3_000_000, days: 30, normalDayMinutes: 540, rate: 2 }).amountPaise).toBe(37_000);
    expect(overtimePay({ minutes: 0, monthlyWagesPaise: 3_000_000, days: 26, normalDayMinutes: 540, rate: 2 }).amountPaise).toBe(0);
  });

  it('divides by the working days, or a fixed 26 or 30', () => {
    expect(overtimeRateDays('working', 26)).toBe(26);
    expect(overtimeRateDays('working', 22)).toBe(22);
    expect(overtimeRateDays('working', 0)).toBe(26);
    expect(overtimeRateDays('26', 22)).toBe(26);
    expect(overtimeRateDays('30', 22)).toBe(30);
  });
});

describe('the normal week', () => {
  it('pays the week beyond 48 h that no day counted: six 8½ h days are 51 h, 3 h over', () => {
    const days = ['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18', '2026-09-19'].map((d) => day(d, 8.5));
    const month = monthOvertime('2026-09', days, WEEK);
    expect(month).toMatchObject({ dailyMinutes: 0, weeklyMinutes: 180, totalMinutes: 180 });
    expect(month.weeks).toEqual([{ from: '2026-09-14', to: '2026-09-20', workedMinutes: 3060, dailyMinutes: 0, topUpMinutes: 180 }]);
  });

  it('never counts a minute twice: days over 9 h and a week over 48 h pay the larger reckoning', () => {
    // Five 9 h days and one 12 h day: 57 h, 9 h over the week; the 12 h day has 3 h over the day.
    const days = [...['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18'].map((d) => day(d, 9)), day('2026-09-19', 12)];
    expect(monthOvertime('2026-09', days, WEEK)).toMatchObject({ dailyMinutes: 180, weeklyMinutes: 360, totalMinutes: 540 });
    // Four 11 h days: 44 h, under the week; the days' 8 h stand alone.
    const short = ['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17'].map((d) => day(d, 11));
    expect(monthOvertime('2026-09', short, WEEK)).toMatchObject({ dailyMinutes: 480, weeklyMinutes: 0, totalMinutes: 480 });
  });

  it('gives a week across two months to the month it ends in; its days stay in their own months', () => {
    // Monday 28 September to Sunday 4 October 2026: six 8½ h days, three in each month, 1 h over a 10 h day on 30 September.
    const days = [day('2026-09-28', 8.5), day('2026-09-29', 8.5), day('2026-09-30', 10), day('2026-10-01', 8.5), day('2026-10-02', 8.5), day('2026-10-03', 8.5)];
    // 52.5 h worked, 4.5 h over the week, 1 h of it counted on 30 September: the top-up is 3.5 h.
    expect(monthOvertime('2026-09', days, WEEK)).toMatchObject({ dailyMinutes: 60, weeklyMinutes: 0 });
    expect(monthOvertime('2026-10', days, WEEK)).toMatchObject({ dailyMinutes: 0, weeklyMinutes: 210, totalMinutes: 210 });
    // A leaver on 1 October: the week's top-up is October's, their last month.
    expect(monthOvertime('2026-10', days.slice(0, 4), WEEK, '2026-10-01')).toMatchObject({ weeklyMinutes: 0 });
    // Weeks starting on Sunday put 27 September–3 October together, the same month.
    expect(monthOvertime('2026-10', days, { ...WEEK, weekStartsOn: 'sunday' }).weeks[0]).toMatchObject({ from: '2026-09-27', to: '2026-10-03' });
  });

  it('counts only the days with overtime off', () => {
    const days = ['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18', '2026-09-19'].map((d) => day(d, 8.5));
    expect(monthOvertime('2026-09', days, { ...WEEK, enabled: false })).toMatchObject({ weeklyMinutes: 0, totalMinutes: 0, weeks: [] });
  });
});
