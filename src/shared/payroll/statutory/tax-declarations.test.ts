/**
 * Worked examples of income tax the way an employee lives it: the old regime's declarations (HRA,
 * 80C, NPS, 80D, home-loan interest), a joiner's earlier employer, and the senior citizens' limits.
 * Each figure is written out beside the assertion.
 */
import { computeSalarySlip, type SlipInput } from '../salary-slip';
import { definePayrollPolicy } from '../payroll-policy';
import { datesOfMonth, weekdayOf } from '../pay-month';
import { ageBandFor, annualIncomeTax, oldRegimeForAge, INCOME_TAX_RULES } from './income-tax';
import { cappedDeductions, hraCityRule, hraExemptionForMonth, type PreviousEmployment } from './tax-declarations';
import { statutoryDeductions } from './statutory-deductions';
import { taxLawNames, withSection, type TaxLawNames } from './tax-law-names';

const inr = (rupees: number) => Math.round(rupees * 100);
const everyWorkingDay = (month: string) => new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));

/** A whole month present, at `gross`, in Karnataka, with `statutory` on top. */
function slip(month: string, gross: number, statutory: SlipInput['statutory'], more: Partial<SlipInput> = {}) {
  return computeSalarySlip({
    month,
    monthlyGrossPaise: inr(gross),
    joinedOn: '2020-01-01',
    presentDates: everyWorkingDay(month),
    approvedLeaveDates: new Set(),
    today: '2027-06-01',
    statutory: { stateOfWork: 'KA', ...statutory },
    ...more,
  });
}

describe('HRA exemption', () => {
  it('is the least of HRA, rent less 10% of basic, and 40% or 50% of basic by the city of the house', () => {
    const pay = { basicPaise: inr(40_000), hraPaise: inr(20_000) };
    const rent = { monthlyRentPaise: inr(30_000), fromMonth: '2025-04', toMonth: '2027-03', city: 'bengaluru' as const };
    // FY 2025-26: Bengaluru is not on rule 2A's list: min(20,000; 30,000 − 4,000 = 26,000; 40% × 40,000 = 16,000).
    expect(hraExemptionForMonth('2025-06', pay, rent)).toBe(inr(16_000));
    // FY 2026-27: the Income-tax Rules 2026 add Bengaluru: min(20,000; 26,000; 50% × 40,000 = 20,000).
    expect(hraExemptionForMonth('2026-06', pay, rent)).toBe(inr(20_000));
    // Delhi was on the list all along; a house elsewhere stays at 40%.
    expect(hraExemptionForMonth('2025-06', pay, { ...rent, city: 'delhi' })).toBe(inr(20_000));
    expect(hraExemptionForMonth('2026-06', pay, { ...rent, city: 'other' })).toBe(inr(16_000));
    expect(hraCityRule('2026-04').fiftyPercentCities).toEqual(expect.arrayContaining(['bengaluru', 'hyderabad', 'pune', 'ahmedabad']));
  });

  it('is nothing outside the rented months, and nothing when the rent is below a tenth of basic', () => {
    const pay = { basicPaise: inr(50_000), hraPaise: inr(20_000) };
    const rent = { monthlyRentPaise: inr(4_000), fromMonth: '2026-07', toMonth: '2026-12', city: 'pune' as const };
    expect(hraExemptionForMonth('2026-06', pay, { ...rent, monthlyRentPaise: inr(25_000) })).toBe(0);
    expect(hraExemptionForMonth('2027-01', pay, { ...rent, monthlyRentPaise: inr(25_000) })).toBe(0);
    expect(hraExemptionForMonth('2026-08', pay, rent)).toBe(0); // 4,000 − 5,000 < 0
  });
});

describe('audit finding 10: the old regime now sees the declarations', () => {
  it('₹1,00,000 a month, rent ₹25,000: ₹7,773 a month instead of ₹13,023', () => {
    const without = slip('2026-04', 1_00_000, { taxRegime: 'old' });
    // 12,00,000 − 50,000 − PT 2,500 − PF 12 × 1,800 = 11,25,900 → ₹1,56,280 a year.
    expect(without.statutory.incomeTax?.taxableIncomePaise).toBe(inr(11_25_900));
    expect(without.deductions.tdsPaise).toBe(inr(13_023));
    const withRent = slip('2026-04', 1_00_000, {
      taxRegime: 'old',
      declarations: { rent: { monthlyRentPaise: inr(25_000), fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru' } },
    });
    // Each month: min(HRA 20,000; 25,000 − 5,000 = 20,000; 50% × 50,000 = 25,000) = 20,000; a year 2,40,000.
    expect(withRent.statutory.incomeTax).toMatchObject({ hraExemptPaise: inr(20_000), hraExemptYearPaise: inr(2_40_000), taxableIncomePaise: inr(8_85_900) });
    // 12,500 + 20% × 3,85,900 = 89,680; cess 4% → 93,267.20 → ₹93,270; ÷ 12 = 7,772.50 → ₹7,773.
    expect(withRent.statutory.projectedAnnualTaxPaise).toBe(inr(93_270));
    expect(withRent.deductions.tdsPaise).toBe(inr(7_773));
  });

  it('the new regime ignores them', () => {
    const decl = { rent: { monthlyRentPaise: inr(25_000), fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru' as const }, section80CPaise: inr(1_50_000) };
    expect(slip('2026-04', 1_00_000, { taxRegime: 'new', declarations: decl }).deductions.tdsPaise).toBe(slip('2026-04', 1_00_000, { taxRegime: 'new' }).deductions.tdsPaise);
  });
});

describe('a Bengaluru renter in FY 2026-27 (HRA at 50% of basic, rent ₹30,000, 80C ₹1,50,000)', () => {
  const policy = definePayrollPolicy({ hraPercentOfBasic: 50 });
  const declarations = {
    rent: { monthlyRentPaise: inr(30_000), fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru' as const },
    section80CPaise: inr(1_50_000),
  };

  it('gets the 50% limit and pays ₹1,387 a month', () => {
    const s = slip('2026-04', 80_000, { taxRegime: 'old', declarations }, { policy });
    // Basic 40,000, HRA 20,000, special 20,000.
    expect(s.earnings).toMatchObject({ basicPaise: inr(40_000), hraPaise: inr(20_000) });
    // HRA exempt: min(20,000; 30,000 − 4,000; 50% × 40,000) = 20,000 a month, 2,40,000 a year.
    // 9,60,000 − 50,000 − PT 2,500 − 80C 1,50,000 (PF 21,600 + 1,50,000 declared, capped) − 2,40,000 = 5,17,500.
    expect(s.statutory.incomeTax?.taxableIncomePaise).toBe(inr(5_17_500));
    // 12,500 + 20% × 17,500 = 16,000; + 4% = 16,640; ÷ 12 = 1,386.67 → ₹1,387.
    expect(s.deductions.tdsPaise).toBe(inr(1_387));
  });

  it('got only the 40% limit the year before', () => {
    const s = slip('2025-04', 80_000, { taxRegime: 'old', declarations: { ...declarations, rent: { ...declarations.rent, fromMonth: '2025-04', toMonth: '2026-03' } } }, { policy });
    // 40% × 40,000 = 16,000 a month, 1,92,000 a year: 5,17,500 + 48,000 = 5,65,500 taxable.
    expect(s.statutory.incomeTax?.taxableIncomePaise).toBe(inr(5_65_500));
    // 12,500 + 20% × 65,500 = 25,600; + 4% = 26,624 → ₹26,620; ÷ 12 = 2,218.33 → ₹2,218.
    expect(s.deductions.tdsPaise).toBe(inr(2_218));
  });
});

describe('audit finding 11: a joiner with a previous employer', () => {
  // Joins 1 October 2025 at ₹1,50,000 a month (new regime) and works every day of October.
  const joiner = (previousEmployment: PreviousEmployment | null) =>
    computeSalarySlip({
      month: '2025-10',
      monthlyGrossPaise: inr(1_50_000),
      joinedOn: '2025-10-01',
      presentDates: everyWorkingDay('2025-10'),
      approvedLeaveDates: new Set(),
      today: '2025-11-05',
      statutory: { stateOfWork: 'KA', previousEmployment },
    });

  it('joins 1 October 2025 at ₹1,50,000 (new regime) after ₹9,00,000 and ₹75,402 TDS elsewhere: ₹12,566 a month', () => {
    // Without it: 6 × 1,50,000 − 75,000 = 8,25,000, rebated to nil by s.87A.
    expect(joiner(null).deductions.tdsPaise).toBe(0);
    const s = joiner({ salaryPaise: inr(9_00_000), exemptionsPaise: 0, employeePfPaise: inr(10_800), professionalTaxPaise: inr(1_200), taxPaise: inr(75_402) });
    // 18,00,000 − 75,000 = 17,25,000 → 1,45,000 + 4% = 1,50,800; (1,50,800 − 75,402) ÷ 6 = 12,566.33.
    expect(s.statutory.incomeTax).toMatchObject({ projectedSalaryPaise: inr(18_00_000), previousSalaryPaise: inr(9_00_000), previousTaxPaise: inr(75_402) });
    expect(s.deductions.tdsPaise).toBe(inr(12_566));
  });

  it("counts the earlier employer's salary net of what was exempt there", () => {
    const s = joiner({ salaryPaise: inr(9_00_000), exemptionsPaise: inr(1_00_000), employeePfPaise: 0, professionalTaxPaise: 0, taxPaise: 0 });
    expect(s.statutory.incomeTax?.projectedSalaryPaise).toBe(inr(17_00_000));
  });
});

describe('audit finding 12: senior and very senior citizens under the old regime', () => {
  const april = (month: string, dateOfBirth?: string) => statutoryDeductions({ month, state: 'KA', taxRegime: 'old', earned: { grossPaise: inr(60_000), basicPaise: inr(30_000) }, dateOfBirth });

  it('₹60,000 a month at 65 in FY 2025-26: ₹40,750 a year instead of ₹43,350', () => {
    // 7,20,000 − 50,000 − PT 2,500 − PF 21,600 = 6,45,900.
    expect(april('2025-04').tds.annualTax.totalPaise).toBe(inr(43_350)); // 12,500 + 29,180 = 41,680 + 4%
    const s = april('2025-04', '1960-06-15');
    expect(s.incomeTaxBasis.ageBand).toBe('senior');
    // Nil to 3 L: 5% × 2 L = 10,000 + 20% × 1,45,900 = 29,180 → 39,180 + 4% = 40,747.20 → ₹40,750.
    expect(s.tds.annualTax.totalPaise).toBe(inr(40_750));
    expect(s.employee.tdsPaise).toBe(inr(3_396)); // 40,750 ÷ 12 = 3,395.83
  });

  it('a 61-year-old in FY 2026-27: the ₹3 L limit', () => {
    const s = april('2026-04', '1965-05-10');
    expect(s.incomeTaxBasis.ageBand).toBe('senior');
    expect(s.tds.annualTax.totalPaise).toBe(inr(40_750));
  });

  it('an 81-year-old in FY 2026-27: the ₹5 L limit', () => {
    const s = april('2026-04', '1945-08-01');
    expect(s.incomeTaxBasis.ageBand).toBe('super-senior');
    // Nil to 5 L, then 20% × 1,45,900 = 29,180 (above ₹5 L: no s.87A rebate) + 4% = 30,347.20 → ₹30,350.
    expect(s.tds.annualTax.totalPaise).toBe(inr(30_350));
  });

  it('the new regime has one table for every age', () => {
    const young = statutoryDeductions({ month: '2026-04', state: 'KA', earned: { grossPaise: inr(1_50_000), basicPaise: inr(75_000) } });
    const old = statutoryDeductions({ month: '2026-04', state: 'KA', earned: { grossPaise: inr(1_50_000), basicPaise: inr(75_000) }, dateOfBirth: '1940-01-01' });
    expect(old.tds.annualTax).toEqual(young.tds.annualTax);
  });

  it('60 is reached on the day before the birthday: born 1 April 1966 is a senior citizen for FY 2025-26', () => {
    expect(ageBandFor('1966-04-01', '2025-26')).toBe('senior');
    expect(ageBandFor('1966-04-02', '2025-26')).toBe('below-60');
    expect(ageBandFor('1946-04-01', '2025-26')).toBe('super-senior');
    expect(ageBandFor(null, '2025-26')).toBe('below-60');
  });

  it('the senior slabs at ₹5 L and ₹10 L', () => {
    const senior = oldRegimeForAge(INCOME_TAX_RULES.old[1]!, 'senior');
    // 5% × 2 L = 10,000, rebated in full by s.87A (income up to ₹5 L).
    expect(annualIncomeTax(inr(5_00_000), senior).totalPaise).toBe(0);
    // 10,000 + 20% × 5 L = 1,10,000 + 4% = 1,14,400.
    expect(annualIncomeTax(inr(10_00_000), senior).totalPaise).toBe(inr(1_14_400));
    expect(annualIncomeTax(inr(10_00_000), oldRegimeForAge(INCOME_TAX_RULES.old[1]!, 'super-senior')).totalPaise).toBe(inr(1_04_000));
  });
});

describe('the 80D caps, NPS and home-loan interest', () => {
  it('self ₹25,000 or ₹50,000 with a senior citizen insured; parents the same again', () => {
    const d = { healthSelfPaise: inr(30_000), healthParentsPaise: inr(40_000), npsPaise: inr(70_000), homeLoanInterestPaise: inr(2_50_000) };
    expect(cappedDeductions(d, '2026-27', 'below-60')).toEqual({
      healthSelfPaise: inr(25_000),
      healthParentsPaise: inr(25_000),
      npsPaise: inr(50_000), // s.80CCD(1B)
      homeLoanInterestPaise: inr(2_00_000), // s.24(b), self-occupied
      totalPaise: inr(3_00_000),
    });
    // The employee being 60 or more makes "self" senior; a parent's age is ticked on the declaration.
    expect(cappedDeductions({ ...d, healthParentsSenior: true }, '2026-27', 'senior')).toMatchObject({ healthSelfPaise: inr(30_000), healthParentsPaise: inr(40_000) });
    expect(cappedDeductions({ healthSelfPaise: inr(60_000), healthSelfSenior: true, healthParentsPaise: inr(90_000), healthParentsSenior: true }, '2025-26', 'below-60')).toMatchObject({
      healthSelfPaise: inr(50_000),
      healthParentsPaise: inr(50_000),
    });
  });

  it('80C is ₹1,50,000 with the employee PF counted first', () => {
    // ₹60,000 a month: PF 21,600 a year; 1,50,000 declared → 1,50,000 in all, not 1,71,600.
    const s = statutoryDeductions({ month: '2026-04', state: 'KA', taxRegime: 'old', earned: { grossPaise: inr(60_000), basicPaise: inr(30_000) }, declarations: { section80CPaise: inr(1_50_000) } });
    expect(s.tds.deductionsPaise).toBe(inr(50_000 + 2_500 + 1_50_000));
  });
});

describe('the names of the Act in force', () => {
  it('1961 names up to FY 2025-26; from Tax Year 2026-27 the 2025 Act\'s, two of them in words', () => {
    // Each name as [the 1961 Act's, the 2025 Act's that replaced it].
    const wasAndIs: { [K in keyof TaxLawNames]: [TaxLawNames[K], TaxLawNames[K]] } = {
      act: ['Income-tax Act 1961', 'Income-tax Act 2025'],
      yearWord: ['Financial year', 'Tax year'],
      tdsSection: ['s.192', 's.392'],
      noPanSection: ['s.206AA', 's.397(2)'],
      regimeSection: [
        { new: 's.115BAC(1A)', old: 'First Schedule, old rates' },
        { new: 's.202', old: 'First Schedule, old rates' },
      ],
      hraExemption: ['s.10(13A) with rule 2A', null],
      section80C: ['s.80C', 's.123'],
      section80CCD1B: ['s.80CCD(1B)', 's.124'],
      section80D: ['s.80D', 's.126'],
      homeLoanInterest: ['s.24(b)', 's.22(1)(b)'],
      standardDeduction: ['s.16(ia)', null],
      rebate: ['s.87A', 's.156'],
      certificate: ['Form 16', 'Form 130'],
      certificatePart: ['Form 16 Part B', 'Form 130 (computation of income and tax)'],
      quarterlyReturn: ['Form 24Q', 'Form 138'],
      declarationForm: ['Form 12BB', 'Form 124'],
      previousEmployerForm: ['Form 12B', 'Form 122'],
    };
    const namesUnder = (act: 0 | 1) => Object.fromEntries(Object.entries(wasAndIs).map(([key, names]) => [key, names[act]]));
    expect(taxLawNames('2025-26')).toEqual(namesUnder(0));
    // The 2025 Act (30 of 2025) and the Income-tax Rules 2026. Each number agrees in two public sources
    // at least (listed in src/server/modules/tax/README.md, "Names of the Act"):
    // s.123 (80C), s.124 (80CCD), s.126 (80D): aubsp.com's section-wise table of the two Acts, eztax.in's
    //   table, and the Act's contents as reproduced by lawspedia.in and manojdagaco.com;
    // s.22(1)(b) (24(b)): eztax.in's table and s.22's text as reproduced by taxtmi.com;
    // s.156 (87A): s.156's text as reproduced by eztax.in, and taxtmi.com's "Section (New) 156 / (Old) 87A";
    // Form 124 (12BB): thetaxcorp.in (s.392(5)(b), rule 205) and webtel.in's list of the Rules' forms;
    // Form 122 (12B and 12BAA): taxheal.com's copy of the form (rule 204(1), s.392(4)(a));
    // Form 138 (24Q): taxtmi.com's guidance note, caclubindia.com and taxheal.com.
    // No number was found for the HRA exemption or the standard deduction: they are named in words.
    expect(taxLawNames('2026-27')).toEqual(namesUnder(1));
    expect(taxLawNames('2027-28')).toEqual(taxLawNames('2026-27'));
    expect(withSection('Investments', taxLawNames('2025-26').section80C)).toBe('Investments (s.80C)');
    expect(withSection('Investments', taxLawNames('2026-27').section80C)).toBe('Investments (s.123)');
    expect(withSection('House rent', taxLawNames('2026-27').hraExemption)).toBe('House rent');
  });
});
