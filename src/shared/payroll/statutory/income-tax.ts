/**
 * Income tax on a year's salary income under either regime, for a resident individual; under the
 * old regime the basic exemption depends on age (oldRegimeForAge below).
 *
 * The rates themselves (slabs, standard deduction, the s.87A rebate and its marginal relief,
 * surcharge and cess) are dated rule versions in the company's rule book (income-tax-rates.ts, with
 * each version's source); what stays here is what the Act fixes for each regime: professional tax is
 * deductible (s.16(iii)) and 80C counts (up to the book's cap, employee PF included) under the old
 * regime only, total income is rounded to ₹10 (s.288A) and tax to ₹10 (s.288B).
 */
import { financialYearOf } from './financial-year';
import { TAX_RATE_KEYS, type TaxRateTable } from './income-tax-rates';
import { paiseOf, roundToTenRupees } from './rounding';
import { SHIPPED_BOOK } from './rule-catalogue';
import { versionOn, type RuleBook, type RuleVersion } from './rule-versions';
import type { Dated } from './rule-table';
import { deductionCaps, seniorExemptions } from './tax-declarations';

export type TaxRegime = 'new' | 'old';

export interface TaxRegimeRules extends Dated, TaxRateTable {
  regime: TaxRegime;
  financialYear: string;
  professionalTaxDeductible: boolean;
  section80CLimitPaise: number;
  source: string;
}

/**
 * The rules of `regime` for `month` ('YYYY-MM'): the rate table in force on the month's first day,
 * else (a month before the first version) the first. Its `financialYear` is the year the version
 * starts in: a later year with no version of its own shows as another year's (rules-in-force.ts).
 */
export function incomeTaxRulesFor(regime: TaxRegime, month: string, book: RuleBook = SHIPPED_BOOK): TaxRegimeRules {
  const key = TAX_RATE_KEYS[regime];
  const version = versionOn<TaxRateTable>(book, key, `${month}-01`) ?? (book.get(key)?.[0] as RuleVersion<TaxRateTable> | undefined);
  if (!version) throw new RangeError(`no ${key} rule in the book`);
  const financialYear = financialYearOf(version.effectiveFrom.slice(0, 7));
  const { slabs, standardDeductionPaise, rebate, surcharge, cessBp } = version.value;
  return {
    effectiveFrom: version.effectiveFrom,
    regime,
    financialYear,
    slabs,
    standardDeductionPaise,
    rebate,
    surcharge,
    cessBp,
    professionalTaxDeductible: regime === 'old',
    section80CLimitPaise: regime === 'old' ? deductionCaps(financialYear, book).section80CPaise : 0,
    source: version.source,
  };
}

/** The shipped tables, FY 2025-26 and 2026-27, for the worked examples. */
export const INCOME_TAX_RULES: Readonly<Record<TaxRegime, readonly TaxRegimeRules[]>> = {
  new: [incomeTaxRulesFor('new', '2025-04'), incomeTaxRulesFor('new', '2026-04')],
  old: [incomeTaxRulesFor('old', '2025-04'), incomeTaxRulesFor('old', '2026-04')],
};

/**
 * Age for the old regime's basic exemption: a resident individual who is 60 or more at any time
 * during the year (a "senior citizen") is taxed at nil up to ₹3,00,000, one who is 80 or more (a
 * "very senior citizen") at nil up to ₹5,00,000 (Finance Act First Schedule Part III, paragraph
 * I(ii) and (iii), the same for FY 2025-26 and 2026-27). The new regime has one slab table for all ages.
 */
export type AgeBand = 'below-60' | 'senior' | 'super-senior';

/**
 * The age band for a financial year ('2026-27') from a date of birth ('YYYY-MM-DD'); 'below-60' when
 * the date is not known. "At any time during the year" means by its last day, 31 March; and in law a
 * person attains an age on the day before the anniversary of their birth (Supreme Court, Prabhu
 * Dayal Sesma v. State of Rajasthan, 1986; followed by the CBDT), so someone born on 1 April 1966
 * is 60 on 31 March 2026 and a senior citizen for FY 2025-26.
 */
export function ageBandFor(dateOfBirth: string | null | undefined, financialYear: string): AgeBand {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return 'below-60';
  const endYear = Number(financialYear.slice(0, 4)) + 1;
  // Attaining age A by 31 March of endYear: born on or before 1 April of (endYear − A).
  const bornBy = (age: number) => `${endYear - age}-04-01`;
  if (dateOfBirth <= bornBy(80)) return 'super-senior';
  if (dateOfBirth <= bornBy(60)) return 'senior';
  return 'below-60';
}

/**
 * `rules` with the old regime's basic exemption for `band` (the new regime and 'below-60'
 * unchanged); the limits come from the company's rule book (tax-rule-catalogue.ts).
 */
export function oldRegimeForAge(rules: TaxRegimeRules, band: AgeBand, book: RuleBook = SHIPPED_BOOK): TaxRegimeRules {
  if (rules.regime !== 'old' || band === 'below-60') return rules;
  const limits = seniorExemptions(rules.financialYear, book);
  const nilUpTo = band === 'senior' ? limits.seniorPaise : limits.superSeniorPaise;
  // Nil up to the limit; a senior citizen's 5% slab then starts at ₹3 L, a very senior citizen goes straight to the 20% slab at ₹5 L.
  const above = rules.slabs.filter((s) => s.fromPaise >= nilUpTo && s.rateBp > 0);
  const fivePercent = band === 'senior' && !above.some((s) => s.fromPaise === nilUpTo) ? [{ fromPaise: nilUpTo, rateBp: 500 }] : [];
  const slabs = [{ fromPaise: 0, rateBp: 0 }, ...fivePercent, ...above];
  return { ...rules, slabs, source: `${rules.source}; ${band === 'senior' ? 'senior citizen (60 or more)' : 'very senior citizen (80 or more)'}: nil up to ₹${(nilUpTo / 100).toLocaleString('en-IN')}` };
}

export interface AnnualTax {
  taxableIncomePaise: number;
  slabTaxPaise: number;
  rebatePaise: number;
  surchargePaise: number;
  cessPaise: number;
  totalPaise: number;
}

function slabTax(income: number, rules: TaxRegimeRules): number {
  let tax = 0;
  rules.slabs.forEach((s, i) => {
    const next = rules.slabs[i + 1]?.fromPaise ?? Infinity;
    if (income > s.fromPaise) tax += paiseOf(Math.min(income, next) - s.fromPaise, s.rateBp);
  });
  return tax;
}

/** Tax after the s.87A rebate (and its marginal relief), before surcharge and cess. */
function taxAfterRebate(income: number, rules: TaxRegimeRules): { slab: number; rebate: number } {
  const slab = slabTax(income, rules);
  const { incomeUpToPaise, maxPaise, marginalRelief } = rules.rebate;
  if (income <= incomeUpToPaise) return { slab, rebate: Math.min(slab, maxPaise) };
  if (marginalRelief) return { slab, rebate: Math.max(0, slab - (income - incomeUpToPaise)) };
  return { slab, rebate: 0 };
}

const surchargeRate = (income: number, rules: TaxRegimeRules): number =>
  rules.surcharge.reduce((rate, s) => (income > s.fromPaise ? s.rateBp : rate), 0);

/** Tax on a year's total income (after deductions) under `rules`, in paise. */
export function annualIncomeTax(totalIncomePaise: number, rules: TaxRegimeRules): AnnualTax {
  const income = roundToTenRupees(Math.max(0, totalIncomePaise));
  const { slab, rebate } = taxAfterRebate(income, rules);
  const tax = slab - rebate;
  let surcharge = paiseOf(tax, surchargeRate(income, rules));
  // Marginal relief: above a threshold, tax plus surcharge exceeds that at the threshold by no more than the income above it.
  const threshold = [...rules.surcharge].reverse().find((s) => income > s.fromPaise);
  if (threshold) {
    const atThreshold = taxAfterRebate(threshold.fromPaise, rules);
    const taxAt = atThreshold.slab - atThreshold.rebate;
    const capped = taxAt + paiseOf(taxAt, surchargeRate(threshold.fromPaise, rules)) + (income - threshold.fromPaise);
    surcharge = Math.max(0, Math.min(surcharge, capped - tax));
  }
  const cess = paiseOf(tax + surcharge, rules.cessBp);
  return {
    taxableIncomePaise: income,
    slabTaxPaise: slab,
    rebatePaise: rebate,
    surchargePaise: surcharge,
    cessPaise: cess,
    totalPaise: roundToTenRupees(tax + surcharge + cess),
  };
}
