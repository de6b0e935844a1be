/**
 * The figures of the admin frame's one-line attendance strip (issue 11), as pure functions so the
 * rules are tested without rendering: present from today's live records, absent as the rest of
 * today's workforce, on leave from the approved requests that cover today.
 */
import { isPresent } from '../../../shared/constants';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { Leave } from '../../../shared/schemas/leave';

export interface StripFigures {
  present: number | null;
  absent: number | null;
  onLeave: number | null;
}

/**
 * `records` is today's poll (live every 10 s); `summary` the 30-day chart's days, whose last entry
 * is today: present + absent there is today's workforce (active employees who had joined), which
 * changes far less often than who has punched in. So present is always the live count, and absent
 * is the workforce minus it — the strip never lags the live table on the same screen.
 * `approved` is the approved leave requests; a person counts once however many cover today.
 * A figure whose data has not arrived yet is null (the strip shows a dash).
 */
export function stripFigures(
  today: string,
  records: readonly AttendanceRecord[] | undefined,
  summary: readonly AttendanceSummaryDay[] | undefined,
  approved: readonly Leave[] | undefined,
): StripFigures {
  const present = records ? new Set(records.filter((r) => isPresent(r.status)).map((r) => r.email.toLowerCase())).size : null;
  const last = summary?.at(-1);
  const workforce = last && last.date === today ? last.present + last.absent : null;
  const absent = present !== null && workforce !== null ? Math.max(0, workforce - present) : null;
  const onLeave = approved
    ? new Set(approved.filter((l) => l.status === 'approved' && l.startDate <= today && today <= l.endDate).map((l) => l.employeeId)).size
    : null;
  return { present, absent, onLeave };
}
