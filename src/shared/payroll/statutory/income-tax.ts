/**
 * Income tax on a year's salary income under either regime, for a resident individual; under the
 * old regime the basic exemption depends on age (oldRegimeForAge below).
 *
 * - New regime (s.115BAC(1A), the default), FY 2025-26 by the Finance Act 2025: 0–4 L nil,
 *   4–8 L 5%, 8–12 L 10%, 12–16 L 15%, 16–20 L 20%, 20–24 L 25%, above 24 L 30%; standard deduction
 *   ₹75,000 (s.16(ia)); rebate s.87A up to ₹60,000 for total income up to ₹12 L, with marginal
 *   relief above it (the tax never exceeds the income above ₹12 L); no deduction for professional tax
 *   or chapter VI-A (80C).
 * - Old regime, FY 2025-26: 0–2.5 L nil, 2.5–5 L 5%, 5–10 L 20%, above 10 L 30%; standard deduction
 *   ₹50,000; professional tax deductible (s.16(iii)); 80C up to ₹1.5 L (employee PF counts); rebate
 *   s.87A up to ₹12,500 for total income up to ₹5 L, no marginal relief.
 * - Surcharge on tax above ₹50 L / 1 Cr / 2 Cr / 5 Cr income (10/15/25/37%; the new regime stops at
 *   25%), with marginal relief at each threshold; health and education cess 4% on tax and surcharge.
 * - Total income rounded to ₹10 (s.288A), tax to ₹10 (s.288B).
 * - FY 2026-27: the Finance Act 2026 (Union Budget of 1 February 2026) kept both regimes' slabs,
 *   standard deductions and the ₹12 L rebate unchanged, and TDS from 1 April 2026 follows the FY
 *   2025-26 rates. The Income-tax Act 2025 replaces the 1961 Act from that date, so the section
 *   numbers above name the provisions by their 1961 numbering.
 */
import { inr, paiseOf, roundToTenRupees } from './rounding';
import { SHIPPED_BOOK } from './rule-catalogue';
import type { RuleBook } from './rule-versions';
import type { Dated } from './rule-table';
import { seniorExemptions } from './tax-declarations';

export type TaxRegime = 'new' | 'old';

interface RateFrom {
  fromPaise: number;
  rateBp: number;
}

export interface TaxRegimeRules extends Dated {
  regime: TaxRegime;
  financialYear: string;
  slabs: readonly RateFrom[];
  standardDeductionPaise: number;
  rebate: { incomeUpToPaise: number; maxPaise: number; marginalRelief: boolean };
  /** Surcharge rate by total income above a threshold (exclusive). */
  surcharge: readonly RateFrom[];
  cessBp: number;
  professionalTaxDeductible: boolean;
  section80CLimitPaise: number;
  source: string;
}

const rates = (pairs: readonly [number, number][]): RateFrom[] => pairs.map(([from, percent]) => ({ fromPaise: inr(from), rateBp: percent * 100 }));

const NEW_2025_26: TaxRegimeRules = {
  effectiveFrom: '2025-04-01',
  regime: 'new',
  financialYear: '2025-26',
  slabs: rates([[0, 0], [4_00_000, 5], [8_00_000, 10], [12_00_000, 15], [16_00_000, 20], [20_00_000, 25], [24_00_000, 30]]),
  standardDeductionPaise: inr(75_000),
  rebate: { incomeUpToPaise: inr(12_00_000), maxPaise: inr(60_000), marginalRelief: true },
  surcharge: rates([[50_00_000, 10], [1_00_00_000, 15], [2_00_00_000, 25]]),
  cessBp: 400,
  professionalTaxDeductible: false,
  section80CLimitPaise: 0,
  source: 'Finance Act 2025 (assent 29 Mar 2025): new regime slabs for FY 2025-26 (s.115BAC(1A)), standard deduction s.16(ia), rebate s.87A; surcharge and cess 4% (First Schedule Part I, s.2)',
};

const OLD_2025_26: TaxRegimeRules = {
  effectiveFrom: '2025-04-01',
  regime: 'old',
  financialYear: '2025-26',
  slabs: rates([[0, 0], [2_50_000, 5], [5_00_000, 20], [10_00_000, 30]]),
  standardDeductionPaise: inr(50_000),
  rebate: { incomeUpToPaise: inr(5_00_000), maxPaise: inr(12_500), marginalRelief: false },
  surcharge: rates([[50_00_000, 10], [1_00_00_000, 15], [2_00_00_000, 25], [5_00_00_000, 37]]),
  cessBp: 400,
  professionalTaxDeductible: true,
  section80CLimitPaise: inr(1_50_000),
  source: 'Finance Act 2025 (assent 29 Mar 2025), First Schedule Part III (old regime rates for FY 2025-26); s.16(ia), s.16(iii), s.80C, s.87A; surcharge and cess 4% (First Schedule Part I, s.2)',
};

/** FY 2026-27 keeps the FY 2025-26 figures (see the header); only the year and the source differ. */
const unchangedFor2026_27 = (rules: TaxRegimeRules): TaxRegimeRules => ({
  ...rules,
  effectiveFrom: '2026-04-01',
  financialYear: '2026-27',
  source: `Finance Act 2026 (Union Budget of 1 Feb 2026, no change to personal income-tax rates or slabs): the ${rules.regime} regime's FY 2025-26 slabs, standard deduction and rebate retained`,
});

export const INCOME_TAX_RULES: Readonly<Record<TaxRegime, readonly TaxRegimeRules[]>> = {
  new: [NEW_2025_26, unchangedFor2026_27(NEW_2025_26)],
  old: [OLD_2025_26, unchangedFor2026_27(OLD_2025_26)],
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
