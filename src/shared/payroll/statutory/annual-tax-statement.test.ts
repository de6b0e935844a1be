/** The year's statement adds up the months as paid; its tax follows the regime, age and declarations. */
import { annualTaxStatement, type StatementMonth } from './annual-tax-statement';

const inr = (rupees: number) => Math.round(rupees * 100);
const month = (m: string, gross: number, tds: number): StatementMonth => ({
  month: m,
  grossPaise: inr(gross),
  basicPaise: inr(gross / 2),
  hraPaise: inr(gross / 5),
  employeePfPaise: inr(1_800),
  professionalTaxPaise: inr(m.endsWith('-02') ? 300 : 200),
  tdsPaise: inr(tds),
});
const year = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03'];

describe('annual tax statement', () => {
  it('a whole year on the old regime with rent and 80C: the tax the monthly TDS spread, nothing left to pay', () => {
    const s = annualTaxStatement({
      financialYear: '2026-27',
      regime: 'old',
      months: year.map((m, i) => month(m, 1_00_000, i === 5 ? 5_546 : 5_547)),
      declarations: { rent: { monthlyRentPaise: inr(25_000), fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru' }, section80CPaise: inr(1_50_000) },
    });
    expect(s.salaryPaise).toBe(inr(12_00_000));
    expect(s.hraExemptPaise).toBe(inr(2_40_000)); // 12 × min(20,000; 25,000 − 5,000; 25,000)
    expect(s.section80CPaise).toBe(inr(1_50_000));
    // 12,00,000 − 2,40,000 − 50,000 − 2,500 − 1,50,000 = 7,57,500 → 64,000 + 4% = 66,560.
    expect(s.totalIncomePaise).toBe(inr(7_57_500));
    expect(s.tax.totalPaise).toBe(inr(66_560));
    // The slips' TDS: 11 × 5,547 + 5,546 = 66,563, three rupees of monthly rounding.
    expect(s.tdsThisEmployerPaise).toBe(inr(66_563));
    expect(s.balancePaise).toBe(inr(-3));
  });

  it("a joiner's statement adds the earlier employer's salary and TDS; a senior citizen's limit applies", () => {
    const s = annualTaxStatement({
      financialYear: '2026-27',
      regime: 'old',
      dateOfBirth: '1965-05-10',
      months: year.slice(6).map((m) => month(m, 60_000, 0)),
      previousEmployment: { salaryPaise: inr(3_60_000), exemptionsPaise: inr(40_000), employeePfPaise: inr(10_800), professionalTaxPaise: inr(1_200), taxPaise: inr(9_000) },
    });
    expect(s.ageBand).toBe('senior');
    expect(s.salaryPaise + s.previousSalaryPaise).toBe(inr(7_20_000));
    // 7,20,000 − 40,000 − 50,000 − PT (1,200 + 5 × 200 + 300) − 80C (10,800 + 6 × 1,800) = 6,05,900.
    expect(s.totalIncomePaise).toBe(inr(6_05_900));
    // Senior: 5% × 2 L = 10,000 + 20% × 1,05,900 = 21,180 → 31,180 + 4% = 32,427.20 → ₹32,430.
    expect(s.tax.totalPaise).toBe(inr(32_430));
    expect(s.tdsPreviousEmployerPaise).toBe(inr(9_000));
    expect(s.balancePaise).toBe(inr(32_430 - 9_000));
  });

  it('the new regime ignores declarations', () => {
    const s = annualTaxStatement({ financialYear: '2026-27', regime: 'new', months: year.map((m) => month(m, 1_00_000, 0)), declarations: { section80CPaise: inr(1_50_000), npsPaise: inr(50_000) } });
    expect(s.chapterVIAPaise).toBe(0);
    expect(s.totalIncomePaise).toBe(inr(11_25_000)); // 12,00,000 − 75,000
    expect(s.tax.totalPaise).toBe(0); // s.87A: up to ₹12 L
  });
});
