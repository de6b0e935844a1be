/**
 * Statutory rules as dated versions: each rule has a key ('pf.wageCeiling') and a list of versions,
 * each with its value, the first day it is in force, its source (the notification and its date) and
 * a one-line note. The shipped versions live in rule-catalogue.ts; a company adds later ones (the
 * server keeps them in the database), and a payroll month is computed with the book of both.
 *
 * Which version a day uses: the latest whose first day is on or before it. A month that a change
 * falls inside is covered by more than one version; how such a month is computed is the rule's own
 * business (pf-rules.ts splits the PF ceiling by days by default).
 */

/** One version of one rule. `value` is the rule's own shape: a number for rates (bp) and amounts (paise). */
export interface RuleVersion<V = unknown> {
  key: string;
  /** 'YYYY-MM-DD', the first day in force. */
  effectiveFrom: string;
  value: V;
  /** The notification or section, with its date. */
  source: string;
  note: string;
}

/** Every rule's versions, by key, oldest first. */
export type RuleBook = ReadonlyMap<string, readonly RuleVersion[]>;

export function makeRuleBook(versions: Iterable<RuleVersion>): RuleBook {
  const book = new Map<string, RuleVersion[]>();
  for (const v of versions) {
    const list = book.get(v.key) ?? [];
    // A later-added version with the same first day replaces the earlier one (an admin's correction).
    const same = list.findIndex((x) => x.effectiveFrom === v.effectiveFrom);
    if (same >= 0) list[same] = v;
    else list.push(v);
    book.set(v.key, list);
  }
  for (const list of book.values()) list.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  return book;
}

/** The version of `key` in force on `day` ('YYYY-MM-DD'): the latest on or before it; null before the first. */
export function versionOn<V = number>(book: RuleBook, key: string, day: string): RuleVersion<V> | null {
  let found: RuleVersion | null = null;
  for (const v of book.get(key) ?? []) {
    if (v.effectiveFrom <= day) found = v;
    else break;
  }
  return found as RuleVersion<V> | null;
}

/** Like versionOn, for rules that cover every day a payroll may be run for. */
export function requireVersionOn<V = number>(book: RuleBook, key: string, day: string): RuleVersion<V> {
  const v = versionOn<V>(book, key, day);
  if (!v) throw new RangeError(`no ${key} rule is in force on ${day}`);
  return v;
}

/** A stretch of days of one month under one version. */
export interface VersionSpan<V = number> {
  version: RuleVersion<V>;
  /** 'YYYY-MM-DD', both inclusive. */
  from: string;
  to: string;
  days: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The versions of `key` in force during `from`..`to` (inclusive days), each with its days. */
export function versionSpans<V = number>(book: RuleBook, key: string, from: string, to: string): VersionSpan<V>[] {
  const first = requireVersionOn<V>(book, key, from);
  const later = (book.get(key) ?? []).filter((v) => v.effectiveFrom > from && v.effectiveFrom <= to) as RuleVersion<V>[];
  const versions = [first, ...later];
  return versions.map((version, i) => {
    const start = i === 0 ? from : version.effectiveFrom;
    const end = i + 1 < versions.length ? dayText(dayNumber(versions[i + 1]!.effectiveFrom) - 1) : to;
    return { version, from: start, to: end, days: dayNumber(end) - dayNumber(start) + 1 };
  });
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
