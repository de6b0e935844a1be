/**
 * Every statutory rule in force in a pay month, with where each comes from: what a payroll run
 * for that month computes with, and what a register can show beside its figures.
 */
import { esiRulesFor, type EsiRules } from './esi';
import { financialYearOf } from './financial-year';
import { incomeTaxRulesFor, type TaxRegime, type TaxRegimeRules } from './income-tax';
import { pfRulesFor, type PfRules } from './pf';
import { SHIPPED_BOOK } from './rule-catalogue';
import type { RuleBook } from './rule-versions';
import { DEFAULT_STATUTORY_SETTINGS, type StatutorySettings } from './statutory-settings';
import { requireVersion } from './rule-table';
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

// The rules of a month, per book and settings: a payroll register asks for the same few months once
// per person and month of the year to date (tens of thousands of times), and reading the PF
// ceiling of a month it changes in formats its note each time. A book and its settings are never
// changed once made (a changed book is a new one), so what they gave stays right.
const inForce = new WeakMap<RuleBook, WeakMap<StatutorySettings, Map<string, RulesInForce>>>();

/**
 * The rules for `month` ('YYYY-MM'); professional tax is looked up by state (professional-tax.ts).
 * PF, ESI and income tax come from the company's book of rule versions (the shipped ones when none is given).
 * The same object for the same month, book and settings: read it, never change it.
 */
export function rulesInForce(month: string, book: RuleBook = SHIPPED_BOOK, settings: StatutorySettings = DEFAULT_STATUTORY_SETTINGS): RulesInForce {
  let bySettings = inForce.get(book);
  if (!bySettings) inForce.set(book, (bySettings = new WeakMap()));
  let byMonth = bySettings.get(settings);
  if (!byMonth) bySettings.set(settings, (byMonth = new Map()));
  let rules = byMonth.get(month);
  if (!rules) byMonth.set(month, (rules = readRulesInForce(month, book, settings)));
  return rules;
}

function readRulesInForce(month: string, book: RuleBook, settings: StatutorySettings): RulesInForce {
  // The rate tables and the 80C cap are the company's rule-book versions (income-tax-rates.ts, tax-rule-catalogue.ts).
  const incomeTax = { new: incomeTaxRulesFor('new', month, book), old: incomeTaxRulesFor('old', month, book) };
  return {
    month,
    wages: requireVersion(WAGE_DEFINITIONS, month, 'wage definition'),
    pf: pfRulesFor(book, month, settings.pfCeilingReading),
    esi: esiRulesFor(book, month),
    incomeTax,
    incomeTaxFromAnotherYear: incomeTax.new.financialYear !== financialYearOf(month),
  };
}
