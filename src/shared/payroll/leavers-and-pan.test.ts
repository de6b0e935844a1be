/**
 * Worked examples for a leaver, a missing PAN and PF on full wages, through the real slip
 * computation. Every figure is the arithmetic written out beside it.
 */
import { datesOfMonth, weekdayOf } from './pay-month';
import { computeSalarySlip, SlipInputError, type SlipInput } from './salary-slip';

const inr = (rupees: number) => rupees * 100;
const fullMonth = (month: string) => new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));

function slip(month: string, monthlyRupees: number, extra: Partial<SlipInput> = {}) {
  return computeSalarySlip({
    monthlyGrossPaise: inr(monthlyRupees),
    month,
    joinedOn: '2024-01-15',
    presentDates: fullMonth(month),
    approvedLeaveDates: new Set(),
    today: '2026-11-20',
    ...extra,
    statutory: { stateOfWork: 'KA', ...extra.statutory },
  });
}

describe('a leaver', () => {
  it('is paid up to the leaving date in the leaving month, none of the days after it as LOP', () => {
    // October 2026: 31 days, Sundays 4, 11, 18, 25 → 27 working days. Left on Thursday 15 October:
    // 16–31 October hold 16 days, two of them Sundays (18, 25) → 14 working days unpaid; 13 paid.
    // No attendance after the 15th, which is not LOP: the employee had left.
    const present = new Set([...fullMonth('2026-10')].filter((d) => d <= '2026-10-15'));
    const s = slip('2026-10', 60_000, { leftOn: '2026-10-15', presentDates: present });
    expect(s.days).toEqual({ calendar: 31, weeklyOff: 4, working: 27, beforeJoining: 0, afterLeaving: 14, lop: 0, paid: 13, halfDays: 0, calendarPaid: 15 });
    expect(s.payableTo).toBe('2026-10-15');
    // 60,000 × 13 ÷ 27 = 28,888.89 → 28,889.
    expect(s.earnings.totalPaise).toBe(inr(28_889));
    // An absence before leaving is still LOP: 14 October absent → 12 paid; 60,000 × 12 ÷ 27 = 26,666.67 → 26,667.
    const absent = slip('2026-10', 60_000, { leftOn: '2026-10-15', presentDates: new Set([...present].filter((d) => d !== '2026-10-14')) });
    expect(absent.days).toMatchObject({ afterLeaving: 14, lop: 1, paid: 12 });
    expect(absent.lopDates).toEqual(['2026-10-14']);
    expect(absent.earnings.totalPaise).toBe(inr(26_667));
  });

  it('has no slip for a month after the leaving month', () => {
    expect(() => slip('2026-11', 60_000, { leftOn: '2026-10-15' })).toThrow(
      new SlipInputError('after-leaving', 'There is no salary slip for November 2026: the employee left on 2026-10-15'),
    );
    // Leaving on the month's last day is a whole month.
    expect(slip('2026-10', 60_000, { leftOn: '2026-10-31' }).days).toMatchObject({ afterLeaving: 0, paid: 27 });
  });

  it('has TDS projected to the leaving month only, not to March', () => {
    // ₹3,00,000 a month, new regime, left on 30 September 2025: April–September is 6 × 3,00,000 =
    // 18,00,000; less the standard deduction 75,000 = 17,25,000; slab tax 20,000 + 40,000 + 60,000 +
    // 25,000 (16–17.25 L at 20%) = 1,45,000, no rebate above 12 L; cess 4% 5,800 → 1,50,800.
    const leaver = slip('2025-09', 3_00_000, { leftOn: '2025-09-30', statutory: { panMissing: false } });
    expect(leaver.statutory.projectedAnnualTaxPaise).toBe(inr(1_50_800));
    // Spread over the six months employed, each month taking the remainder ÷ months left, to the
    // rupee: April 1,50,800 ÷ 6 = 25,133.33 → 25,133; May 1,25,667 ÷ 5 = 25,133.4 → 25,133;
    // June 1,00,534 ÷ 4 = 25,133.5 → 25,134; July 75,400 ÷ 3 = 25,133.33 → 25,133;
    // August 50,267 ÷ 2 = 25,133.5 → 25,134; September the rest: 25,133. Six months add up to 1,50,800.
    expect(leaver.deductions.tdsPaise).toBe(inr(25_133));
    // Had they stayed, the year would be 36,00,000 − 75,000 = 35,25,000: 20,000 + 40,000 + 60,000 +
    // 80,000 + 1,00,000 + 30% × 11,25,000 = 6,37,500, cess 25,500 → 6,63,000, and each month's TDS far more.
    const stayer = slip('2025-09', 3_00_000, { statutory: { panMissing: false } });
    expect(stayer.statutory.projectedAnnualTaxPaise).toBe(inr(6_63_000));
    expect(stayer.deductions.tdsPaise).toBeGreaterThan(inr(50_000));
  });
});

describe('no PAN (Income-tax Act s.206AA)', () => {
  it('deducts at least 20% of the month’s taxable salary when tax is due', () => {
    // ₹1,50,000 a month, April 2025, new regime: the projection gives 12,567 (worked-examples.test.ts).
    // Taxable salary of the month: 1,50,000 less its share of the standard deduction,
    // 75,000 × 1,50,000 ÷ 18,00,000 = 6,250 → 1,43,750; 20% = 28,750, more than 12,567.
    const withPan = slip('2025-04', 1_50_000, { statutory: { panMissing: false } });
    expect(withPan.deductions.tdsPaise).toBe(inr(12_567));
    expect(withPan.statutory.tdsAtNoPanRate).toBe(false);
    const noPan = slip('2025-04', 1_50_000, { statutory: { panMissing: true } });
    expect(noPan.deductions.tdsPaise).toBe(inr(28_750));
    expect(noPan.statutory.tdsAtNoPanRate).toBe(true);
    // 1,50,000 − PF 1,800 − PT 200 − TDS 28,750.
    expect(noPan.netPaise).toBe(inr(1_19_250));
  });

  it('deducts nothing when the year’s tax is nil (income under the s.87A limit)', () => {
    // ₹50,000 a month: 6,00,000 − 75,000 = 5,25,000, within the ₹12 L rebate: no tax, so no TDS.
    const s = slip('2025-04', 50_000, { statutory: { panMissing: true } });
    expect(s.deductions.tdsPaise).toBe(0);
    expect(s.statutory.tdsAtNoPanRate).toBe(false);
  });
});

describe('PF on full wages (the opt-in)', () => {
  it('takes 12% of the whole PF wages each side, the pension share still capped', () => {
    // ₹60,000 gross, basic 50% = 30,000 = PF wages. On the ₹25,000 ceiling of October 2026: 12% × 25,000 = 3,000.
    expect(slip('2026-10', 60_000).deductions.providentFundPaise).toBe(inr(3_000));
    // On full wages: 12% × 30,000 = 3,600 each side; EPS 8.33% × 25,000 = 2,082.50 → 2,083; EPF 3,600 − 2,083 = 1,517;
    // EDLI 0.5% × 25,000 = 125; admin 0.5% × 30,000 = 150 (the audit's finding 1, "PF on full wages").
    const s = slip('2026-10', 60_000, { statutory: { pfOnFullWages: true } });
    expect(s.deductions.providentFundPaise).toBe(inr(3_600));
    expect(s.employer).toMatchObject({ epsPaise: inr(2_083), epfPaise: inr(1_517), edliPaise: inr(125), pfAdminPaise: inr(150) });
    // Before 17 Sep 2026 the ceiling was ₹15,000: EPS 1,250, EPF 2,350, EDLI 75.
    expect(slip('2026-08', 60_000, { statutory: { pfOnFullWages: true } }).employer).toMatchObject({ epsPaise: inr(1_250), epfPaise: inr(2_350), edliPaise: inr(75) });
  });
});
