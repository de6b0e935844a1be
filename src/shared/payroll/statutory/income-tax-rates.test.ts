/**
 * The regimes' rate tables as dated versions in the rule book: the shipped versions carry their
 * sources and give the audit's figures; a table the company adds for a later year reaches that year
 * only, and round-trips through the form the admin enters it in.
 */
import { annualIncomeTax, INCOME_TAX_RULES, incomeTaxRulesFor } from './income-tax';
import { TAX_RATE_DEFINITIONS, TAX_RATE_KEYS, TAX_RATES_WIRE, type TaxRateTable } from './income-tax-rates';
import { SHIPPED_VERSIONS } from './rule-catalogue';
import { rulesInForce } from './rules-in-force';
import { makeRuleBook } from './rule-versions';

const inr = (rupees: number) => Math.round(rupees * 100);
const tax = (income: number, regime: 'new' | 'old', month = '2025-04', book = makeRuleBook(SHIPPED_VERSIONS)) => annualIncomeTax(inr(income), incomeTaxRulesFor(regime, month, book));

describe('the income-tax rate tables in the rule book', () => {
  it('ships FY 2025-26 and 2026-27 for each regime, each version dated on 1 April with its source', () => {
    for (const d of TAX_RATE_DEFINITIONS) {
      expect(d.shipped.map((v) => v.effectiveFrom)).toEqual(['2025-04-01', '2026-04-01']);
      for (const v of d.shipped) expect(v.source).toMatch(/Finance Act 202[56]/);
      // What an admin would see and send back is what is stored.
      for (const v of d.shipped) expect(d.table!.toStored(TAX_RATES_WIRE.parse(d.table!.toWire(v.value)), v.source)).toEqual(v.value);
    }
    expect(INCOME_TAX_RULES.new.map((r) => r.financialYear)).toEqual(['2025-26', '2026-27']);
    expect(incomeTaxRulesFor('old', '2026-09').source).toContain('Finance Act 2026');
  });

  it("gives the audit's worked figures from the book (finding 10's salaries, the rebate's edge, marginal relief, surcharge)", () => {
    // New regime, ₹12,00,000: slab tax 60,000, rebate 60,000 → nil.
    expect(tax(12_00_000, 'new').totalPaise).toBe(0);
    // ₹12,10,000: slab 61,500; marginal relief leaves 10,000 (the income above 12 L) → + 4% = 10,400.
    expect(tax(12_10_000, 'new')).toMatchObject({ slabTaxPaise: inr(61_500), rebatePaise: inr(51_500), totalPaise: inr(10_400) });
    // Old regime ₹5,00,000: 12,500 rebated in full; ₹5,00,010: no relief, 12,502 + 4% → ₹13,000 rounded.
    expect(tax(5_00_000, 'old').totalPaise).toBe(0);
    expect(tax(5_00_010, 'old').totalPaise).toBe(inr(13_000));
    // New regime ₹50,10,000: slab tax 10,83,000; 10% surcharge 1,08,300, but marginal relief caps tax and surcharge at
    // the tax at ₹50 L (10,80,000) plus the 10,000 above it: surcharge 7,000.
    expect(tax(50_10_000, 'new')).toMatchObject({ slabTaxPaise: inr(10_83_000), surchargePaise: inr(7_000) });
    // Old regime ₹5,10,00,000: slab tax 1,51,12,500; 37% would be 55,91,625; relief at 5 Cr (1,48,12,500 + 25% + 10,00,000) caps it at 44,03,125.
    expect(tax(5_10_00_000, 'old')).toMatchObject({ slabTaxPaise: inr(1_51_12_500), surchargePaise: inr(44_03_125) });
    expect(incomeTaxRulesFor('new', '2026-04').surcharge.at(-1)!.rateBp).toBe(2_500);
    // FY 2026-27 gives the same figures as FY 2025-26.
    for (const income of [7_00_000, 12_10_000, 18_00_000, 55_00_000]) for (const regime of ['new', 'old'] as const) expect(tax(income, regime, '2026-10')).toEqual(tax(income, regime));
  });

  it('a table the company adds for FY 2027-28 applies from its 1 April, and that year stops being "another year\'s"', () => {
    const wider: TaxRateTable = { ...INCOME_TAX_RULES.new[1]!, rebate: { incomeUpToPaise: inr(14_00_000), maxPaise: inr(90_000), marginalRelief: true } };
    const book = makeRuleBook([...SHIPPED_VERSIONS, { key: TAX_RATE_KEYS.new, effectiveFrom: '2027-04-01', value: wider, source: 'Finance Act 2027 (test)', note: '' }]);
    expect(rulesInForce('2027-04').incomeTaxFromAnotherYear).toBe(true);
    expect(rulesInForce('2027-04', book).incomeTaxFromAnotherYear).toBe(false);
    expect(rulesInForce('2027-04', book).incomeTax.new.source).toBe('Finance Act 2027 (test)');
    // ₹13,00,000: slab tax 75,000; nil under the wider rebate; under the shipped one the relief leaves 75,000 (less than the
    // 1,00,000 above 12 L) + 4% = 78,000, as before 1 April 2027.
    expect(tax(13_00_000, 'new', '2027-04', book).totalPaise).toBe(0);
    expect(tax(13_00_000, 'new', '2027-04').totalPaise).toBe(inr(78_000));
    expect(tax(13_00_000, 'new', '2027-03', book).totalPaise).toBe(inr(78_000));
  });
});
