/**
 * The old regime's limits as dated versions in the company's rule book: the shipped versions carry
 * their sources, and a version the company adds reaches the HRA exemption, the caps and the senior
 * limits from its first day, while earlier years keep theirs.
 */
import { computeSalarySlip } from '../salary-slip';
import { datesOfMonth, weekdayOf } from '../pay-month';
import { ageBandFor, annualIncomeTax, INCOME_TAX_RULES, oldRegimeForAge } from './income-tax';
import { RULE_DEFINITIONS, SHIPPED_BOOK, SHIPPED_VERSIONS } from './rule-catalogue';
import { makeRuleBook, type RuleVersion } from './rule-versions';
import { DEFAULT_STATUTORY_SETTINGS } from './statutory-settings';
import { cappedDeductions, deductionCaps, hraCityRule, hraExemptionForMonth } from './tax-declarations';
import { TAX_RULE_DEFINITIONS, TAX_RULE_KEYS } from './tax-rule-catalogue';

const inr = (rupees: number) => Math.round(rupees * 100);
const withVersions = (...versions: RuleVersion[]) => makeRuleBook([...SHIPPED_VERSIONS, ...versions]);
const later = (key: string, effectiveFrom: string, value: unknown): RuleVersion => ({ key, effectiveFrom, value, source: 'A later notification of the same year', note: '' });

describe('the tax rules in the rule book', () => {
  it('registers every limit once, each version with a dated source', () => {
    for (const d of TAX_RULE_DEFINITIONS) {
      expect(RULE_DEFINITIONS.filter((r) => r.key === d.key)).toHaveLength(1);
      for (const v of d.shipped) {
        expect(v.source).toMatch(/\d{4}/);
        expect(v.effectiveFrom).toMatch(/^\d{4}-04-01$/);
      }
    }
    expect(hraCityRule('2025-06').source).toContain('rule 2A(b)');
    expect(hraCityRule('2026-06').source).toContain('G.S.R. 198(E) of 20 Mar 2026');
    expect(deductionCaps('2026-27')).toEqual({
      section80CPaise: inr(1_50_000),
      npsPaise: inr(50_000),
      healthSelfPaise: inr(25_000),
      healthSelfSeniorPaise: inr(50_000),
      healthParentsPaise: inr(25_000),
      healthParentsSeniorPaise: inr(50_000),
      homeLoanInterestPaise: inr(2_00_000),
      landlordPanAbovePaise: inr(1_00_000),
    });
  });

  it('a company version of the 50% cities applies from its month on', () => {
    // Say a later notification adds Surat from January 2027.
    const book = withVersions(later(TAX_RULE_KEYS.hraCities, '2027-01-01', ['delhi', 'mumbai', 'kolkata', 'chennai', 'bengaluru', 'hyderabad', 'pune', 'ahmedabad', 'other']));
    const pay = { basicPaise: inr(40_000), hraPaise: inr(20_000) };
    const rent = { monthlyRentPaise: inr(30_000), fromMonth: '2026-04', toMonth: '2027-03', city: 'other' as const };
    // December: 40% of 40,000 = 16,000; January: 50% = 20,000 (rent − 10% = 26,000, HRA 20,000).
    expect(hraExemptionForMonth('2026-12', pay, rent, book)).toBe(inr(16_000));
    expect(hraExemptionForMonth('2027-01', pay, rent, book)).toBe(inr(20_000));
    expect(hraExemptionForMonth('2027-01', pay, rent, SHIPPED_BOOK)).toBe(inr(16_000));
  });

  it("a new year's 80C cap and senior limit count from that year, not before", () => {
    const book = withVersions(later(TAX_RULE_KEYS.section80C, '2027-04-01', inr(2_00_000)), later(TAX_RULE_KEYS.seniorExemption, '2027-04-01', inr(3_50_000)));
    expect(deductionCaps('2026-27', book).section80CPaise).toBe(inr(1_50_000));
    expect(deductionCaps('2027-28', book).section80CPaise).toBe(inr(2_00_000));
    // NPS ₹80,000 declared: capped at ₹50,000 in either year.
    expect(cappedDeductions({ npsPaise: inr(80_000) }, '2027-28', 'below-60', book).npsPaise).toBe(inr(50_000));

    // Aged 65 on ₹7,00,000 taxable (old regime): 5% of 3,00,000-5,00,000 is 10,000 + 20% of 2,00,000 = 50,000 → ₹52,000 with cess;
    // with a ₹3,50,000 limit: 5% of 1,50,000 = 7,500 + 40,000 = 47,500 → ₹49,400.
    const old = { ...INCOME_TAX_RULES.old[1]!, financialYear: '2027-28' };
    expect(annualIncomeTax(inr(7_00_000), oldRegimeForAge(old, 'senior')).totalPaise).toBe(inr(52_000));
    expect(annualIncomeTax(inr(7_00_000), oldRegimeForAge(old, 'senior', book)).totalPaise).toBe(inr(49_400));
    expect(ageBandFor('1962-05-10', '2027-28')).toBe('senior');
  });

  it("the slip's TDS uses the company's book: a raised 80C cap lowers an old-regime slip", () => {
    const month = '2026-04';
    const compute = (book = SHIPPED_BOOK) =>
      computeSalarySlip({
        month,
        monthlyGrossPaise: inr(1_00_000),
        joinedOn: '2020-01-01',
        presentDates: new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0)),
        approvedLeaveDates: new Set(),
        today: '2026-05-01',
        statutory: { stateOfWork: 'KA', taxRegime: 'old', declarations: { section80CPaise: inr(2_00_000) }, rules: { book, settings: DEFAULT_STATUTORY_SETTINGS } },
      });
    // ₹1,50,000 cap: 12,00,000 − 50,000 − 2,500 − 1,50,000 = 9,97,500 → 12,500 + 20% × 4,97,500 = 1,12,000 + 4% = 1,16,480; ÷ 12 = 9,706.67.
    expect(compute().deductions.tdsPaise).toBe(inr(9_707));
    // A ₹2,00,000 cap (a company version from 1 April 2026 would be refused on the shipped day; a book with it replacing the shipped one):
    // 9,47,500 → 12,500 + 20% × 4,47,500 = 1,02,000 + 4% = 1,06,080; ÷ 12 = 8,840.
    const raised = makeRuleBook([...SHIPPED_VERSIONS, { ...later(TAX_RULE_KEYS.section80C, '2026-04-01', inr(2_00_000)) }]);
    expect(compute(raised).deductions.tdsPaise).toBe(inr(8_840));
  });
});
