import { revisionArrearLines } from './arrear-lines';
import { datesOfMonth, weekdayOf } from './pay-month';
import { computeSalarySlip, type SlipInput } from './salary-slip';
import { ratePeriods, salaryOn, type SalaryRevisionFact } from './salary-history';

const rupees = (r: number) => r * 100;
const presentAll = (month: string) => new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));
const slip = (o: Partial<SlipInput> & Pick<SlipInput, 'month' | 'monthlyGrossPaise'>) =>
  computeSalarySlip({ joinedOn: '2024-01-01', approvedLeaveDates: new Set(), today: '2030-01-01', presentDates: presentAll(o.month), ...o });

describe('salary in force on each day', () => {
  const history: SalaryRevisionFact[] = [
    { effectiveFrom: '2024-01-01', monthlyGrossPaise: rupees(30_000) },
    { effectiveFrom: '2026-11-16', monthlyGrossPaise: rupees(36_000) },
  ];

  it('reads the rate of a day and splits a month at a change', () => {
    expect(salaryOn('2026-11-15', history, 0)).toBe(rupees(30_000));
    expect(salaryOn('2026-11-16', history, 0)).toBe(rupees(36_000));
    expect(ratePeriods(history, '2026-11', '2026-11-01', '2026-11-30', 0)).toEqual([
      { from: '2026-11-01', to: '2026-11-15', monthlyGrossPaise: rupees(30_000) },
      { from: '2026-11-16', to: '2026-11-30', monthlyGrossPaise: rupees(36_000) },
    ]);
    // No history: the employee's salary every day.
    expect(ratePeriods([], '2026-11', '2026-11-01', '2026-11-30', rupees(5)).map((p) => p.monthlyGrossPaise)).toEqual([rupees(5)]);
  });

  it('a back-dated revision entered after approval is not used by the months before it applies', () => {
    const backDated = [...history, { effectiveFrom: '2026-08-01', monthlyGrossPaise: rupees(33_000), appliesFrom: '2026-11' }];
    expect(salaryOn('2026-10-10', backDated, 0)).toBe(rupees(30_000));
    expect(salaryOn('2026-11-10', backDated, 0)).toBe(rupees(33_000));
  });

  // November 2026: 30 days, Sundays 1, 8, 15, 22, 29 -> 25 working days; 12 of them on 1-15, 13 on 16-30.
  it('worked example: a raise from the 16th pays each half at its own rate, and the slip says so', () => {
    const s = slip({ month: '2026-11', monthlyGrossPaise: rupees(36_000), salaryRevisions: history });
    // 30,000 × 12/25 = 14,400 and 36,000 × 13/25 = 18,720: 33,120. Basic 7,200 + 9,360; HRA 2,880 + 3,744; special 4,320 + 5,616.
    expect(s.earnings).toEqual({ basicPaise: rupees(16_560), hraPaise: rupees(6_624), specialPaise: rupees(9_936), totalPaise: rupees(33_120) });
    expect(s.salaryPeriods).toEqual([
      { from: '2026-11-01', to: '2026-11-15', monthlyGrossPaise: rupees(30_000), paidDays: 12 },
      { from: '2026-11-16', to: '2026-11-30', monthlyGrossPaise: rupees(36_000), paidDays: 13 },
    ]);
    expect(s.monthlyGrossPaise).toBe(rupees(36_000));
    expect(s.days.paid).toBe(25);
  });

  it('an absence is paid at nothing in the half it falls in', () => {
    const present = presentAll('2026-11');
    present.delete('2026-11-20');
    const s = slip({ month: '2026-11', monthlyGrossPaise: rupees(36_000), salaryRevisions: history, presentDates: present });
    // 14,400 + 36,000 × 12/25 = 17,280: 31,680.
    expect(s.earnings.totalPaise).toBe(rupees(31_680));
    expect(s.salaryPeriods!.map((p) => p.paidDays)).toEqual([12, 12]);
  });
});

describe('worked example: a raise from 1 August entered in November, August to October approved', () => {
  const before: SalaryRevisionFact[] = [{ effectiveFrom: '2024-01-01', monthlyGrossPaise: rupees(20_000) }];
  const raise = { effectiveFrom: '2026-08-01', monthlyGrossPaise: rupees(24_000), appliesFrom: '2026-11' };
  const reason = 'Annual raise from 1 Aug 2026';
  const months = ['2026-08', '2026-09', '2026-10'];
  const lines = months.flatMap((m) => {
    const approved = slip({ month: m, monthlyGrossPaise: rupees(20_000), salaryRevisions: before });
    const revised = slip({ month: m, monthlyGrossPaise: rupees(24_000), salaryRevisions: [...before, { ...raise, appliesFrom: null }] });
    return revisionArrearLines(m, approved, revised, reason);
  });

  it('makes three lines a month: Basic 2,000 (with PF wages 2,000), HRA 800, special 1,200', () => {
    expect(lines).toHaveLength(9);
    expect(lines.slice(0, 3)).toEqual([
      { forMonth: '2026-08', component: 'basic', amountPaise: rupees(2_000), pfWagesPaise: rupees(2_000), epsWagesPaise: rupees(2_000), reason },
      { forMonth: '2026-08', component: 'hra', amountPaise: rupees(800), pfWagesPaise: 0, epsWagesPaise: 0, reason },
      { forMonth: '2026-08', component: 'special', amountPaise: rupees(1_200), pfWagesPaise: 0, epsWagesPaise: 0, reason },
    ]);
  });

  it('pays them on the November slip: 24,000 + 12,000 arrears, PF on each month within its own ceiling', () => {
    const nov = slip({ month: '2026-11', monthlyGrossPaise: rupees(24_000), salaryRevisions: [...before, raise], arrears: lines });
    expect(nov.earnings).toEqual({ basicPaise: rupees(12_000), hraPaise: rupees(4_800), specialPaise: rupees(7_200), arrearsPaise: rupees(12_000), totalPaise: rupees(36_000) });
    // PF: 12% of November's 12,000 = 1,440, plus 12% of the arrears' 3 × 2,000 = 720: 2,160. One ceiling
    // over 18,000 would have taken 1,800 and under-paid the fund.
    expect(nov.deductions.providentFundPaise).toBe(rupees(2_160));
    expect(nov.statutory.pfWagesPaise).toBe(rupees(18_000));
    expect(nov.statutory.epfWagesPaise).toBe(rupees(18_000));
    // EPS 8.33%: 999.60 -> 1,000 and 499.80 -> 500; the employer's EPF share 1,440 − 1,000 + 720 − 500.
    expect(nov.employer).toMatchObject({ epsPaise: rupees(1_500), epfPaise: rupees(660) });
    // Karnataka PT on 36,000: 200; TDS nil (2.88 lakh a year plus 12,000 is under the new regime's rebate).
    expect(nov.deductions.professionalTaxPaise).toBe(rupees(200));
    // ESI: the October–March period started at the 20,000 paid then (the raise applies from November),
    // so ESI covers him to 31 March: 0.75% × 36,000 paid this month = 270.
    expect(nov.deductions.esiPaise).toBe(rupees(270));
    expect(nov.statutory.esi).toMatchObject({ reason: 'period-start', periodStart: '2026-10', periodStartGrossPaise: rupees(20_000) });
    expect(nov.netPaise).toBe(rupees(36_000 - 2_160 - 200 - 270));
    expect(nov.arrears).toHaveLength(9);
  });

  it('the approved months recomputed later still pay 20,000: the revision applies from November', () => {
    const oct = slip({ month: '2026-10', monthlyGrossPaise: rupees(24_000), salaryRevisions: [...before, raise] });
    expect(oct.earnings.totalPaise).toBe(rupees(20_000));
  });
});

// November 2026 again: 25 working days, 12 on 1-15 and 13 on 16-30. ₹30,000 on the company default
// (Basic 50%, HRA 40% of Basic) until the 15th; from the 16th "Drivers" (Basic fixed at ₹12,000, HRA 40%
// of Basic), with or without a raise to ₹36,000 the same day.
describe('worked example: a salary structure and a raise from the 16th', () => {
  const drivers = { name: 'Drivers', basicPercentOfGross: 0, basicMonthlyPaise: rupees(12_000), hraPercentOfBasic: 40, fixedAllowances: [] };
  const before: SalaryRevisionFact[] = [{ effectiveFrom: '2024-01-01', monthlyGrossPaise: rupees(30_000) }];
  const structureFrom16 = [...before, { effectiveFrom: '2026-11-16', monthlyGrossPaise: rupees(30_000), structure: drivers }];

  it('splits the month where the structure changes, even at one rate', () => {
    expect(ratePeriods(structureFrom16, '2026-11', '2026-11-01', '2026-11-30', 0, { structures: true })).toEqual([
      { from: '2026-11-01', to: '2026-11-15', monthlyGrossPaise: rupees(30_000), structure: null },
      { from: '2026-11-16', to: '2026-11-30', monthlyGrossPaise: rupees(30_000), structure: drivers },
    ]);
    // Without `structures` (the rate alone) one period, as before.
    expect(ratePeriods(structureFrom16, '2026-11', '2026-11-01', '2026-11-30', 0)).toHaveLength(1);
  });

  it('a structure from the 16th: the first 12 days by the default split, the last 13 by Drivers', () => {
    const s = slip({ month: '2026-11', monthlyGrossPaise: rupees(30_000), salaryRevisions: structureFrom16 });
    // 1-15: 30,000 × 12/25 = 14,400: Basic 15,000 × 12/25 = 7,200, HRA 6,000 × 12/25 = 2,880, special 4,320.
    // 16-30: 30,000 × 13/25 = 15,600: Basic 12,000 × 13/25 = 6,240, HRA 4,800 × 13/25 = 2,496, special 6,864.
    expect(s.earnings).toEqual({ basicPaise: rupees(13_440), hraPaise: rupees(5_376), specialPaise: rupees(11_184), totalPaise: rupees(30_000) });
    expect(s.salaryPeriods).toEqual([
      { from: '2026-11-01', to: '2026-11-15', monthlyGrossPaise: rupees(30_000), paidDays: 12 },
      { from: '2026-11-16', to: '2026-11-30', monthlyGrossPaise: rupees(30_000), paidDays: 13, structureName: 'Drivers' },
    ]);
    // The structure at the month's end names the slip; the whole month by it would have paid Basic 12,000.
    expect(s.structureName).toBe('Drivers');
  });

  it('a raise to ₹36,000 with the structure: each part at its own rate and split', () => {
    const s = slip({ month: '2026-11', monthlyGrossPaise: rupees(36_000), salaryRevisions: [...structureFrom16, { effectiveFrom: '2026-11-16', monthlyGrossPaise: rupees(36_000) }] });
    // 16-30: 36,000 × 13/25 = 18,720: Basic 6,240 (fixed, so the raise is all special), HRA 2,496, special 9,984.
    expect(s.earnings).toEqual({ basicPaise: rupees(13_440), hraPaise: rupees(5_376), specialPaise: rupees(14_304), totalPaise: rupees(33_120) });
    expect(s.salaryPeriods!.map((p) => [p.monthlyGrossPaise, p.paidDays, p.structureName])).toEqual([
      [rupees(30_000), 12, undefined],
      [rupees(36_000), 13, 'Drivers'],
    ]);
    // PF: Basic 13,440 is under half of 33,120, so the Code on Wages lifts PF wages to 16,560 (within the
    // ceiling in force then, ₹25,000): 12% = 1,987.20, 1,987.
    expect(s.statutory.pfWagesPaise).toBe(rupees(16_560));
    expect(s.deductions.providentFundPaise).toBe(rupees(1_987));
    // An absence on the 20th comes off the Drivers part only: 36,000 × 12/25 = 17,280.
    const present = presentAll('2026-11');
    present.delete('2026-11-20');
    const absent = slip({ month: '2026-11', monthlyGrossPaise: rupees(36_000), salaryRevisions: [...structureFrom16, { effectiveFrom: '2026-11-16', monthlyGrossPaise: rupees(36_000) }], presentDates: present });
    expect(absent.earnings).toMatchObject({ basicPaise: rupees(7_200 + 5_760), totalPaise: rupees(14_400 + 17_280) });
  });
});
