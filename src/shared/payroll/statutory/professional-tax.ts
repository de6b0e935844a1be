/**
 * The professional tax to deduct in a month, by the employee's state of work: the state's table in
 * force on the month's first day in the company's book of rule versions (the shipped tables are in
 * professional-tax-tables.ts; an administrator adds later ones), its February rule, its women's slabs and the
 * exemptions it grants for age and disability. Half-yearly states (Tamil Nadu) tax the half-year's
 * salary once, in the half-year's last month or in a leaver's leaving month.
 */
import { NO_PT_STATES, ptKey, type PtSlab, type PtTable, type PtTableValue } from './professional-tax-tables';
import { SHIPPED_BOOK } from './rule-catalogue';
import { versionOn, type RuleBook, type RuleVersion } from './rule-versions';

export type Gender = 'male' | 'female' | 'other';

export interface PtInput {
  /** ISO 3166-2:IN code of the state of work, e.g. 'MH'. */
  state: string;
  month: string;
  /** Salary earned this month (after LOP). */
  earnedGrossPaise: number;
  gender?: Gender;
  /** Half-yearly states: the salary of the half-year up to and including this month; defaults to 6 × this month's. */
  halfYearGrossPaise?: number;
  /** The last month the employee is employed (a leaver): half-yearly states deduct the half-year's tax in it. */
  leavingMonth?: boolean;
  /** 'YYYY-MM-DD': for the age exemptions. */
  dateOfBirth?: string | null;
  /** A person with disability: for the disability exemptions. */
  disabled?: boolean;
  /** The company's rule versions; the shipped ones when missing. */
  book?: RuleBook;
}

export interface PtResult {
  /** 'levied': a table applied (the tax may still be nil); 'none': the state has no PT; 'no-table': unknown here. */
  status: 'levied' | 'none' | 'no-table';
  amountPaise: number;
  stateName?: string;
  /**
   * The slab applied (levied only): its salary range, inclusive from, up to the next slab's start
   * (null for the top slab). Half-yearly tables measure the half-year's salary; in their months
   * without a deduction there is no slab.
   */
  slab?: { fromPaise: number; untilPaise: number | null };
  /** Levied but exempt: why ('aged 65 or more', 'person with disability'), with the Act's section. */
  exemption?: string;
  /** The table version used (levied only). */
  version?: RuleVersion<PtTableValue>;
}

/** Completed years of age on `date` ('YYYY-MM-DD') of someone born on `dateOfBirth`. */
export function ageOn(dateOfBirth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** Why the table's exemptions excuse this employee in `month`, or null. */
function exemptionOf(table: Pick<PtTableValue, 'exemptions'>, input: PtInput): string | null {
  const ex = table.exemptions;
  if (!ex) return null;
  if (ex.disability && input.disabled) return `person with disability (${ex.source})`;
  if (ex.ageFrom !== undefined && input.dateOfBirth && ageOn(input.dateOfBirth, lastDayOf(input.month)) >= ex.ageFrom) return `aged ${ex.ageFrom} or more (${ex.source})`;
  return null;
}

/** The table version for a state in force on the first day of `month`, or null. */
export function ptVersionInForce(state: string, month: string, book: RuleBook = SHIPPED_BOOK): RuleVersion<PtTableValue> | null {
  return versionOn<PtTableValue>(book, ptKey(state), `${month}-01`);
}

/** The table for a state in force in `month` (a table starting inside a month applies from the next), or null. */
export function ptTableInForce(state: string, month: string, book: RuleBook = SHIPPED_BOOK): PtTable | null {
  const v = ptVersionInForce(state, month, book);
  return v ? { ...v.value, effectiveFrom: v.effectiveFrom, source: v.source } : null;
}

function slabReached(slabs: readonly PtSlab[], amount: number): PtSlab | null {
  let reached: PtSlab | null = null;
  for (const s of slabs) if (amount >= s.fromPaise && (!reached || s.fromPaise > reached.fromPaise)) reached = s;
  return reached;
}

/** The professional tax for one employee and month, in paise. */
export function professionalTax(input: PtInput): PtResult {
  const state = input.state.toUpperCase();
  const version = ptVersionInForce(state, input.month, input.book);
  // A state that levies none deducts nothing, unless the company has added a table for it.
  if (!version && NO_PT_STATES.has(state)) return { status: 'none', amountPaise: 0 };
  if (!version) return { status: 'no-table', amountPaise: 0 };
  // Read as stored: a payroll register asks this for every later month of the year, per person and month.
  const table = version.value;
  const monthNumber = Number(input.month.slice(5, 7));
  const exemption = exemptionOf(table, input);
  if (exemption) return { status: 'levied', amountPaise: 0, stateName: table.stateName, exemption, version };
  const slabs = input.gender === 'female' && table.womenSlabs ? table.womenSlabs : table.slabs;
  let base = input.earnedGrossPaise;
  if (table.period === 'half-yearly') {
    if (!table.deductInMonths?.includes(monthNumber) && !input.leavingMonth) return { status: 'levied', amountPaise: 0, stateName: table.stateName, version };
    base = input.halfYearGrossPaise ?? input.earnedGrossPaise * 6;
  }
  const reached = slabReached(slabs, base);
  const amount = reached ? (monthNumber === 2 && reached.februaryTaxPaise !== undefined ? reached.februaryTaxPaise : reached.taxPaise) : 0;
  if (!reached) return { status: 'levied', amountPaise: amount, stateName: table.stateName, version };
  // The slab ends where the next one above it starts.
  let until: number | null = null;
  for (const s of slabs) if (s.fromPaise > reached.fromPaise && (until === null || s.fromPaise < until)) until = s.fromPaise;
  return { status: 'levied', amountPaise: amount, stateName: table.stateName, version, slab: { fromPaise: reached.fromPaise, untilPaise: until } };
}
