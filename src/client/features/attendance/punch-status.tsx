/** The line above the punch buttons saying where today stands: punched in, punched out, or not yet. */
import { isPresent } from '../../../shared/constants';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
// The time as the spec's table writes it (the local time string), so this line and today's row agree.
import { formatLocalTime as formatClock } from '../../../shared/format';

/** The words for today's record (null: none yet). */
export function punchStatusText(record: Pick<AttendanceRecord, 'status' | 'punchIn' | 'punchOut'> | null): string {
  if (!record) return ATTENDANCE_EXTRA_UI.notPunchedIn;
  if (record.punchOut) return ATTENDANCE_EXTRA_UI.punchedOutAt(formatClock(record.punchOut));
  if (record.punchIn) return ATTENDANCE_EXTRA_UI.punchedInAt(formatClock(record.punchIn));
  return ATTENDANCE_EXTRA_UI.recordedToday(isPresent(record.status) ? ATTENDANCE_UI.present : ATTENDANCE_UI.absent);
}

/** Nothing while today's record is unknown (loading, or the list failed: the screen says so below). */
export function PunchStatus({ known, record }: { known: boolean; record: AttendanceRecord | null }) {
  if (!known) return null;
  return <p className="punch-status">{punchStatusText(record)}</p>;
}
