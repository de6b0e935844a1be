/**
 * Every statutory rule in force in a pay month, with where each comes from: what a payroll run
 * for that month computes with, and what a register can show beside its figures.
 */
import { ESI_RULES, type EsiRules } from './esi';
import { financialYearOf } from './financial-year';
import { INCOME_TAX_RULES, type TaxRegime, type TaxRegimeRules } from './income-tax';
import { PF_RULES, type PfRules } from './pf';
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

/** The rules for `month` ('YYYY-MM'); professional tax is looked up by state (professional-tax.ts). */
export function rulesInForce(month: string): RulesInForce {
  const nearest = (table: readonly TaxRegimeRules[]) => versionInForce(table, month) ?? table[0]!;
  const incomeTax = { new: nearest(INCOME_TAX_RULES.new), old: nearest(INCOME_TAX_RULES.old) };
  return {
    month,
    wages: requireVersion(WAGE_DEFINITIONS, month, 'wage definition'),
    pf: requireVersion(PF_RULES, month, 'provident fund'),
    esi: requireVersion(ESI_RULES, month, 'ESI'),
    incomeTax,
    incomeTaxFromAnotherYear: incomeTax.new.financialYear !== financialYearOf(month),
  };
}
