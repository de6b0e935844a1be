/**
 * Today's figures of the admin dashboard (the strip and the figure cards), as a pure function so
 * the rules are tested without rendering. Each person employed today counts once:
 * present + absent + on leave + off today = employed. Present is the live poll's count (the rule
 * the chart's today bar uses, todayPresence); employed, on leave (approved leave, not present) and
 * whether today is a weekly off or holiday come from GET /api/dashboard/summary. Whoever is left is
 * absent on a working day and off today on a day off.
 */
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import type { AdminDashboardSummary } from '../../../shared/schemas/dashboard';
import { todayPresence } from '../../features/attendance/attendance-view';

export interface StripFigures {
  present: number | null;
  absent: number | null;
  onLeave: number | null;
  off: number | null;
}

/**
 * `records` is today's poll (live every 10 s), so present never lags the live table on the same
 * screen. A figure whose data has not arrived yet is null (shown as a dash).
 */
export const stripFigures = (
  today: string,
  records: readonly AttendanceRecord[] | undefined,
  counts: Pick<AdminDashboardSummary, 'today'> | undefined,
): StripFigures => todayFigures(todayPresence(today, records, undefined).present, counts);

/** The split around a live present count (the figure cards have it from their own hook). */
export function todayFigures(present: number | null, counts: Pick<AdminDashboardSummary, 'today'> | undefined): StripFigures {
  const split = counts?.today;
  if (!split) return { present, absent: null, onLeave: null, off: null };
  if (present === null) return { present, absent: null, onLeave: split.onLeave, off: null };
  const rest = Math.max(0, split.employed - present - split.onLeave);
  return { present, onLeave: split.onLeave, absent: split.dayOff ? 0 : rest, off: split.dayOff ? rest : 0 };
}
