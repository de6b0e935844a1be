/**
 * Versioned rule tables: each statutory rule is a list of versions, each with the date it took
 * effect. A pay month is computed with the versions in force on its first day, so a change that
 * takes effect in the middle of a month applies from the next month on and never splits a month.
 */

/** One version of a rule; `effectiveFrom` is 'YYYY-MM-DD'. */
export interface Dated {
  effectiveFrom: string;
}

/** The version of `table` in force on the first day of `month` ('YYYY-MM'), or null before the first. */
export function versionInForce<T extends Dated>(table: readonly T[], month: string): T | null {
  const day = `${month}-01`;
  let found: T | null = null;
  for (const version of table) {
    if (version.effectiveFrom <= day && (!found || version.effectiveFrom > found.effectiveFrom)) found = version;
  }
  return found;
}

/** Like versionInForce, for tables that cover every month a payroll may be run for. */
export function requireVersion<T extends Dated>(table: readonly T[], month: string, what: string): T {
  const version = versionInForce(table, month);
  if (!version) throw new RangeError(`no ${what} rule is in force in ${month}`);
  return version;
}
