/**
 * The admin Attendance screen's filters over the records of the range shown: a person (any part
 * of the name, email or employee ID, case and accents aside) and what the day was. Absent counts
 * only working days (a day off is not an absence), as the status badge shows it.
 */
import { isPresent } from '../../../shared/constants';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { ATTENDANCE_EXTRA_UI } from './attendance-copy';

export type RecordShow = '' | 'present' | 'absent' | 'late' | 'early';

export interface RecordFilter {
  person: string;
  show: RecordShow;
}

export const RECORD_SHOWS: readonly { value: Exclude<RecordShow, ''>; label: string }[] = [
  { value: 'present', label: ATTENDANCE_EXTRA_UI.statusPresent },
  { value: 'absent', label: ATTENDANCE_EXTRA_UI.statusAbsent },
  { value: 'late', label: ATTENDANCE_EXTRA_UI.statusLate },
  { value: 'early', label: ATTENDANCE_EXTRA_UI.statusEarly },
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const SHOWS: Record<Exclude<RecordShow, ''>, (r: AttendanceRecord) => boolean> = {
  present: (r) => isPresent(r.status),
  absent: (r) => !isPresent(r.status) && !r.dayOff,
  late: (r) => (r.lateMinutes ?? 0) > 0,
  early: (r) => (r.earlyMinutes ?? 0) > 0,
};

/** The records that pass; the same array when no filter is set, so the table keeps its rows. */
export function filterRecords(records: readonly AttendanceRecord[], filter: RecordFilter): readonly AttendanceRecord[] {
  const person = fold(filter.person.trim());
  const show = filter.show ? SHOWS[filter.show] : null;
  if (!person && !show) return records;
  return records.filter((r) => {
    if (show && !show(r)) return false;
    if (!person) return true;
    return fold(r.email).includes(person) || (r.name !== undefined && fold(r.name).includes(person)) || (r.employeeId !== null && fold(r.employeeId).includes(person));
  });
}
