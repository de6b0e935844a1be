/**
 * Salary as a history: which monthly gross is in force on each day of a pay month. Pure, so the
 * slip, the register, arrears and the browser read a history the same way.
 *
 * - A revision takes effect on its `effectiveFrom` day and stays in force until the next one.
 * - A revision entered back-dated into months already approved carries `appliesFrom`, the first pay
 *   month computed with it directly. The approved months before that keep the salary they were
 *   approved with, now and at any re-run; the difference reaches the employee as arrears lines in
 *   `appliesFrom` instead (arrears.ts), so it is never paid twice.
 * - Days before the first revision that counts take its rate (a joining date moved earlier); with no
 *   revision at all, the employee's `salary` (the fallback) is in force every day.
 */

import type { PersonStructure } from './structure-override';

export interface SalaryRevisionFact {
  /** 'YYYY-MM-DD'. */
  effectiveFrom: string;
  monthlyGrossPaise: number;
  /** 'YYYY-MM': months before it ignore the revision (they were approved before it was entered). */
  appliesFrom?: string | null;
  /** The salary structure assigned from this day (its rule as assigned, with any override of the person's); later revisions without one keep it. */
  structure?: PersonStructure | null;
}

/** A monthly gross in force from `from` to `to` (inclusive, 'YYYY-MM-DD'). */
export interface RatePeriod {
  from: string;
  to: string;
  monthlyGrossPaise: number;
  /** With `structures`: the salary structure in force over the period (null: the company default). */
  structure?: AssignedStructure | null;
}

type AssignedStructure = PersonStructure;

/** The revisions a month is computed with, in effect order (a later entry wins on the same day). */
export function revisionsForMonth(revisions: readonly SalaryRevisionFact[], month: string): SalaryRevisionFact[] {
  return revisions
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !r.appliesFrom || r.appliesFrom <= month)
    .sort((a, b) => (a.r.effectiveFrom < b.r.effectiveFrom ? -1 : a.r.effectiveFrom > b.r.effectiveFrom ? 1 : a.i - b.i))
    .map(({ r }) => r);
}

/** The monthly gross in force on `date` for `month`'s computation. */
export function salaryOn(date: string, revisions: readonly SalaryRevisionFact[], fallbackPaise: number, month = date.slice(0, 7)): number {
  const counted = revisionsForMonth(revisions, month);
  if (!counted.length) return fallbackPaise;
  let rate = counted[0]!.monthlyGrossPaise;
  for (const r of counted) if (r.effectiveFrom <= date) rate = r.monthlyGrossPaise;
  return rate;
}

/** One structure snapshot the same as another (snapshots read from the database are shared objects; others compare by value). */
function sameStructure(a: AssignedStructure | null | undefined, b: AssignedStructure | null | undefined): boolean {
  return a === b || (a != null && b != null && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * The rates in force over the month from `first` to `last` (its first and last day), one period per
 * rate; a revision that repeats the rate in force adds no period. With `structures`, a change of
 * salary structure inside the month starts a period too, and each period names its structure.
 */
export function ratePeriods(revisions: readonly SalaryRevisionFact[], month: string, first: string, last: string, fallbackPaise: number, opts: { structures?: boolean } = {}): RatePeriod[] {
  const counted = revisionsForMonth(revisions, month);
  const on = (date: string): RatePeriod => ({
    from: date,
    to: last,
    monthlyGrossPaise: salaryOn(date, counted, fallbackPaise, month),
    ...(opts.structures && { structure: structureOn(date, counted, month) }),
  });
  const periods: RatePeriod[] = [on(first)];
  const days = [...new Set(counted.map((r) => r.effectiveFrom).filter((d) => d > first && d <= last))].sort();
  for (const from of days) {
    const current = periods[periods.length - 1]!;
    const next = on(from);
    if (next.monthlyGrossPaise === current.monthlyGrossPaise && sameStructure(next.structure, current.structure)) continue;
    current.to = dayBefore(from);
    periods.push(next);
  }
  return periods;
}

/** 'YYYY-MM-DD' of the day before, in UTC. */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The salary structure in force on `date` for `month`'s computation: the latest revision up to that
 * day that assigned one; null for the company default.
 */
export function structureOn(date: string, revisions: readonly SalaryRevisionFact[], month = date.slice(0, 7)): AssignedStructure | null {
  let found: AssignedStructure | null = null;
  for (const r of revisionsForMonth(revisions, month)) if (r.effectiveFrom <= date && r.structure) found = r.structure;
  return found;
}
