/**
 * Pure view logic of the attendance screens: date ranges and their checks, the dashboard's rows
 * (sorted by email, named from the roster) and the chart's summary. Kept out of the components so
 * the rules are tested without rendering.
 */
import { ATTENDANCE_DEFAULT_RANGE_DAYS } from '../../../shared/constants';
import { ATTENDANCE_MSG, ATTENDANCE_UI, MSG } from '../../../shared/messages';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { ReportRange } from './attendance-api';

/** YYYY-MM-DD moved by whole days; calendar arithmetic in UTC, so no zone or DST shift creeps in. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The admin screen's default: the last 30 days, today included (the server's own default too). */
export const defaultRange = (today: string): ReportRange => ({
  startDate: shiftDate(today, -(ATTENDANCE_DEFAULT_RANGE_DAYS - 1)),
  endDate: today,
});

/**
 * What is wrong with a range a person typed, or null. Spec section 5: both dates are required;
 * a start after the end is refused with the server's own words rather than sent to be refused.
 */
export function rangeProblem(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return MSG.datesRequired;
  // YYYY-MM-DD strings order like the dates they name.
  if (startDate > endDate) return ATTENDANCE_MSG.startAfterEnd;
  return null;
}

/** One row of the dashboard's table: the record plus the roster's name for its email. */
export interface OverviewRow extends AttendanceRecord {
  name: string;
}

const byEmail = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Today's rows as the dashboard shows them (spec section 2): sorted by email, each named from the
 * employee list, 'Unknown' when the email is not on it (a deactivated employee keeps their history).
 */
export function overviewRows(
  records: readonly AttendanceRecord[],
  employees: readonly { email: string; name: string }[],
): OverviewRow[] {
  const names = new Map(employees.map((e) => [e.email.toLowerCase(), e.name]));
  return records
    .map((record) => ({ ...record, name: names.get(record.email.toLowerCase()) ?? ATTENDANCE_UI.unknownName }))
    .sort((a, b) => byEmail.compare(a.email, b.email) || a.email.localeCompare(b.email));
}

/** The chart's text alternative: today's counts and the average number present per day. */
export function summaryFacts(days: readonly AttendanceSummaryDay[]) {
  const today = days.at(-1);
  const totalPresent = days.reduce((sum, day) => sum + day.present, 0);
  return {
    days: days.length,
    present: today?.present ?? 0,
    absent: today?.absent ?? 0,
    averagePresent: days.length ? Math.round(totalPresent / days.length) : 0,
  };
}
