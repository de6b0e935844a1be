/**
 * Columns of the attendance tables (spec section 2). The Attendance screens show Email, Date,
 * Status (P green / A red), Punch In, Punch Out, and (issue 11) Hours Worked after the spec's
 * columns; the dashboard's overview keeps exactly the spec's, adding Name and spelling Present/Absent.
 * Colour only repeats the text: the letter or word is always there, and P/A also say the full word
 * to screen readers.
 */
import { isPresent } from '../../../shared/constants';
import { formatLocalTime } from '../../../shared/format';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import type { AttendanceRecord, DayOff } from '../../../shared/schemas/attendance';
import { EmailText } from '../../components/email-text';
import type { Column } from './attendance-table';
import { formatWorked, type OverviewRow } from './attendance-view';
import '../../components/status-badge.css';
import './attendance-screens.css';

/** The word for a day off (issue 14), when the record is not present and its date is one. */
const dayOffWord = (status: string, dayOff: DayOff | undefined) =>
  !dayOff || isPresent(status) ? null : dayOff === 'holiday' ? ATTENDANCE_EXTRA_UI.holiday : ATTENDANCE_EXTRA_UI.weeklyOff;

function DayOffBadge({ word }: { word: string }) {
  return <span className="badge badge--neutral">{word}</span>;
}

/** Spec: 'P' (green) for P or H, otherwise 'A' (red); Holiday / Weekly off instead of A on a day off. */
export function StatusCode({ status, dayOff }: { status: string; dayOff?: DayOff }) {
  const present = isPresent(status);
  const off = dayOffWord(status, dayOff);
  if (off) return <DayOffBadge word={off} />;
  return (
    <span className={`badge badge--${present ? 'success' : 'danger'}`}>
      <span aria-hidden="true">{present ? ATTENDANCE_UI.presentCode : ATTENDANCE_UI.absentCode}</span>
      <span className="visually-hidden">{present ? ATTENDANCE_UI.present : ATTENDANCE_UI.absent}</span>
    </span>
  );
}

/** Spec (dashboard): 'Present' for P or H, otherwise 'Absent'; Holiday / Weekly off instead of Absent on a day off. */
export function StatusWord({ status, dayOff }: { status: string; dayOff?: DayOff }) {
  const present = isPresent(status);
  const off = dayOffWord(status, dayOff);
  if (off) return <DayOffBadge word={off} />;
  return (
    <span className={`badge badge--${present ? 'success' : 'danger'}`}>
      {present ? ATTENDANCE_UI.present : ATTENDANCE_UI.absent}
    </span>
  );
}

const email: Column<AttendanceRecord> = {
  id: 'email',
  header: ATTENDANCE_UI.email,
  className: 'col-email',
  // Wraps at the address's joints, at most two lines (styles.css); the title keeps the whole one.
  cell: (r) => (
    <span className="cell-clamp" title={r.email}>
      <EmailText email={r.email} />
    </span>
  ),
};
const date: Column<AttendanceRecord> = { id: 'date', header: ATTENDANCE_UI.date, className: 'col-date', cell: (r) => r.date };
const punchIn: Column<AttendanceRecord> = {
  id: 'punchIn',
  header: ATTENDANCE_UI.punchInColumn,
  className: 'col-time',
  cell: (r) => formatLocalTime(r.punchIn),
};
const punchOut: Column<AttendanceRecord> = {
  id: 'punchOut',
  header: ATTENDANCE_UI.punchOutColumn,
  className: 'col-time',
  cell: (r) => formatLocalTime(r.punchOut),
};

/** '8h 05m' between the punches; '-' while the day is open or was never punched. */
const hoursWorked: Column<AttendanceRecord> = {
  id: 'hours',
  header: ATTENDANCE_EXTRA_UI.hoursColumn,
  className: 'col-hours',
  cell: (r) => formatWorked(r.punchIn, r.punchOut),
};

/** The Attendance screens' columns (both roles). */
export const SCREEN_COLUMNS: readonly Column<AttendanceRecord>[] = [
  email,
  date,
  { id: 'status', header: ATTENDANCE_UI.status, className: 'col-status', cell: (r) => <StatusCode status={r.status} dayOff={r.dayOff} /> },
  punchIn,
  punchOut,
  hoursWorked,
];

/** The dashboard overview's columns: Email, Name, Date, Status, Punch In, Punch Out. */
export const OVERVIEW_COLUMNS: readonly Column<OverviewRow>[] = [
  email,
  { id: 'name', header: ATTENDANCE_UI.name, className: 'col-name', cell: (r) => <span className="cell-clamp" title={r.name}>{r.name}</span> },
  date,
  { id: 'status', header: ATTENDANCE_UI.status, className: 'col-status', cell: (r) => <StatusWord status={r.status} dayOff={r.dayOff} /> },
  punchIn,
  punchOut,
];

export const recordKey = (record: AttendanceRecord) => record._id;
