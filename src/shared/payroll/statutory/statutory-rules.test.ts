/** The rule tables one by one, at their edges; figures are the arithmetic in the comments. */
import { esiContribution, esiPeriodStart, esiRulesFor } from './esi';
import { financialYearOf, monthsAfter } from './financial-year';
import { annualIncomeTax, INCOME_TAX_RULES } from './income-tax';
import { pfContribution, pfRulesFor } from './pf';
import { SHIPPED_BOOK } from './rule-catalogue';
import { professionalTax } from './professional-tax';
import { rulesInForce } from './rules-in-force';
import { statutoryDeductions } from './statutory-deductions';
import { wagesFor } from './wages';

const inr = (rupees: number) => Math.round(rupees * 100);
const [newRegime] = INCOME_TAX_RULES.new;
const [oldRegime] = INCOME_TAX_RULES.old;

describe('rulesInForce', () => {
  it('picks each table by the first day of the month', () => {
    expect(rulesInForce('2025-11').wages.kind).toBe('basic'); // the Codes began on 21 November 2025
    expect(rulesInForce('2025-12').wages.kind).toBe('code');
    expect(rulesInForce('2019-06').esi.employeeBp).toBe(175);
    expect(rulesInForce('2019-07').esi.employeeBp).toBe(75);
    expect(rulesInForce('2025-04').incomeTaxFromAnotherYear).toBe(false);
    // FY 2026-27 has its own table (the 2025-26 rates, kept by the Finance Act 2026).
    expect(rulesInForce('2026-10')).toMatchObject({ incomeTaxFromAnotherYear: false, incomeTax: { new: { financialYear: '2026-27' } } });
    // No Finance Act for FY 2027-28 here yet: the latest table is used, and flagged.
    expect(rulesInForce('2027-10')).toMatchObject({ incomeTaxFromAnotherYear: true, incomeTax: { new: { financialYear: '2026-27' } } });
  });

  it('counts financial years and the months left in one', () => {
    expect(financialYearOf('2026-03')).toBe('2025-26');
    expect(financialYearOf('2026-04')).toBe('2026-27');
    expect(monthsAfter('2025-10', '2026-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(monthsAfter('2026-03', '2026-03')).toEqual([]);
  });
});

describe('wages (Code on Wages 50% rule)', () => {
  const basicOnly = rulesInForce('2025-11').wages;
  const code = rulesInForce('2025-12').wages;
  it('adds back the allowances above half of the remuneration', () => {
    // Gross 50,000, basic 15,000: allowances 35,000 exceed half (25,000) by 10,000 → wages 25,000.
    expect(wagesFor({ grossPaise: inr(50_000), basicPaise: inr(15_000) }, code)).toBe(inr(25_000));
    // Basic at half or more: wages are the basic.
    expect(wagesFor({ grossPaise: inr(50_000), basicPaise: inr(30_000) }, code)).toBe(inr(30_000));
    // Before the Code: basic wages only.
    expect(wagesFor({ grossPaise: inr(50_000), basicPaise: inr(15_000) }, basicOnly)).toBe(inr(15_000));
  });
});

describe('provident fund', () => {
  const rules = pfRulesFor(SHIPPED_BOOK, '2025-10');
  it('on full wages by choice: both shares on 25,000, pension and EDLI still on 15,000', () => {
    expect(pfContribution(inr(25_000), rules, true)).toEqual({
      epfWagesPaise: inr(25_000),
      epsWagesPaise: inr(15_000),
      edliWagesPaise: inr(15_000),
      employeePaise: inr(3_000), // 12% × 25,000
      employerEpfPaise: inr(1_750), // 3,000 − 1,250
      employerEpsPaise: inr(1_250), // 8.33% × 15,000 = 1,249.50 → 1,250
      edliPaise: inr(75), // 0.5% × 15,000
      adminPaise: inr(125), // 0.5% × 25,000
    });
  });
  it('on the ceiling by default', () => {
    expect(pfContribution(inr(25_000), rules)).toMatchObject({ employeePaise: inr(1_800), employerEpfPaise: inr(550), adminPaise: inr(75) });
  });
});

describe('ESI contribution periods', () => {
  const rules = esiRulesFor(SHIPPED_BOOK, '2026-10');
  it('knows April and October as period starts', () => {
    expect(['2025-04', '2025-09', '2025-10', '2026-03'].map((m) => esiPeriodStart(m))).toEqual(['2025-04', '2025-04', '2025-10', '2025-10']);
  });
  it('keeps a raise above the ceiling covered to the end of the period, not beyond', () => {
    // Covered in April at 20,000; a raise to 25,000 in July: 0.75% × 25,000 = 187.50 → 188, 3.25% → 812.50 → 813.
    expect(esiContribution({ earnedWagesPaise: inr(25_000), monthlyWagesPaise: inr(25_000), periodStartWagesPaise: inr(20_000) }, rules)).toMatchObject({
      covered: true,
      reason: 'period-start',
      employeePaise: inr(188),
      employerPaise: inr(813),
    });
    // October starts a new period at 25,000: no longer covered.
    expect(esiContribution({ earnedWagesPaise: inr(25_000), monthlyWagesPaise: inr(25_000), periodStartWagesPaise: inr(25_000) }, rules).covered).toBe(false);
    // The ceiling itself is within it.
    expect(esiContribution({ earnedWagesPaise: inr(21_000), monthlyWagesPaise: inr(21_000) }, rules).employeePaise).toBe(inr(158)); // 157.50 → 158
  });
});

describe('professional tax by state', () => {
  const pt = (state: string, month: string, gross: number, extra: { gender?: 'male' | 'female'; halfYear?: number } = {}) =>
    professionalTax({ state, month, earnedGrossPaise: inr(gross), gender: extra.gender, halfYearGrossPaise: extra.halfYear === undefined ? undefined : inr(extra.halfYear) });

  it('Karnataka: ₹200 from ₹25,000; ₹300 in February from FY 2025-26', () => {
    expect(pt('KA', '2025-02', 25_000).amountPaise).toBe(inr(200));
    expect(pt('KA', '2026-02', 25_000).amountPaise).toBe(inr(300));
    expect(pt('KA', '2026-01', 24_999).amountPaise).toBe(0);
  });
  it('West Bengal slabs', () => {
    expect([10_000, 10_001, 15_001, 25_001, 40_001].map((g) => pt('WB', '2025-06', g).amountPaise)).toEqual([0, 110, 130, 150, 200].map(inr));
  });
  it('Telangana and Andhra Pradesh: ₹150 above ₹15,000, ₹200 above ₹20,000', () => {
    for (const state of ['TG', 'AP']) expect([15_000, 20_000, 20_001].map((g) => pt(state, '2025-06', g).amountPaise)).toEqual([0, 150, 200].map(inr));
  });
  it('Gujarat: nil up to ₹12,000, ₹200 above, from April 2022 (GHN-35 of 8 Apr 2022)', () => {
    // The audit's example: ₹12,000 in October 2026 is nil (the app charged ₹200).
    expect(pt('GJ', '2026-10', 12_000).amountPaise).toBe(0);
    expect([11_999, 12_000, 12_000.01, 12_001, 35_000].map((g) => pt('GJ', '2025-06', g).amountPaise)).toEqual([0, 0, 200, 200, 200].map(inr));
    // Before the 2022 notification there is no Gujarat table here: the register warns (no-table).
    expect(pt('GJ', '2022-03', 20_000).status).toBe('no-table');
    expect(pt('GJ', '2022-04', 20_000).amountPaise).toBe(inr(200));
  });
  it('Tamil Nadu: half-yearly, deducted in September and March on the half-year salary', () => {
    expect(pt('TN', '2025-08', 40_000).amountPaise).toBe(0);
    expect(pt('TN', '2025-09', 40_000).amountPaise).toBe(inr(1_250)); // 6 × 40,000 = 2,40,000 > 75,000
    expect(pt('TN', '2026-03', 10_000, { halfYear: 60_000 }).amountPaise).toBe(inr(930)); // 45,001–60,000
    expect(pt('TN', '2026-03', 3_500, { halfYear: 21_000 }).amountPaise).toBe(0);
  });
  it('states without professional tax deduct nothing; states without a table here say so', () => {
    expect(pt('DL', '2025-06', 1_00_000)).toEqual({ status: 'none', amountPaise: 0 });
    expect(pt('KL', '2025-06', 1_00_000)).toEqual({ status: 'no-table', amountPaise: 0 });
  });
});

describe('income tax for the year', () => {
  it('new regime: the s.87A rebate to ₹12 L, marginal relief just above it', () => {
    expect(annualIncomeTax(inr(12_00_000), newRegime!).totalPaise).toBe(0); // 20,000 + 40,000 rebated
    // 12,10,000: slab tax 61,500, limited to the 10,000 above 12 L; cess 400.
    expect(annualIncomeTax(inr(12_10_000), newRegime!)).toMatchObject({ slabTaxPaise: inr(61_500), rebatePaise: inr(51_500), totalPaise: inr(10_400) });
  });
  it('new regime: surcharge with marginal relief above ₹50 L', () => {
    // 50,10,000: tax 3,00,000 up to 24 L + 30% × 26,10,000 = 10,83,000; surcharge 10% = 1,08,300 is
    // limited so that tax + surcharge ≤ tax at 50 L (10,80,000) + 10,000 → 7,000; cess 4% × 10,90,000.
    expect(annualIncomeTax(inr(50_10_000), newRegime!)).toMatchObject({ slabTaxPaise: inr(10_83_000), surchargePaise: inr(7_000), cessPaise: inr(43_600), totalPaise: inr(11_33_600) });
  });
  it('old regime: the s.87A rebate up to ₹5 L only, no marginal relief', () => {
    expect(annualIncomeTax(inr(5_00_000), oldRegime!).totalPaise).toBe(0); // 12,500 rebated
    // 5,10,000: 12,500 + 20% × 10,000 = 14,500; cess 580 → 15,080.
    expect(annualIncomeTax(inr(5_10_000), oldRegime!).totalPaise).toBe(inr(15_080));
  });
});

describe('statutoryDeductions: the Code on Wages s.18 limit of 50%', () => {
  it('never deducts more than half the month earned: the TDS above it is carried on', () => {
    // March 2026, ₹20,000 earned on a ₹5,00,000 rate after long LOP, with the year's tax still owed.
    // The limit is 50% × 20,000 = 10,000: PF 12% × 10,000 = 1,200; ESI none (rate above the limit);
    // PT ₹200; TDS cut to the 8,600 left. March is the year's last month, so the TDS not deducted is
    // carried to the next month (no later month of the year can take it over).
    const s = statutoryDeductions({
      month: '2026-03',
      state: 'MH',
      earned: { grossPaise: inr(20_000), basicPaise: inr(10_000) },
      rate: { grossPaise: inr(5_00_000), basicPaise: inr(2_50_000) },
      yearToDate: { salaryPaise: inr(55_00_000), taxPaise: 0, employeePfPaise: inr(19_800), professionalTaxPaise: inr(2_300) },
    });
    expect(s.employee).toEqual({ pfPaise: inr(1_200), esiPaise: 0, professionalTaxPaise: inr(200), recoveredPaise: 0, tdsPaise: inr(8_600), totalPaise: inr(10_000) });
    expect(s.deductionLimit).toEqual({ limitPaise: inr(10_000), carriedForwardPaise: s.tds.monthPaise - inr(8_600), tdsRespreadPaise: 0 });
  });

  it('inside the year, TDS above the limit is re-spread by the later months', () => {
    // October 2026, ₹30,000 earned on a ₹3,00,000 rate: limit 15,000; PF 1,800, Karnataka PT 200, TDS at most 13,000.
    const s = statutoryDeductions({
      month: '2026-10',
      state: 'KA',
      earned: { grossPaise: inr(30_000), basicPaise: inr(15_000) },
      rate: { grossPaise: inr(3_00_000), basicPaise: inr(1_50_000) },
      yearToDate: { salaryPaise: inr(18_00_000), taxPaise: 0, employeePfPaise: inr(10_800), professionalTaxPaise: inr(1_200) },
    });
    expect(s.employee.totalPaise).toBe(inr(15_000));
    expect(s.employee.tdsPaise).toBe(inr(13_000));
    expect(s.deductionLimit).toEqual({ limitPaise: inr(15_000), carriedForwardPaise: 0, tdsRespreadPaise: s.tds.monthPaise - inr(13_000) });
  });

  it('carries professional tax above the limit, and recovers a carried amount first the next month', () => {
    // Tamil Nadu, September 2026: ₹2,000 earned after long LOP on a ₹50,000 rate, half-year salary
    // 2,52,000 → PT ₹1,250. Limit 50% × 2,000 = 1,000: PF 12% × 1,000 = 120; ESI none (rate above the
    // limit); PT 880 fits, 370 is carried; TDS nil (the year's tax is rebated).
    const sep = statutoryDeductions({
      month: '2026-09',
      state: 'TN',
      earned: { grossPaise: inr(2_000), basicPaise: inr(1_000) },
      rate: { grossPaise: inr(50_000), basicPaise: inr(25_000) },
      ptHalfYearGrossPaise: inr(2_52_000),
    });
    expect(sep.employee).toEqual({ pfPaise: inr(120), esiPaise: 0, professionalTaxPaise: inr(880), recoveredPaise: 0, tdsPaise: 0, totalPaise: inr(1_000) });
    expect(sep.deductionLimit.carriedForwardPaise).toBe(inr(370));
    // October, a full month: the 370 is recovered, within that month's limit of 25,000.
    const oct = statutoryDeductions({
      month: '2026-10',
      state: 'TN',
      earned: { grossPaise: inr(50_000), basicPaise: inr(25_000) },
      carriedInPaise: sep.deductionLimit.carriedForwardPaise,
    });
    expect(oct.employee.recoveredPaise).toBe(inr(370));
    expect(oct.deductionLimit.carriedForwardPaise).toBe(0);
  });
});
