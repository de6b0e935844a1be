import { SUNDAY_OFF } from '../leave-policy/work-calendar';
import { leaveEncashment, noticePay, settlement, settlementDueOn } from './full-and-final';

const rupees = (r: number) => r * 100;
const last = { grossPaise: rupees(60_000), basicPaise: rupees(30_000) };

describe('full-and-final worked examples', () => {
  it('notice shortfall: 60 days required, 35 served: 25 days at 60,000 ÷ 30 = 50,000 recovered', () => {
    expect(noticePay({ requiredDays: 60, servedDays: 35, waived: false, relievedByEmployer: false }, last)).toEqual({ shortfallDays: 25, amountPaise: -rupees(50_000) });
    expect(noticePay({ requiredDays: 60, servedDays: 35, waived: true, relievedByEmployer: false }, last)).toEqual({ shortfallDays: 25, amountPaise: 0 });
    expect(noticePay({ requiredDays: 60, servedDays: 35, waived: false, relievedByEmployer: true }, last)).toEqual({ shortfallDays: 25, amountPaise: rupees(50_000) });
    expect(noticePay({ requiredDays: 30, servedDays: 30, waived: false, relievedByEmployer: false }, last).amountPaise).toBe(0);
  });

  it('encashment: earned leave 40 days capped at 30, at basic ÷ 26; casual leave not encashable', () => {
    const lines = leaveEncashment(
      [
        { leaveType: 'Earned', encashable: true, balanceDays: 40, capDays: 30, basis: 'basic-26' },
        { leaveType: 'Casual', encashable: false, balanceDays: 5, capDays: null, basis: 'gross-30' },
        { leaveType: 'Sick', encashable: true, balanceDays: 4.5, capDays: null, basis: 'gross-30' },
      ],
      last,
    );
    // 30 × 30,000 / 26 = 34,615.38 → 34,615; 4.5 × 2,000 = 9,000.
    expect(lines).toEqual([
      { leaveType: 'Earned', days: 30, amountPaise: rupees(34_615), basis: 'basic-26' },
      { leaveType: 'Sick', days: 4.5, amountPaise: rupees(9_000), basis: 'gross-30' },
    ]);
  });

  it('adds the settlement: gratuity and encashment exempt, notice recovery taken from the total', () => {
    const s = settlement({
      lastMonthNetPaise: rupees(28_000),
      encashment: [{ leaveType: 'Earned', days: 30, amountPaise: rupees(34_615), basis: 'basic-26' }],
      notice: { shortfallDays: 25, amountPaise: -rupees(50_000) },
      gratuity: { amountPaise: rupees(86_538) },
      arrearsPaise: 0,
      otherRecoveriesPaise: rupees(5_000),
      tdsPaise: 0,
    });
    expect(s.totalPaise).toBe(rupees(28_000 + 34_615 - 50_000 + 86_538 - 5_000));
    expect(s).toMatchObject({ encashmentExemptPaise: rupees(34_615), gratuityExemptPaise: rupees(86_538), taxablePaise: 0, owedByEmployeePaise: 0 });
  });

  it('is due two working days after the leaving date (Code on Wages s.17(2)), weekly offs and holidays skipped', () => {
    // 27 November 2026 is a Friday; Sunday is off, Saturday works.
    expect(settlementDueOn('2026-11-27', { weeklyOff: SUNDAY_OFF, holidays: new Set() })).toBe('2026-11-30');
    expect(settlementDueOn('2026-11-27', { weeklyOff: { weekdays: [0, 6], saturdays: [] }, holidays: new Set(['2026-11-30']) })).toBe('2026-12-02');
  });
});
