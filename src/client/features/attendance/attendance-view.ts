/**
 * Pure view logic of the attendance screens: date ranges and their checks, the dashboard's rows
 * (sorted by email, named from the roster), the chart's summary, today's live present/absent (one
 * rule for the figure cards and the chart's today), what the punch buttons may do, and hours worked.
 * Kept out of the components so the rules are tested without rendering.
 */
import { ATTENDANCE_DEFAULT_RANGE_DAYS, isPresent } from '../../../shared/constants';
import { ATTENDANCE_UI } from './attendance-copy';
import { shiftDate } from '../../../shared/format';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { ReportRange } from './attendance-api';

/** The admin screen's default: the last 30 days, today included (the server's own default too). */
export const defaultRange = (today: string): ReportRange => ({
  startDate: shiftDate(today, -(ATTENDANCE_DEFAULT_RANGE_DAYS - 1)),
  endDate: today,
});

/** product.md, Input rules: a range report needs both dates (the rest of the check is ./range-problem). */
export const datesMissing = (startDate: string, endDate: string): boolean => !startDate || !endDate;

/** One row of the dashboard's table: the record plus the roster's name for its email. */
export interface OverviewRow extends AttendanceRecord {
  name: string;
}

const byEmail = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Today's rows as the dashboard shows them (product.md, Screens): sorted by email, each named from the
 * employee list, 'Unknown' when the email is not on it (a deactivated employee keeps their history).
 */
export function overviewRows(
  records: readonly AttendanceRecord[],
  employees: readonly { email: string; name: string }[],
): OverviewRow[] {
  const names = namesByEmail(employees);
  // Each row spelled out field by field: an object spread builds 10,000 objects by the slow path
  // (over ten times slower in V8 here), and this runs after every poll that changed something.
  const rows = records.map(
    (r): OverviewRow => ({
      _id: r._id,
      employeeId: r.employeeId,
      email: r.email,
      date: r.date,
      status: r.status,
      punchIn: r.punchIn,
      punchOut: r.punchOut,
      dayOff: r.dayOff,
      name: names.get(r.email.toLowerCase()) ?? ATTENDANCE_UI.unknownName,
    }),
  );
  // The server's order (by email, byte-wise) is nearly this one, which the sort finishes quickly.
  return rows.sort((a, b) => byEmail.compare(a.email, b.email) || a.email.localeCompare(b.email));
}

/**
 * The roster's names by lower-cased email, kept per roster answer: the roster changes far less
 * often than the 10-second poll that asks for it. Only frozen rosters (the store's answers, see
 * frozenList) are remembered, as an array that cannot change cannot make its map stale.
 */
const rosterNames = new WeakMap<readonly { email: string; name: string }[], ReadonlyMap<string, string>>();

function namesByEmail(employees: readonly { email: string; name: string }[]): ReadonlyMap<string, string> {
  const known = rosterNames.get(employees);
  if (known) return known;
  const names = new Map(employees.map((e) => [e.email.toLowerCase(), e.name]));
  if (Object.isFrozen(employees)) rosterNames.set(employees, names);
  return names;
}

/**
 * The chart's text alternative: today's counts and the average number present per working day
 * (holidays and weekly offs would pull the average down with days nobody was expected).
 */
export function summaryFacts(days: readonly AttendanceSummaryDay[]) {
  const today = days.at(-1);
  const working = days.filter((day) => !day.dayOff);
  const totalPresent = working.reduce((sum, day) => sum + day.present, 0);
  return {
    days: days.length,
    present: today?.present ?? 0,
    absent: today?.absent ?? 0,
    averagePresent: working.length ? Math.round(totalPresent / working.length) : 0,
  };
}

/** Today's live figures: who is present by the live records, and the rest of today's workforce. */
export interface TodayPresence {
  present: number | null;
  absent: number | null;
}

/**
 * Present and absent for `date`, the one rule the dashboard's figure cards, the chart's today and
 * the frame's strip share so they never disagree with the live table. Present is counted from the
 * live records (each person once); the workforce (active employees who had joined by today) is the
 * chart summary's today, present + absent, which changes far less often than who has punched in.
 * A figure whose data has not arrived (or a summary from another day) is null.
 */
export function todayPresence(
  date: string,
  records: readonly AttendanceRecord[] | undefined,
  summary: readonly AttendanceSummaryDay[] | undefined,
): TodayPresence {
  const present = records ? presentOn(date, records) : null;
  const last = summary?.at(-1);
  const workforce = last && last.date === date ? last.present + last.absent : null;
  // On a holiday or weekly off nobody is absent, however few punch in.
  const absent = present !== null && workforce !== null ? (last?.dayOff ? 0 : Math.max(0, workforce - present)) : null;
  return { present, absent };
}

/**
 * Counts taken, per answer: the figure cards and the chart both ask about the same 10,000 records
 * after every poll. Only frozen arrays are remembered (the store's answers, see frozenList): an
 * array that cannot change cannot make its count stale.
 */
const presentCounts = new WeakMap<readonly AttendanceRecord[], { date: string; present: number }>();

/**
 * How many people the records show present on `date`. Counting records counts people: the server
 * keeps one record per person per day (attendance_user_date_unique), so no set of emails is needed.
 */
function presentOn(date: string, records: readonly AttendanceRecord[]): number {
  const known = presentCounts.get(records);
  if (known?.date === date) return known.present;
  let present = 0;
  for (const r of records) if (r.date === date && isPresent(r.status)) present++;
  if (Object.isFrozen(records)) presentCounts.set(records, { date, present });
  return present;
}

/** The chart's days with today's bar taken from the live figures, so chart and table agree. */
export function withLiveToday(days: readonly AttendanceSummaryDay[], date: string, live: TodayPresence): readonly AttendanceSummaryDay[] {
  if (live.present === null || live.absent === null) return days;
  const { present, absent } = live;
  return days.map((day) => (day.date === date ? { ...day, present, absent } : day));
}

/** What the punch buttons may do today, from today's record (one record per person per day on the server). */
export interface PunchAvailability {
  /** Today's record, if any. */
  record: AttendanceRecord | null;
  canPunchIn: boolean;
  canPunchOut: boolean;
}

/**
 * Punch In while today has no record; Punch Out while today's record is punched in and not out.
 * `records` undefined means the list is not known: both stay off while it loads, and both on when
 * it failed (`unknownAllows`), so a broken list never stops anyone from punching — the server judges.
 */
export function punchAvailability(
  records: readonly AttendanceRecord[] | undefined,
  today: string,
  unknownAllows = false,
  /** The day's rules allow a punch-in after a punch-out (a new stretch after a break). */
  allowBreaks = false,
): PunchAvailability {
  if (!records) return { record: null, canPunchIn: unknownAllows, canPunchOut: unknownAllows };
  const record = records.find((r) => r.date === today) ?? null;
  return {
    record,
    canPunchIn: record === null || (allowBreaks && !!record.punchIn && !!record.punchOut),
    canPunchOut: !!record?.punchIn && !record.punchOut,
  };
}

/** Whole minutes between the punches; null until the day has both (or if they are out of order). */
export function workedMinutes(punchIn: string | null, punchOut: string | null): number | null {
  if (!punchIn || !punchOut) return null;
  const ms = Date.parse(punchOut) - Date.parse(punchIn);
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms / 60_000) : null;
}

/** '8h 05m' between the punches, or '-' while the day is open or was never punched. */
export function formatWorked(punchIn: string | null, punchOut: string | null): string {
  const minutes = workedMinutes(punchIn, punchOut);
  if (minutes === null) return '-';
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** '25m', '1h 05m' of a late arrival or early leaving; '-' for none. */
export function formatMinutes(minutes: number | undefined): string {
  if (!minutes) return '-';
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

