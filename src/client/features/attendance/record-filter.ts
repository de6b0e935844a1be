/**
 * The admin Attendance screen's filters over the range shown: a person (any part of the name,
 * email or employee ID) and what the day was. The server answers them (GET /api/attendance/page):
 * absent counts only working days (a day off is not an absence), as the status badge shows it.
 */
import type { AttendanceShow } from '../../../shared/schemas/attendance';
import { ATTENDANCE_EXTRA_UI } from './attendance-copy';

export type RecordShow = '' | AttendanceShow;

export interface RecordFilter {
  person: string;
  show: RecordShow;
}

export const RECORD_SHOWS: readonly { value: AttendanceShow; label: string }[] = [
  { value: 'present', label: ATTENDANCE_EXTRA_UI.statusPresent },
  { value: 'absent', label: ATTENDANCE_EXTRA_UI.statusAbsent },
  { value: 'late', label: ATTENDANCE_EXTRA_UI.statusLate },
  { value: 'early', label: ATTENDANCE_EXTRA_UI.statusEarly },
];
