/**
 * Applies the day's rules to days made from punches (web or device): counts each day's work from its
 * applied punches (breaks excluded), then sets its status by the minimums (P, H half day, A) and its
 * overtime. Days an admin set or a file imported whole are never touched, and a day still open (no
 * punch-out) stays P. One read and one write per 500 days.
 */
import type { Kysely, Transaction } from 'kysely';
import { dayOvertime, dayStatus, workedMinutes } from '../../../shared/day-rules/day-rules';
import type { DayRules } from '../../../shared/schemas/day-rules';
import type { DB } from '../../db/schema';
import { readDayRules } from './day-rules-repository';

type Db = Kysely<DB> | Transaction<DB>;

const CHUNK = 500;

/** What the rules make of one day. */
export function classify(punches: readonly string[], punchIn: string | null, punchOut: string | null, rules: DayRules) {
  const worked = punchOut ? workedMinutes(punches, punchIn, punchOut) : null;
  return { status: dayStatus(worked, rules), worked, overtime: worked === null ? null : dayOvertime(worked, rules) };
}

/** Re-counts the given (person, day) records under the rules (read once when not given). */
export async function classifyDays(db: Db, days: readonly { userId: number; date: string }[], given?: DayRules): Promise<void> {
  if (!days.length) return;
  const rules = given ?? (await readDayRules(db));
  const unique = [...new Map(days.map((d) => [`${d.userId}|${d.date}`, d])).values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const users = [...new Set(chunk.map((d) => d.userId))];
    const dates = [...new Set(chunk.map((d) => d.date))];
    const wanted = new Set(chunk.map((d) => `${d.userId}|${d.date}`));
    const [records, punches] = await Promise.all([
      db
        .selectFrom('attendance')
        .select(['id', 'user_id', 'date', 'status', 'punch_in', 'punch_out', 'source', 'worked_minutes', 'overtime_minutes'])
        .where('user_id', 'in', users)
        .where('date', 'in', dates)
        .where((eb) => eb.or([eb('source', 'is', null), eb('source', 'not in', ['admin', 'import'])]))
        .execute(),
      db
        .selectFrom('punches')
        .select(['user_id', 'attendance_date', 'punched_at'])
        .where('user_id', 'in', users)
        .where('attendance_date', 'in', dates)
        .where('state', '=', 'applied')
        .orderBy('punched_at')
        .execute(),
    ]);
    const times = new Map<string, string[]>();
    for (const p of punches) {
      const key = `${Number(p.user_id)}|${p.attendance_date}`;
      if (!wanted.has(key)) continue;
      let list = times.get(key);
      if (!list) times.set(key, (list = []));
      list.push(p.punched_at);
    }
    for (const r of records) {
      const key = `${r.user_id}|${r.date}`;
      if (!wanted.has(key) || !r.punch_in) continue;
      const next = classify(times.get(key) ?? [], r.punch_in, r.punch_out, rules);
      if (next.status === r.status && next.worked === (r.worked_minutes ?? null) && next.overtime === (r.overtime_minutes ?? null)) continue;
      // Only statuses punches give (P, H, A) are re-decided; a day marked otherwise keeps its status.
      const status = ['P', 'H', 'A'].includes(r.status) ? next.status : r.status;
      await db.updateTable('attendance').set({ status, worked_minutes: next.worked, overtime_minutes: next.overtime }).where('id', '=', r.id).execute();
    }
  }
}

/** The rules when any of them changes what a punched day counts as; undefined when none is set (nothing to re-count). */
export async function rulesInForce(db: Db): Promise<DayRules | undefined> {
  const rules = await readDayRules(db);
  return rules.fullDayMinutes !== null || rules.allowBreaks || rules.overtime.enabled ? rules : undefined;
}
