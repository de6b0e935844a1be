/**
 * Attendance storage: every query on the attendance table, written once for SQLite and PostgreSQL.
 * Other modules (payroll, salary slips) reuse the presence queries instead of reading the table.
 */
import { shiftDate } from '../../../shared/format';
import type { Kysely, Transaction } from 'kysely';
import { contains } from '../../db/contains';
import { PRESENT_CODES } from '../../../shared/constants';
import type { AttendanceTable, DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// User ids per IN (...) list in the many-user queries.
const ID_CHUNK = 500;

/** A stored record with the owner's email, name and business id, as every listing needs it. */
export interface AttendanceRow extends Omit<AttendanceTable, 'id'> {
  id: number;
  email: string;
  name: string;
  employee_id: string | null;
}

/** An inclusive YYYY-MM-DD range; a missing end means "no bound on that side". */
export interface DateRange {
  from?: string;
  to?: string;
}

const recordColumns = [
  'a.id',
  'a.user_id',
  'a.date',
  'a.status',
  'a.punch_in',
  'a.punch_out',
  'a.source',
  'a.worked_minutes',
  'a.overtime_minutes',
  'a.punch_method',
  'a.verified',
  'u.email',
  'u.name',
  'e.employee_id',
] as const;

function recordsQuery(db: Db, range: DateRange) {
  let query = db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('employees as e', 'e.user_id', 'a.user_id')
    .select(recordColumns);
  // Filtering on a.date (never on a function of it) keeps the (date, user_id) index usable.
  if (range.from) query = query.where('a.date', '>=', range.from);
  if (range.to) query = query.where('a.date', '<=', range.to);
  return query;
}

/**
 * Creates the day's record with status P. Returns its id, or undefined when the person already has
 * a record that day: the unique (user_id, date) key makes simultaneous punch-ins collapse into one row.
 */
export async function insertPunchIn(db: Db, p: { userId: number; date: string; at: string; method?: string; verified?: boolean }): Promise<number | undefined> {
  const row = await db
    .insertInto('attendance')
    .values({
      user_id: p.userId,
      date: p.date,
      status: 'P',
      punch_in: p.at,
      punch_out: null,
      ...(p.method ? { source: 'web', punch_method: p.method, verified: p.verified ? 1 : 0 } : {}),
    })
    .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Stamps punch_out on the day's record if it was punched in and not yet out, and was not set by an
 * admin or an import. Returns the record's
 * id, or undefined when nothing changed; the condition lives in the UPDATE so concurrent punch-outs
 * set it once.
 */
export async function setPunchOut(db: Db, p: { userId: number; date: string; at: string }): Promise<number | undefined> {
  const row = await db
    .updateTable('attendance')
    .set({ punch_out: p.at })
    .where('user_id', '=', p.userId)
    .where('date', '=', p.date)
    .where('punch_in', 'is not', null)
    .where('punch_out', 'is', null)
    // A day an admin set or a file brought in is never changed by punches.
    .where((eb) => eb.or([eb('source', 'is', null), eb('source', 'not in', ['admin', 'import'])]))
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Opens a punched-out day again for a punch-in after a break: punch_out is cleared and the day is P
 * until it closes. Returns the record's id, or undefined when the day is not closed or was set by an
 * admin or an import.
 */
export async function reopenDay(db: Db, p: { userId: number; date: string }): Promise<number | undefined> {
  const row = await db
    .updateTable('attendance')
    .set({ punch_out: null, status: 'P' })
    .where('user_id', '=', p.userId)
    .where('date', '=', p.date)
    .where('punch_in', 'is not', null)
    .where('punch_out', 'is not', null)
    .where('status', 'in', ['P', 'H', 'A'])
    .where((eb) => eb.or([eb('source', 'is', null), eb('source', 'not in', ['admin', 'import'])]))
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether a person's day has any applied raw punch (web or device). */
export async function hasRawPunches(db: Db, userId: number, date: string): Promise<boolean> {
  const row = await db.selectFrom('punches').select('id').where('user_id', '=', userId).where('attendance_date', '=', date).where('state', '=', 'applied').executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps a web punch raw, beside the devices' (source 'web', status 'in' or 'out', verify_type how it
 * was made, verified whether it was checked), so a day with breaks is counted from every punch.
 */
export async function recordWebPunch(db: Db, p: { userId: number; date: string; at: string; kind: 'in' | 'out'; method: string; verified: boolean }): Promise<void> {
  await db
    .insertInto('punches')
    .values({
      dedupe_key: `web|${p.userId}|${p.at}|${p.kind}`,
      source: 'web',
      device_id: null,
      device_serial: null,
      pin: null,
      user_id: p.userId,
      sent_time: p.at,
      punched_at: p.at,
      received_at: p.at,
      status: p.kind,
      verify_type: p.method,
      work_code: null,
      attendance_date: p.date,
      state: 'applied',
      reason: null,
      verified: p.verified ? 1 : 0,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** One person's record of one day, if any. */
export function findDayRecord(db: Db, userId: number, date: string) {
  return db
    .selectFrom('attendance')
    .select(['id', 'status', 'punch_in', 'punch_out', 'source', 'verified'])
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .executeTakeFirst();
}

/** One record with its owner's details, by id. */
export function findRecord(db: Db, id: number): Promise<AttendanceRow | undefined> {
  return recordsQuery(db, {}).where('a.id', '=', id).executeTakeFirst();
}

/** Newest day first, then email, then id: the admin list's order. */
function byDateDescThenEmail(a: AttendanceRow, b: AttendanceRow): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.email !== b.email) return a.email < b.email ? -1 : 1;
  return a.id - b.id;
}

/** Records of a date range, newest day first and by email within a day (the admin list). */
export async function listRecords(db: Db, range: DateRange): Promise<AttendanceRow[]> {
  const rows = await recordsQuery(db, range).execute();
  // Sorted here rather than in SQL: PostgreSQL would order emails by its locale's collation (slower,
  // and unlike SQLite's byte order), so the two engines would disagree. One sorter, one order.
  return rows.sort(byDateDescThenEmail);
}

/**
 * The same rows in the same order, one day at a time (newest day first), so a year of a large company
 * is never held at once: each day is one indexed read of at most one row per person.
 */
export async function* recordsByDay(db: Db, range: Required<DateRange>): AsyncGenerator<AttendanceRow[]> {
  for (let day = range.to; day >= range.from; day = shiftDate(day, -1)) {
    const rows = await recordsQuery(db, { from: day, to: day }).execute();
    if (rows.length) yield rows.sort(byDateDescThenEmail);
  }
}

/**
 * What the admin's paged list narrows to in SQL: a part of the name, email or employee ID, and a
 * day's kind of status. `punchIn` / `punchOut` keep only days with that punch (late and early are
 * timed afterwards, against each person's shift).
 */
export interface RecordNarrowing {
  q?: string;
  status?: 'present' | 'notPresent';
  punchIn?: boolean;
  punchOut?: boolean;
}

function narrowed(db: Db, range: DateRange, n: RecordNarrowing) {
  let query = recordsQuery(db, range);
  if (n.q) {
    const q = n.q;
    query = query.where((eb) => eb.or([contains('u.name', q), contains('u.email', q), contains('e.employee_id', q)]));
  }
  if (n.status === 'present') query = query.where('a.status', 'in', [...PRESENT_CODES]);
  if (n.status === 'notPresent') query = query.where('a.status', 'not in', [...PRESENT_CODES]);
  if (n.punchIn) query = query.where('a.punch_in', 'is not', null);
  if (n.punchOut) query = query.where('a.punch_out', 'is not', null);
  return query;
}

/** How many records of each day of the range pass the narrowing (days with none are absent). */
export async function narrowedCountsByDay(db: Db, range: Required<DateRange>, n: RecordNarrowing): Promise<Map<string, number>> {
  const rows = await narrowed(db, range, n)
    .clearSelect()
    .select(['a.date', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.date')
    .execute();
  return new Map(rows.map((r) => [r.date, Number(r.n)]));
}

/** One day's records that pass the narrowing, in the admin list's order (by email). */
export async function narrowedDay(db: Db, day: string, n: RecordNarrowing): Promise<AttendanceRow[]> {
  return (await narrowed(db, { from: day, to: day }, n).execute()).sort(byDateDescThenEmail);
}

/** One person's records of a date range, newest first (the employee's own list). */
export function listUserRecords(db: Db, userId: number, range: DateRange): Promise<AttendanceRow[]> {
  return recordsQuery(db, range).where('a.user_id', '=', userId).orderBy('a.date', 'desc').execute();
}

/**
 * What the admin list of a range depends on, in a few aggregates: how many records, the newest id,
 * how many are punched out, and the latest change to any account (a renamed email shows in the list).
 * Every change the list can see moves one of them, because records change only through this file's
 * writers — a punch-in adds a row (count, max id), a punch-out fills punch_out once (punched_out) —
 * and through an approved attendance correction, which may rewrite a complete day's punches without
 * moving any of those: the count of approved corrections of the range covers it (an approval is
 * never undone). A writer that edits records any other way must extend this fingerprint.
 */
export async function rangeFingerprint(db: Db, range: Required<DateRange>) {
  const [records, accounts, corrections, punches, devices] = await Promise.all([
    db
      .selectFrom('attendance')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('max_id'), eb.fn.count<number>('punch_out').as('punched_out')])
      .where('date', '>=', range.from)
      .where('date', '<=', range.to)
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.max('updated_at').as('changed_at')).executeTakeFirstOrThrow(),
    db
      .selectFrom('attendance_corrections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'approved')
      .where('date', '>=', range.from)
      .where('date', '<=', range.to)
      .executeTakeFirstOrThrow(),
    // A device punch can move a day's punch-out without changing any count above; the newest raw
    // punch and the last device change (a clock correction) make such a poll a new answer.
    db
      .selectFrom('punches')
      .select((eb) => [eb.fn.max('id').as('max_id')])
      .executeTakeFirstOrThrow(),
    db.selectFrom('devices').select((eb) => eb.fn.max('updated_at').as('changed_at')).executeTakeFirstOrThrow(),
  ]);
  return {
    punches: `${punches.max_id ?? ''}|${devices.changed_at ?? ''}`,
    count: Number(records.n),
    maxId: records.max_id === null ? null : Number(records.max_id),
    punchedOut: Number(records.punched_out),
    accountsChangedAt: accounts.changed_at,
    corrected: Number(corrections.n),
  };
}

/**
 * Streams a range's records in (date, user_id) order — the index's own order, so the first row
 * leaves before the last is read and nothing is sorted in memory. Rows arrive one at a time; a
 * consumer that stops early (client gone) ends the cursor through the iterator's return().
 */
export function streamRecords(db: Db, range: DateRange, chunkSize = 1000): AsyncIterableIterator<AttendanceRow> {
  return recordsQuery(db, range).orderBy('a.date').orderBy('a.user_id').stream(chunkSize);
}

/** Per day of the range, how many active people were present (P or H), computed by the database. */
export async function presentCountsByDate(db: Db, range: Required<DateRange>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.date', (eb) => eb.fn.countAll<number>().as('n')])
    .where('a.date', '>=', range.from)
    .where('a.date', '<=', range.to)
    .where('a.status', 'in', [...PRESENT_CODES])
    .where('u.active', '=', 1)
    .groupBy('a.date')
    .execute();
  return new Map(rows.map((r) => [r.date, Number(r.n)]));
}

/** Active employees grouped by joining date, oldest first: the workforce of any day is a running sum. */
export async function activeHeadcountByJoinDate(db: Db): Promise<{ joinedOn: string; count: number }[]> {
  const rows = await db
    .selectFrom('employees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.joined_on', (eb) => eb.fn.countAll<number>().as('n')])
    .where('u.active', '=', 1)
    .groupBy('e.joined_on')
    .orderBy('e.joined_on')
    .execute();
  return rows.map((r) => ({ joinedOn: r.joined_on, count: Number(r.n) }));
}

/**
 * Active employees grouped by leaving date (the last day employed), oldest first: from the day after
 * it they are no longer in the workforce, so a leaver is never counted absent.
 */
export async function activeHeadcountByLeavingDate(db: Db): Promise<{ leftOn: string; count: number }[]> {
  const rows = await db
    .selectFrom('employee_statutory as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.left_on', (eb) => eb.fn.countAll<number>().as('n')])
    .where('u.active', '=', 1)
    .where('s.left_on', 'is not', null)
    .groupBy('s.left_on')
    .orderBy('s.left_on')
    .execute();
  return rows.map((r) => ({ leftOn: r.left_on!, count: Number(r.n) }));
}

/** The days (YYYY-MM-DD, ascending) one person was present (P or H) within an inclusive range. */
export async function presenceDays(db: Db, userId: number, range: Required<DateRange>): Promise<string[]> {
  return [...((await presenceDatesByUser(db, range, [userId])).get(userId) ?? [])];
}

/**
 * presenceDays for many users at once (a payroll batch): user id -> days, each set in ascending
 * order; users never present in the range are absent. One query per ID_CHUNK users.
 */
export async function presenceDatesByUser(db: Db, range: Required<DateRange>, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const byUser = await presencePunchInsByUser(db, range, userIds);
  return new Map([...byUser].map(([id, days]) => [id, new Set(days.keys())]));
}

/** The attendance rows of `userIds` from `from` to `to`, both included, for the caller to select from. */
export const attendanceBetween = (db: Db, userIds: readonly number[], from: string, to: string) =>
  db.selectFrom('attendance').where('user_id', 'in', userIds).where('date', '>=', from).where('date', '<=', to);

/**
 * The same read with each day's punch-in (date -> punch-in, in date order): payroll counts presence
 * and late marks from one query per batch. With `halfDays`, the dates with attendance H (half days)
 * are collected into it per user from the same rows; with `absent`, the dates marked A (not in the
 * answer), which the pay basis 'leave' needs.
 */
export async function presencePunchInsByUser(
  db: Db,
  range: Required<DateRange>,
  userIds: readonly number[],
  halfDays?: Map<number, Set<string>>,
  absent?: Map<number, Set<string>>,
): Promise<Map<number, Map<string, string | null>>> {
  const result = new Map<number, Map<string, string | null>>();
  const statuses: string[] = absent ? [...PRESENT_CODES, 'A'] : [...PRESENT_CODES];
  // Chunked so a long id list stays far below either engine's bound-parameter limit.
  for (let i = 0; i < userIds.length; i += ID_CHUNK) {
    const rows = await attendanceBetween(db, userIds.slice(i, i + ID_CHUNK), range.from, range.to)
      .select(['user_id', 'date', 'punch_in', 'status'])
      .where('status', 'in', statuses)
      .orderBy('date')
      .execute();
    for (const row of rows) {
      if (row.status === 'A') {
        let dates = absent!.get(row.user_id);
        if (!dates) absent!.set(row.user_id, (dates = new Set()));
        dates.add(row.date);
        continue;
      }
      let days = result.get(row.user_id);
      if (!days) result.set(row.user_id, (days = new Map()));
      days.set(row.date, row.punch_in);
      if (halfDays && row.status === 'H') {
        let dates = halfDays.get(row.user_id);
        if (!dates) halfDays.set(row.user_id, (dates = new Set()));
        dates.add(row.date);
      }
    }
  }
  return result;
}

/** Present-day counts per user within an inclusive range, in one query (a payroll run over everyone). */
export async function presenceDayCounts(db: Db, range: Required<DateRange>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('attendance')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('date', '>=', range.from)
    .where('date', '<=', range.to)
    .where('status', 'in', [...PRESENT_CODES])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}
