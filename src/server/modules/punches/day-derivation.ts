/**
 * From raw punches to the day's record. The record of a person's attendance day is the `attendance`
 * row of (user_id, date): its punch_in is the first punch of that day and its punch_out the last
 * (none while there is only one). Device status codes (0-5, 255) are not trusted for in or out; the
 * order of the punches decides, so punches arriving out of order or twice change nothing.
 *
 * Merging is a commutative, idempotent step done inside one statement per batch (an upsert that
 * keeps the earlier in and the later out of what is stored and what arrives), so two server
 * processes applying overlapping batches at once end with the same row whatever their order. A day
 * an admin set or a file imported whole (`source` 'admin' or 'import') is never touched; a day the
 * person punched on the web keeps `source` 'web' and takes device punches into its span.
 *
 * Stable API for other modules: applyPunchesToDays, recomputeDays, punchesOfDay.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { classifyDays, rulesInForce } from '../day-rules';

type Db = Kysely<DB> | Transaction<DB>;

/** The span of one person's punches on one attendance day: instants as ISO-8601 text. */
export interface DaySpan {
  userId: number;
  date: string;
  first: string;
  last: string;
}

// 6 bound parameters per row.
const CHUNK = 500;

/** The spans of a list of applied punches, one per (person, day). */
export function spansOf(punches: readonly { userId: number; date: string; at: string }[]): DaySpan[] {
  const spans = new Map<string, DaySpan>();
  for (const p of punches) {
    const key = `${p.userId}|${p.date}`;
    const span = spans.get(key);
    if (!span) spans.set(key, { userId: p.userId, date: p.date, first: p.at, last: p.at });
    else {
      if (p.at < span.first) span.first = p.at;
      if (p.at > span.last) span.last = p.at;
    }
  }
  return [...spans.values()];
}

/**
 * Merges spans into the day records: a new day is created (status P, source 'device'); an existing
 * one from punches widens to include the span. Returns how many spans were written (admin and
 * imported days are left out).
 */
export async function applyPunchesToDays(db: Db, dialect: Dialect, spans: readonly DaySpan[]): Promise<void> {
  const least = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  const greatest = dialect === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  const first = sql`${least}(coalesce(attendance.punch_in, excluded.punch_in), excluded.punch_in)`;
  const last = sql`${greatest}(coalesce(attendance.punch_out, attendance.punch_in, excluded.punch_in), coalesce(excluded.punch_out, excluded.punch_in))`;
  for (let i = 0; i < spans.length; i += CHUNK) {
    const chunk = spans.slice(i, i + CHUNK);
    await db
      .insertInto('attendance')
      .values(chunk.map((s) => ({ user_id: s.userId, date: s.date, status: 'P', punch_in: s.first, punch_out: s.last > s.first ? s.last : null, source: 'device' })))
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'date'])
          .doUpdateSet({
            punch_in: sql<string>`${first}`,
            punch_out: sql<string | null>`case when ${last} > ${first} then ${last} else null end`,
          })
          .where((eb) => eb.or([eb('attendance.source', 'is', null), eb('attendance.source', 'not in', ['admin', 'import'])])),
      )
      .execute();
  }
  // The day's rules (minimum hours, breaks, overtime) decide what each touched day counts as.
  const rules = await rulesInForce(db);
  if (rules) await classifyDays(db, spans, rules);
}

/**
 * Recomputes days whose punches moved (a clock correction) or were withdrawn: a day made from
 * punches alone is set again from its applied punches (removed when none is left); a web day takes
 * them into its span; admin and imported days stay. A few statements per 500 days, not per day.
 */
export async function recomputeDays(db: Db, dialect: Dialect, days: readonly { userId: number; date: string }[]): Promise<void> {
  const wanted = new Map(days.map((d) => [`${d.userId}|${d.date}`, d]));
  const all = [...wanted.values()];
  const spans: DaySpan[] = [];
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    // One read for the chunk: every (person, day, state) of its people and dates, then only the
    // applied punches of the pairs asked for. The state is grouped, not filtered, so SQLite reads by
    // person (punches_user_time) instead of walking every applied punch by state.
    const rows = await db
      .selectFrom('punches')
      .select((eb) => ['user_id', 'attendance_date', 'state', eb.fn.min('punched_at').as('first'), eb.fn.max('punched_at').as('last')])
      .where('user_id', 'in', [...new Set(chunk.map((d) => d.userId))])
      .where('attendance_date', 'in', [...new Set(chunk.map((d) => d.date))])
      .groupBy(['user_id', 'attendance_date', 'state'])
      .execute();
    const found = new Map<string, DaySpan>();
    for (const r of rows) {
      const key = `${Number(r.user_id)}|${r.attendance_date}`;
      if (r.state === 'applied' && wanted.has(key) && r.first && r.last) found.set(key, { userId: Number(r.user_id), date: r.attendance_date!, first: r.first, last: r.last });
    }
    const gone = chunk.filter((d) => !found.has(`${d.userId}|${d.date}`));
    // 100 pairs a statement keeps the OR well inside SQLite's expression depth.
    for (let j = 0; j < gone.length; j += 100) {
      await db
        .deleteFrom('attendance')
        .where('source', '=', 'device')
        .where((eb) => eb.or(gone.slice(j, j + 100).map((d) => eb.and([eb('user_id', '=', d.userId), eb('date', '=', d.date)]))))
        .execute();
    }
    const kept = [...found.values()];
    if (kept.length) {
      // A day from punches alone is set to exactly its span (punches may have moved later or earlier).
      await db
        .insertInto('attendance')
        .values(kept.map((s) => ({ user_id: s.userId, date: s.date, status: 'P', punch_in: s.first, punch_out: s.last > s.first ? s.last : null, source: 'device' })))
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'date'])
            .doUpdateSet({ punch_in: sql<string>`excluded.punch_in`, punch_out: sql<string | null>`excluded.punch_out` })
            .where('attendance.source', '=', 'device'),
        )
        .execute();
      spans.push(...kept);
    }
  }
  // Web days take the spans in; device days are already exact, so the merge changes nothing there.
  await applyPunchesToDays(db, dialect, spans);
}

/** One person's applied raw punches of one attendance day, in time order (for rules that need every punch: breaks). */
export function punchesOfDay(db: Db, userId: number, date: string) {
  return db
    .selectFrom('punches')
    .select(['id', 'punched_at', 'source', 'device_serial', 'status', 'verify_type'])
    .where('user_id', '=', userId)
    .where('attendance_date', '=', date)
    .where('state', '=', 'applied')
    .orderBy('punched_at')
    .execute();
}
