/** The rules behind /api/attendance: punching in and out, the lists, the chart and the report ranges. */
import { createHash, randomBytes } from 'node:crypto';
import {
  ATTENDANCE_DEFAULT_RANGE_DAYS,
  ATTENDANCE_LIST_CACHED_ROWS,
  ATTENDANCE_OWN_DEFAULT_RANGE_DAYS,
} from '../../../shared/constants';
import { dateInZone, shiftDate } from '../../../shared/format';
import { dayKind, type WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import { dateRangeSchema } from '../../../shared/schemas/attendance';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import type {
  AttendancePage,
  AttendanceQuery,
  AttendanceShow,
  AttendanceRangeQuery,
  AttendanceRecord,
  AttendanceSummaryDay,
  PunchResponse,
} from '../../../shared/schemas/attendance';
import type { AttendancePageQueryParsed } from '../../../shared/schemas/attendance';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import {
  activeHeadcountByJoinDate,
  activeHeadcountByLeavingDate,
  findDayRecord,
  findRecord,
  hasRawPunches,
  insertPunchIn,
  recordWebPunch,
  reopenDay,
  listRecords,
  recordsByDay,
  listUserRecords,
  narrowedCountsByDay,
  narrowedDay,
  presentCountsByDate,
  rangeFingerprint,
  setPunchOut,
  type AttendanceRow,
  type RecordNarrowing,
} from './attendance-repository';
import { workCalendar } from '../leave-policy';
import { recordTimer, type RecordTimer } from '../work-hours';
import { workHoursFingerprint } from '../work-hours';
import { classifyDays } from '../day-rules';
import { readDayRules } from '../day-rules';
import { checkWebPunch } from '../day-rules';
import type { PunchPosition } from '../../../shared/schemas/day-rules';

/** Where a web punch comes from: the client address (TRUST_PROXY decides whose) and the browser's position, if sent. */
export interface WebPunch {
  address?: string;
  position?: PunchPosition;
}

/** The record as the spec's clients see it (section 3), marked when its date is a day off, and timed against the person's shift when a timer is given. */
export function toWire(row: AttendanceRow, calendar?: WorkCalendar, timer?: RecordTimer): AttendanceRecord {
  const kind = calendar ? dayKind(row.date, calendar) : 'working';
  return {
    ...(kind === 'working' ? {} : { dayOff: kind }),
    _id: String(row.id),
    employeeId: row.employee_id,
    email: row.email,
    ...(row.name ? { name: row.name } : {}),
    date: row.date,
    status: row.status,
    punchIn: row.punch_in,
    punchOut: row.punch_out,
    source: row.source ?? 'web',
    ...(timer ? timer(row, kind === 'working') : {}),
    // Counted by the day's rules: breaks are not hours worked.
    ...(row.worked_minutes != null ? { hoursWorked: Math.round((row.worked_minutes / 60) * 100) / 100, workedMinutes: row.worked_minutes } : {}),
    ...(row.overtime_minutes ? { overtimeMinutes: row.overtime_minutes } : {}),
    ...(row.punch_method ? { punchMethod: row.punch_method } : {}),
    ...(row.verified != null ? { verified: row.verified === 1 } : {}),
  };
}

/** A checked inclusive range; start after end is the caller's mistake. */
function checkedRange(from: string, to: string) {
  const checked = dateRangeSchema.safeParse({ startDate: from, endDate: to });
  if (!checked.success) throw badRequest(checked.error.issues[0]!.message);
  return { from, to };
}

/** A show's narrowing in SQL, and what is left to judge per record once it is timed. */
const SHOW_NARROWING: Record<AttendanceShow, { sql: RecordNarrowing; keep?: (r: AttendanceRecord) => boolean; workingDaysOnly?: boolean }> = {
  present: { sql: { status: 'present' } },
  // A day off is not an absence, as the status badge shows it.
  absent: { sql: { status: 'notPresent' }, workingDaysOnly: true },
  late: { sql: { punchIn: true }, keep: (r) => (r.lateMinutes ?? 0) > 0 },
  early: { sql: { punchOut: true }, keep: (r) => (r.earlyMinutes ?? 0) > 0 },
};

/** The longest range the admin list answers, in days (a leap year). */
export const ATTENDANCE_LIST_MAX_DAYS = 366;

/**
 * The report's range: both dates or neither (then every record). Returns undefined for "everything".
 */
export function downloadRange(query: AttendanceRangeQuery): { from: string; to: string } | undefined {
  const { startDate, endDate } = query;
  if (!startDate && !endDate) return undefined;
  if (!startDate || !endDate) throw badRequest(ATTENDANCE_MSG.bothDatesRequired);
  return checkedRange(startDate, endDate);
}

export function createAttendanceService(ctx: AppContext) {
  const { db } = ctx.database;
  /** Attendance days are the company's days (APP_TIMEZONE), not the server's or the browser's. */
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);
  // Part of every list ETag: a restart (perhaps new code with a new wire format) invalidates what
  // clients cached from the previous process.
  const boot = randomBytes(6).toString('hex');

  async function recordById(id: number): Promise<AttendanceRecord> {
    const row = await findRecord(db, id);
    // The row was written a moment ago by this request; a miss means the database lost it.
    if (!row) throw new Error(`attendance record ${id} vanished`);
    return toWire(row);
  }

  return {
    /**
     * Starts the caller's day; the unique (user_id, date) key turns a second or simultaneous punch-in
     * into a 409. With breaks allowed by the day's rules, a punch-in after a punch-out opens the day
     * again (a new stretch; the gap is a break). The person's punch rule is checked first (web on or
     * off, a site's geofence, an office network: 400/403 {msg} saying why).
     */
    async punchIn(caller: Caller, web: WebPunch = {}): Promise<PunchResponse> {
      const now = ctx.now();
      const at = now.toISOString();
      const date = dateInZone(now, ctx.config.timeZone);
      const proof = await checkWebPunch(db, caller.userId, web.address ?? '', web.position);
      const id = await db.transaction().execute(async (trx) => {
        let opened = await insertPunchIn(trx, { userId: caller.userId, date, at, method: proof.method, verified: proof.verified });
        if (opened === undefined) {
          const rules = await readDayRules(trx);
          if (!rules.allowBreaks) return undefined;
          const before = await findDayRecord(trx, caller.userId, date);
          opened = await reopenDay(trx, { userId: caller.userId, date });
          if (opened === undefined || !before?.punch_in || !before.punch_out) return undefined;
          // A day punched before raw web punches were kept: its first stretch is kept raw now, so it still counts.
          if (!(await hasRawPunches(trx, caller.userId, date))) {
            await recordWebPunch(trx, { userId: caller.userId, date, at: before.punch_in, kind: 'in', method: 'web', verified: false });
            await recordWebPunch(trx, { userId: caller.userId, date, at: before.punch_out, kind: 'out', method: 'web', verified: false });
          }
          if (!proof.verified) await trx.updateTable('attendance').set({ verified: 0 }).where('id', '=', opened).execute();
        }
        await recordWebPunch(trx, { userId: caller.userId, date, at, kind: 'in', ...proof });
        await classifyDays(trx, [{ userId: caller.userId, date }]);
        return opened;
      });
      if (id === undefined) throw conflict(ATTENDANCE_MSG.alreadyPunchedIn);
      return { msg: ATTENDANCE_MSG.punchedIn, record: await recordById(id) };
    },

    /**
     * Ends the caller's open stretch: today's, or, when today has no record, yesterday's if it was
     * punched in less than a day ago (an overnight stretch belongs to the day it started). Counted
     * by the day's rules as it closes.
     */
    async punchOut(caller: Caller, web: WebPunch = {}): Promise<PunchResponse> {
      const now = ctx.now();
      const at = now.toISOString();
      const today = dateInZone(now, ctx.config.timeZone);
      const proof = await checkWebPunch(db, caller.userId, web.address ?? '', web.position);
      const result = await db.transaction().execute(async (trx) => {
        let date = today;
        const existing = await findDayRecord(trx, caller.userId, today);
        if (!existing) {
          const yesterday = shiftDate(today, -1);
          const open = await findDayRecord(trx, caller.userId, yesterday);
          if (open?.punch_in && !open.punch_out && now.getTime() - Date.parse(open.punch_in) < 86_400_000) date = yesterday;
        }
        const id = await setPunchOut(trx, { userId: caller.userId, date, at });
        if (id === undefined) return { existing };
        await recordWebPunch(trx, { userId: caller.userId, date, at, kind: 'out', ...proof });
        if (!proof.verified) await trx.updateTable('attendance').set({ verified: 0 }).where('id', '=', id).where('verified', '=', 1).execute();
        await classifyDays(trx, [{ userId: caller.userId, date }]);
        return { id, existing };
      });
      if (result.id === undefined) {
        const { existing } = result;
        throw conflict(existing?.punch_in && existing.punch_out ? ATTENDANCE_MSG.alreadyPunchedOut : ATTENDANCE_MSG.notPunchedIn);
      }
      return { msg: ATTENDANCE_MSG.punchedOut, record: await recordById(result.id) };
    },

    /** The caller's records, newest first; without dates the last year, so the answer stays bounded. */
    async ownRecords(caller: Caller, query: AttendanceRangeQuery): Promise<AttendanceRecord[]> {
      const to = query.endDate ?? today();
      const from = query.startDate ?? shiftDate(to, -(ATTENDANCE_OWN_DEFAULT_RANGE_DAYS - 1));
      const range = checkedRange(from, to);
      const [rows, calendar, timer] = await Promise.all([listUserRecords(db, caller.userId, range), workCalendar(db, range.from, range.to), recordTimer(db, ctx.config.timeZone, [caller.userId])]);
      return rows.map((row) => toWire(row, calendar, timer));
    },

    /**
     * Everyone's records: one `date`, or `startDate`..`endDate` (a missing end is today, a missing
     * start 30 days before the end). Without filters: the last 30 days. Answers the list's ETag
     * first — a fingerprint from a few aggregates — and the rows only on demand, so an unchanged
     * poll never reads them. A range holding more rows than one answer may carry is refused with a
     * pointer to the CSV download.
     */
    /**
     * The admin list of a range: its version tag, and the answer either whole (`records`, at most
     * ATTENDANCE_LIST_CACHED_ROWS rows, kept and shared by pollers) or as JSON text a day at a time
     * (`chunks`, for anything larger: memory stays flat however large the company).
     */
    async list(query: AttendanceQuery): Promise<{ etag: string; whole: boolean; records: () => Promise<AttendanceRecord[]>; chunks: () => AsyncGenerator<string> }> {
      if (query.date && (query.startDate || query.endDate)) throw badRequest(ATTENDANCE_MSG.dateWithRange);
      let range: { from: string; to: string };
      if (query.date) {
        range = { from: query.date, to: query.date };
      } else {
        const to = query.endDate ?? today();
        range = checkedRange(query.startDate ?? shiftDate(to, -(ATTENDANCE_DEFAULT_RANGE_DAYS - 1)), to);
      }
      // A year at most: the range is checked before anything is read, so 0001-01-01..9999-12-31 costs nothing.
      if (Date.parse(range.to) - Date.parse(range.from) >= ATTENDANCE_LIST_MAX_DAYS * 86_400_000) throw badRequest(ATTENDANCE_MSG.rangeTooLong(ATTENDANCE_LIST_MAX_DAYS));
      const fingerprint = await rangeFingerprint(db, range);
      // The days off mark records too, so a holiday added or a weekly off changed is a new answer.
      // So do the working hours: a changed shift or grace re-times the records.
      const [calendar, workHours] = await Promise.all([workCalendar(db, range.from, range.to), workHoursFingerprint(db)]);
      const days = { weeklyOff: calendar.weeklyOff, holidays: [...calendar.holidays].sort() };
      const hash = createHash('sha256').update(JSON.stringify({ boot, range, ...fingerprint, days, workHours })).digest('base64url');
      // Read after the fingerprint: a write in between makes the body newer than its tag, which
      // only costs one more full answer on the next poll — never a stale 304.
      return {
        etag: `"${hash.slice(0, 27)}"`,
        whole: fingerprint.count <= ATTENDANCE_LIST_CACHED_ROWS,
        records: async () => {
          const [rows, timer] = await Promise.all([listRecords(db, range), recordTimer(db, ctx.config.timeZone)]);
          return rows.map((row) => toWire(row, calendar, timer));
        },
        chunks: async function* () {
          const timer = await recordTimer(db, ctx.config.timeZone);
          let first = true;
          yield '[';
          for await (const rows of recordsByDay(db, range)) {
            const text = rows.map((row) => JSON.stringify(toWire(row, calendar, timer))).join(',');
            yield first ? text : `,${text}`;
            first = false;
          }
          yield ']';
        },
      };
    },

    /**
     * One page of the admin list of a range (the list's order: newest day first, then email),
     * narrowed to a person and a kind of day on the server. Counting costs one grouped query when
     * the narrowing is all SQL (present, absent, a person), and only the days the page touches are
     * read; late and early are timed against each person's shift, so those read the range a day at
     * a time and keep nothing but the page.
     */
    async page(query: AttendancePageQueryParsed): Promise<AttendancePage> {
      const to = query.endDate ?? today();
      const range = checkedRange(query.startDate ?? shiftDate(to, -(ATTENDANCE_DEFAULT_RANGE_DAYS - 1)), to);
      if (Date.parse(range.to) - Date.parse(range.from) >= ATTENDANCE_LIST_MAX_DAYS * 86_400_000) throw badRequest(ATTENDANCE_MSG.rangeTooLong(ATTENDANCE_LIST_MAX_DAYS));
      const show = query.show ? SHOW_NARROWING[query.show] : undefined;
      const narrowing: RecordNarrowing = { q: query.q, ...show?.sql };
      const [calendar, timer, everything] = await Promise.all([workCalendar(db, range.from, range.to), recordTimer(db, ctx.config.timeZone), narrowedCountsByDay(db, range, {})]);
      const counted = query.q || show ? await narrowedCountsByDay(db, range, narrowing) : everything;
      const rangeTotal = [...everything.values()].reduce((a, b) => a + b, 0);
      const end = query.offset + query.limit;
      const records: AttendanceRecord[] = [];
      let total = 0;
      for (let day = range.to; day >= range.from; day = shiftDate(day, -1)) {
        const inDay = counted.get(day) ?? 0;
        if (inDay === 0 || (show?.workingDaysOnly && dayKind(day, calendar) !== 'working')) continue;
        // All-SQL narrowing: the day's count is exact, so a day outside the page is never read.
        if (!show?.keep && (total + inDay <= query.offset || total >= end)) {
          total += inDay;
          continue;
        }
        for (const row of await narrowedDay(db, day, narrowing)) {
          const record = toWire(row, calendar, timer);
          if (show?.keep && !show.keep(record)) continue;
          if (total >= query.offset && total < end) records.push(record);
          total += 1;
        }
      }
      return { startDate: range.from, endDate: range.to, offset: query.offset, total, rangeTotal, records };
    },

    /**
     * Present and absent per day for the last `days` days (today included), oldest first. The
     * workforce of a day is the active employees who had joined by then and not left before it; absent is that minus present,
     * except on a holiday or weekly off, when nobody is absent and the day says which it is.
     * Only counts travel from the database.
     */
    async summary(days: number): Promise<AttendanceSummaryDay[]> {
      const to = today();
      const from = shiftDate(to, -(days - 1));
      const [present, joins, leaves, calendar] = await Promise.all([presentCountsByDate(db, { from, to }), activeHeadcountByJoinDate(db), activeHeadcountByLeavingDate(db), workCalendar(db, from, to)]);
      const result: AttendanceSummaryDay[] = [];
      let joined = 0;
      let next = 0;
      let nextLeft = 0;
      for (let date = from; date <= to; date = shiftDate(date, 1)) {
        while (next < joins.length && joins[next]!.joinedOn <= date) joined += joins[next++]!.count;
        // Gone from the day after their last day employed.
        while (nextLeft < leaves.length && leaves[nextLeft]!.leftOn < date) joined -= leaves[nextLeft++]!.count;
        const p = present.get(date) ?? 0;
        const kind = dayKind(date, calendar);
        result.push(kind === 'working' ? { date, present: p, absent: Math.max(0, joined - p) } : { date, present: p, absent: 0, dayOff: kind });
      }
      return result;
    },
  };
}
