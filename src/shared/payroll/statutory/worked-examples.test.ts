/**
 * Worked examples of a month's statutory lines. Every figure is the arithmetic written out beside
 * it, from the rule tables' cited sources; salaries are split as the default payroll policy does
 * (basic 50% of gross, HRA 40% of basic, special allowance the rest).
 */
import { computeSalarySlip } from '../salary-slip';
import { datesOfMonth, weekdayOf } from '../pay-month';
import { statutoryDeductions, type StatutoryInput } from './statutory-deductions';

const inr = (rupees: number) => Math.round(rupees * 100);
const fullMonth = (gross: number) => ({ grossPaise: inr(gross), basicPaise: inr(gross / 2) });
const run = (o: Omit<StatutoryInput, 'state'> & { state?: string }) => statutoryDeductions({ state: 'KA', ...o });

/** Present on every working day (Sundays off) from `from` on, except `absent`. */
const attendance = (month: string, from: string, absent: string[] = []) =>
  new Set(datesOfMonth(month).filter((d) => d >= from && weekdayOf(d) !== 0 && !absent.includes(d)));

describe('worked examples', () => {
  it('₹18,000 gross in Karnataka, December 2025: ESI applies, PF on basic', () => {
    const s = run({
      month: '2025-12',
      earned: fullMonth(18_000),
      // April–November paid at the same rate: 8 × 18,000 = 1,44,000; PF 8 × 1,080 = 8,640.
      yearToDate: { salaryPaise: inr(1_44_000), taxPaise: 0, employeePfPaise: inr(8_640), professionalTaxPaise: 0 },
    });
    // Code wages: basic 9,000; allowances 9,000 are not above half of 18,000, so wages are 9,000.
    expect(s.pfWagesPaise).toBe(inr(9_000));
    expect(s.employee).toEqual({
      pfPaise: inr(1_080), // 12% × 9,000
      esiPaise: inr(135), // 0.75% × 18,000 = 135.00 (gross within the ₹21,000 ceiling)
      professionalTaxPaise: 0, // Karnataka: nil below ₹25,000
      // Year: 12 × 18,000 = 2,16,000 − 75,000 = 1,41,000 taxable, under the ₹4 L nil slab.
      recoveredPaise: 0,
      tdsPaise: 0,
      totalPaise: inr(1_215),
    });
    expect(s.employer).toEqual({
      epsPaise: inr(750), // 8.33% × 9,000 = 749.70 → 750
      epfPaise: inr(330), // 12% × 9,000 = 1,080 − 750
      edliPaise: inr(45), // 0.5% × 9,000
      pfAdminPaise: inr(45), // 0.5% × 9,000
      esiPaise: inr(585), // 3.25% × 18,000 = 585.00
      totalPaise: inr(1_755),
    });
    // Net pay 18,000 − 1,215 = 16,785.
    expect(inr(18_000) - s.employee.totalPaise).toBe(inr(16_785));
  });

  it('₹45,000 in Maharashtra in February 2026: ₹300 professional tax, PF on the ceiling', () => {
    const s = run({
      month: '2026-02',
      state: 'MH',
      gender: 'male',
      earned: fullMonth(45_000),
      yearToDate: { salaryPaise: inr(4_50_000), taxPaise: 0, employeePfPaise: inr(18_000), professionalTaxPaise: inr(2_000) },
    });
    expect(s.employee).toEqual({
      pfPaise: inr(1_800), // wages 22,500 capped at 15,000 × 12%
      esiPaise: 0, // 45,000 is above the ₹21,000 ceiling
      professionalTaxPaise: inr(300), // Maharashtra, above ₹10,000, February: ₹300
      // Year: 12 × 45,000 = 5,40,000 − 75,000 = 4,65,000; 5% × 65,000 = 3,250, rebated by s.87A.
      recoveredPaise: 0,
      tdsPaise: 0,
      totalPaise: inr(2_100),
    });
    expect(s.employer).toEqual({
      epsPaise: inr(1_250), // 8.33% × 15,000 = 1,249.50 → 1,250
      epfPaise: inr(550), // 1,800 − 1,250
      edliPaise: inr(75), // 0.5% × 15,000
      pfAdminPaise: inr(75), // 0.5% × 15,000
      esiPaise: 0,
      totalPaise: inr(1_950),
    });
    // A woman earning the same pays the same (above ₹25,000); at ₹24,000 she pays nothing, a man ₹300.
    expect(run({ month: '2026-02', state: 'MH', gender: 'female', earned: fullMonth(45_000) }).employee.professionalTaxPaise).toBe(inr(300));
    expect(run({ month: '2026-02', state: 'MH', gender: 'female', earned: fullMonth(24_000) }).employee.professionalTaxPaise).toBe(0);
    expect(run({ month: '2026-02', state: 'MH', gender: 'male', earned: fullMonth(24_000) }).employee.professionalTaxPaise).toBe(inr(300));
    expect(run({ month: '2026-01', state: 'MH', gender: 'male', earned: fullMonth(24_000) }).employee.professionalTaxPaise).toBe(inr(200));
  });

  describe('₹1,50,000 a month from April 2025 in Karnataka', () => {
    const april = (taxRegime: 'new' | 'old') => run({ month: '2025-04', earned: fullMonth(1_50_000), taxRegime });

    it('new regime: ₹12,567 a month', () => {
      const s = april('new');
      // Projected 12 × 1,50,000 = 18,00,000 − standard deduction 75,000 = 17,25,000.
      expect(s.tds.annualTax.taxableIncomePaise).toBe(inr(17_25_000));
      // 5% × 4 L = 20,000; 10% × 4 L = 40,000; 15% × 4 L = 60,000; 20% × 1,25,000 = 25,000 → 1,45,000.
      expect(s.tds.annualTax.slabTaxPaise).toBe(inr(1_45_000));
      expect(s.tds.annualTax.rebatePaise).toBe(0); // above ₹12 L by more than the tax
      expect(s.tds.annualTax.cessPaise).toBe(inr(5_800)); // 4% × 1,45,000
      expect(s.tds.annualTax.totalPaise).toBe(inr(1_50_800));
      expect(s.employee.tdsPaise).toBe(inr(12_567)); // 1,50,800 ÷ 12 = 12,566.67
      // Net: 1,50,000 − PF 1,800 − PT 200 − TDS 12,567.
      expect(inr(1_50_000) - s.employee.totalPaise).toBe(inr(1_35_433));
    });

    it('old regime: ₹28,623 a month', () => {
      const s = april('old');
      // 18,00,000 − standard deduction 50,000 − PT (11 × 200 + 300 in February = 2,500)
      // − 80C: PF 12 × 1,800 = 21,600 → 17,25,900.
      expect(s.tds.deductionsPaise).toBe(inr(74_100));
      expect(s.tds.annualTax.taxableIncomePaise).toBe(inr(17_25_900));
      // 5% × 2.5 L = 12,500; 20% × 5 L = 1,00,000; 30% × 7,25,900 = 2,17,770 → 3,30,270.
      expect(s.tds.annualTax.slabTaxPaise).toBe(inr(3_30_270));
      // Cess 4% = 13,210.80; 3,43,480.80 rounded to ₹10 (s.288B) = 3,43,480.
      expect(s.tds.annualTax.totalPaise).toBe(inr(3_43_480));
      expect(s.employee.tdsPaise).toBe(inr(28_623)); // 3,43,480 ÷ 12 = 28,623.33
      expect(inr(1_50_000) - s.employee.totalPaise).toBe(inr(1_19_377));
    });

    it('a leaver in September has tax projected for six months only', () => {
      // 6 × 1,50,000 = 9,00,000 − 75,000 = 8,25,000: 20,000 + 2,500 = 22,500, rebated by s.87A.
      expect(run({ month: '2025-04', earned: fullMonth(1_50_000), lastMonth: '2025-09' }).employee.tdsPaise).toBe(0);
    });

    it('a joiner in October with a previous employer: tax already deducted is taken off', () => {
      const s = run({
        month: '2025-10',
        earned: fullMonth(1_50_000),
        // Declared from the previous employer (Form 12B): six months of salary and its TDS, 6 × 12,567.
        yearToDate: { salaryPaise: inr(9_00_000), taxPaise: inr(75_402), employeePfPaise: inr(10_800), professionalTaxPaise: inr(1_200) },
      });
      expect(s.tds.projectedSalaryPaise).toBe(inr(18_00_000)); // 9,00,000 + 6 × 1,50,000
      // (1,50,800 − 75,402) ÷ 6 months (October–March) = 12,566.33.
      expect(s.employee.tdsPaise).toBe(inr(12_566));
    });
  });

  it('a mid-year joiner on 15 October 2025 at ₹2,00,000: no tax for months not worked', () => {
    // October 2025: Sundays 5, 12, 19, 26 → 27 working days; 12 of them before Wednesday the 15th.
    const slip = computeSalarySlip({
      month: '2025-10',
      monthlyGrossPaise: inr(2_00_000),
      joinedOn: '2025-10-15',
      presentDates: attendance('2025-10', '2025-10-15'),
      approvedLeaveDates: new Set(),
      today: '2025-11-05',
    });
    expect(slip.days).toMatchObject({ working: 27, beforeJoining: 12, paid: 15 });
    // G = 2,00,000 × 15/27 = 1,11,111.11 → 1,11,111; B = 1,00,000 × 15/27 = 55,555.56 → 55,556.
    expect(slip.earnings).toMatchObject({ totalPaise: inr(1_11_111), basicPaise: inr(55_556) });
    const s = run({
      month: '2025-10',
      state: 'TG',
      earned: { grossPaise: slip.earnings.totalPaise, basicPaise: slip.earnings.basicPaise },
      rate: fullMonth(2_00_000),
    });
    // October is before the Code on Wages: PF wages are basic 55,556, capped at 15,000.
    expect(s.employee.pfPaise).toBe(inr(1_800));
    expect(s.employee.professionalTaxPaise).toBe(inr(200)); // Telangana, above ₹20,000
    // Projected 1,11,111 + 5 × 2,00,000 = 11,11,111 − 75,000 = 10,36,111 → 10,36,110 (s.288A);
    // 20,000 + 10% × 2,36,110 = 43,611, under ₹12 L: rebated in full by s.87A.
    expect(s.tds.projectedSalaryPaise).toBe(inr(11_11_111));
    expect(s.tds.annualTax).toMatchObject({ taxableIncomePaise: inr(10_36_110), slabTaxPaise: inr(43_611), totalPaise: 0 });
    expect(s.employee.tdsPaise).toBe(0);
    // Annualising the rate instead (24 L − 75,000 = 23,25,000: 2,81,250 + cess 11,250 = 2,92,500)
    // would have deducted 2,92,500 ÷ 12 = 24,375 a month.
    const annualised = run({ month: '2025-04', state: 'TG', earned: fullMonth(2_00_000) });
    expect(annualised.employee.tdsPaise).toBe(inr(24_375));
  });

  it('3 LOP days in January 2026 at ₹20,000: every line on the earned pay', () => {
    // January 2026: Sundays 4, 11, 18, 25 → 27 working days; absent 6, 7, 8 without leave.
    const slip = computeSalarySlip({
      month: '2026-01',
      monthlyGrossPaise: inr(20_000),
      joinedOn: '2024-06-01',
      presentDates: attendance('2026-01', '2026-01-01', ['2026-01-06', '2026-01-07', '2026-01-08']),
      approvedLeaveDates: new Set(),
      today: '2026-02-02',
    });
    expect(slip.days).toMatchObject({ working: 27, lop: 3, paid: 24 });
    // G = 20,000 × 24/27 = 17,777.78 → 17,778; B = 10,000 × 24/27 = 8,888.89 → 8,889.
    expect(slip.earnings).toMatchObject({ totalPaise: inr(17_778), basicPaise: inr(8_889) });
    const s = run({ month: '2026-01', earned: { grossPaise: slip.earnings.totalPaise, basicPaise: slip.earnings.basicPaise }, rate: fullMonth(20_000) });
    // Code wages: allowances 8,889 are not above half of 17,778 (8,889): wages 8,889.
    expect(s.employee).toEqual({
      pfPaise: inr(1_067), // 12% × 8,889 = 1,066.68 → 1,067 (nearest rupee)
      esiPaise: inr(134), // 0.75% × 17,778 = 133.335 → 134 (next rupee)
      professionalTaxPaise: 0,
      recoveredPaise: 0,
      tdsPaise: 0,
      totalPaise: inr(1_201),
    });
    expect(s.employer).toEqual({
      epsPaise: inr(740), // 8.33% × 8,889 = 740.45 → 740
      epfPaise: inr(327), // 1,067 − 740
      edliPaise: inr(44), // 0.5% × 8,889 = 44.445 → 44
      pfAdminPaise: inr(44),
      esiPaise: inr(578), // 3.25% × 17,778 = 577.785 → 578 (next rupee)
      totalPaise: inr(1_733),
    });
    expect(slip.earnings.totalPaise - s.employee.totalPaise).toBe(inr(16_577));
  });
});

/**
 * The same examples through the slip itself (computeSalarySlip: days, earnings, then the statutory
 * lines with the employee's state, gender and regime), as the server's download, email and run make it.
 * Full attendance unless said; the financial year before the month is assumed paid at the same rate.
 */
describe('worked examples through the salary slip', () => {
  const slipFor = (month: string, gross: number, statutory: Parameters<typeof computeSalarySlip>[0]['statutory'], opts: { joinedOn?: string; absent?: string[] } = {}) =>
    computeSalarySlip({
      month,
      monthlyGrossPaise: inr(gross),
      joinedOn: opts.joinedOn ?? '2024-06-01',
      presentDates: attendance(month, `${month}-01`, opts.absent),
      approvedLeaveDates: new Set(),
      today: '2026-11-15',
      statutory,
    });

  it('₹18,000 in Karnataka, December 2025', () => {
    const s = slipFor('2025-12', 18_000, { stateOfWork: 'KA' });
    // Basic 9,000, HRA 3,600, special 5,400.
    expect(s.earnings).toEqual({ basicPaise: inr(9_000), hraPaise: inr(3_600), specialPaise: inr(5_400), totalPaise: inr(18_000) });
    expect(s.deductions).toEqual({ providentFundPaise: inr(1_080), esiPaise: inr(135), professionalTaxPaise: 0, tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: inr(1_215) });
    expect(s.employer).toEqual({ epfPaise: inr(330), epsPaise: inr(750), edliPaise: inr(45), pfAdminPaise: inr(45), esiPaise: inr(585), totalPaise: inr(1_755) });
    expect(s.netPaise).toBe(inr(16_785));
    expect(s.statutory.esiCovered).toBe(true);
  });

  it('₹45,000 in Maharashtra, February 2026', () => {
    const s = slipFor('2026-02', 45_000, { stateOfWork: 'MH', gender: 'male' });
    expect(s.deductions).toEqual({ providentFundPaise: inr(1_800), esiPaise: 0, professionalTaxPaise: inr(300), tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: inr(2_100) });
    expect(s.employer.totalPaise).toBe(inr(1_950)); // EPS 1,250 + EPF 550 + EDLI 75 + admin 75
    expect(s.netPaise).toBe(inr(42_900)); // 45,000 − 2,100
  });

  it('₹1,50,000 from April 2025 under both regimes', () => {
    const newRegime = slipFor('2025-04', 1_50_000, { stateOfWork: 'KA', taxRegime: 'new' });
    const oldRegime = slipFor('2025-04', 1_50_000, { stateOfWork: 'KA', taxRegime: 'old' });
    expect(newRegime.deductions).toMatchObject({ providentFundPaise: inr(1_800), professionalTaxPaise: inr(200), tdsPaise: inr(12_567) });
    expect(oldRegime.deductions).toMatchObject({ providentFundPaise: inr(1_800), professionalTaxPaise: inr(200), tdsPaise: inr(28_623) });
    expect(newRegime.netPaise).toBe(inr(1_35_433));
    expect(oldRegime.netPaise).toBe(inr(1_19_377));
    expect(newRegime.statutory).toMatchObject({ taxRegime: 'new', financialYear: '2025-26', projectedAnnualTaxPaise: inr(1_50_800) });
    expect(oldRegime.statutory).toMatchObject({ taxRegime: 'old', projectedAnnualTaxPaise: inr(3_43_480) });
  });

  it('a mid-year joiner on 15 October 2025 at ₹2,00,000 in Telangana, and the month after', () => {
    const october = slipFor('2025-10', 2_00_000, { stateOfWork: 'TG' }, { joinedOn: '2025-10-15' });
    expect(october.deductions).toEqual({ providentFundPaise: inr(1_800), esiPaise: 0, professionalTaxPaise: inr(200), tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: inr(2_000) });
    expect(october.netPaise).toBe(inr(1_09_111)); // 1,11,111 − 2,000
    // November: projected 1,11,111 (October, as paid) + 5 × 2,00,000 = 11,11,111, still rebated: nil.
    const november = slipFor('2025-11', 2_00_000, { stateOfWork: 'TG' }, { joinedOn: '2025-10-15' });
    expect(november.deductions.tdsPaise).toBe(0);
  });

  it('3 LOP days in January 2026 at ₹20,000 in Karnataka', () => {
    const s = slipFor('2026-01', 20_000, { stateOfWork: 'KA' }, { absent: ['2026-01-06', '2026-01-07', '2026-01-08'] });
    expect(s.days).toMatchObject({ working: 27, lop: 3, paid: 24 });
    expect(s.earnings.totalPaise).toBe(inr(17_778));
    expect(s.deductions).toEqual({ providentFundPaise: inr(1_067), esiPaise: inr(134), professionalTaxPaise: 0, tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: inr(1_201) });
    expect(s.employer).toEqual({ epfPaise: inr(327), epsPaise: inr(740), edliPaise: inr(44), pfAdminPaise: inr(44), esiPaise: inr(578), totalPaise: inr(1_733) });
    expect(s.netPaise).toBe(inr(16_577));
  });
});
