/**
 * The figures of the admin frame's one-line attendance strip, as a pure function so the
 * rules are tested without rendering: present and absent by the one rule the figure cards and the
 * chart's today bar use (todayPresence), on leave as the server counts it for the figure cards.
 */
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { AdminDashboardSummary } from '../../../shared/schemas/dashboard';
import { todayPresence } from '../../features/attendance/attendance-view';

export interface StripFigures {
  present: number | null;
  absent: number | null;
  onLeave: number | null;
}

/**
 * `records` is today's poll (live every 10 s); `summary` the 30-day chart's days, whose last entry
 * is today: present is always the live count, and absent today's workforce minus it, so the strip
 * never lags the live table on the same screen. On leave is GET /api/dashboard/summary's exact
 * count of people whose approved leave covers today (the figure card's own number), rather than a
 * count over one page of approved requests, which missed anyone beyond the newest page.
 * A figure whose data has not arrived yet is null (the strip shows a dash).
 */
export function stripFigures(
  today: string,
  records: readonly AttendanceRecord[] | undefined,
  summary: readonly AttendanceSummaryDay[] | undefined,
  counts: Pick<AdminDashboardSummary, 'onLeaveToday'> | undefined,
): StripFigures {
  const { present, absent } = todayPresence(today, records, summary);
  return { present, absent, onLeave: counts ? counts.onLeaveToday : null };
}
