/**
 * Every statutory rule in force in a pay month, with where each comes from: what a payroll run
 * for that month computes with, and what a register can show beside its figures.
 */
import { esiRulesFor, type EsiRules } from './esi';
import { financialYearOf } from './financial-year';
import { INCOME_TAX_RULES, type TaxRegime, type TaxRegimeRules } from './income-tax';
import { pfRulesFor, type PfRules } from './pf';
import { SHIPPED_BOOK } from './rule-catalogue';
import type { RuleBook } from './rule-versions';
import { deductionCaps } from './tax-declarations';
import { DEFAULT_STATUTORY_SETTINGS, type StatutorySettings } from './statutory-settings';
import { requireVersion, versionInForce } from './rule-table';
import { WAGE_DEFINITIONS, type WageDefinition } from './wages';

export interface RulesInForce {
  month: string;
  wages: WageDefinition;
  pf: PfRules;
  esi: EsiRules;
  incomeTax: Record<TaxRegime, TaxRegimeRules>;
  /**
   * True when the month's financial year has no income-tax table here and the nearest one is used
   * (the latest for a later year, the first for an earlier one): its TDS is then an estimate until
   * that year's Finance Act is added.
   */
  incomeTaxFromAnotherYear: boolean;
}

/**
 * The rules for `month` ('YYYY-MM'); professional tax is looked up by state (professional-tax.ts).
 * PF and ESI come from the company's book of rule versions (the shipped ones when none is given).
 */
export function rulesInForce(month: string, book: RuleBook = SHIPPED_BOOK, settings: StatutorySettings = DEFAULT_STATUTORY_SETTINGS): RulesInForce {
  const nearest = (table: readonly TaxRegimeRules[]) => versionInForce(table, month) ?? table[0]!;
  const old = nearest(INCOME_TAX_RULES.old);
  // The 80C cap is the company's rule-book figure for the year (tax-rule-catalogue.ts).
  const incomeTax = { new: nearest(INCOME_TAX_RULES.new), old: { ...old, section80CLimitPaise: deductionCaps(old.financialYear, book).section80CPaise } };
  return {
    month,
    wages: requireVersion(WAGE_DEFINITIONS, month, 'wage definition'),
    pf: pfRulesFor(book, month, settings.pfCeilingReading),
    esi: esiRulesFor(book, month),
    incomeTax,
    incomeTaxFromAnotherYear: incomeTax.new.financialYear !== financialYearOf(month),
  };
}
