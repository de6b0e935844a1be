/**
 * Columns of the attendance tables (product.md, Screens). The Attendance screens show Email, Date,
 * Status (P green / A red), Punch In, Punch Out, and after the spec's columns Hours Worked, Late
 * and Early (leaving; against the person's shift, computed by the server), then Source (who set the
 * day: Admin, Import, Device <serial>, Web); the dashboard's
 * overview keeps exactly the spec's, adding Name and spelling Present/Absent.
 * Colour only repeats the text: the letter or word is always there, and P/A also say the full word
 * to screen readers.
 *
 * Widths are fixed in em (data-table's `widthEm`), never read from the rows: the dashboard renders
 * 10,000 rows from a 10-second poll, and sizing from every row's text would walk them all on each
 * poll. Dates and times have a known width; Email and Name have a floor that holds two lines of a
 * long one (clamped at two, whole in the title) and share the spare room.
 */
import { isPresent } from '../../../shared/constants';
import { formatLocalTime } from '../../../shared/format';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import type { AttendanceRecord, DayOff } from '../../../shared/schemas/attendance';
import { EmailText } from '../../components/email-text';
import type { DataColumn } from '../../components/data-table';
import { formatMinutes, formatWorked, type OverviewRow } from './attendance-view';
import '../../components/status-badge.css';
import './attendance-screens.css';

/** The word for a day off, when the record is not present and its date is one. */
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

type Column<T> = DataColumn<T>;

/** Widths in em of the table's text (data-table.css), for the longest content each column holds. */
const EM = {
  /** 14rem with the cell padding, as before: two lines of a long address. */
  email: { min: 13.5, pref: 20, grow: true },
  name: { min: 12, pref: 16, grow: true },
  /** 'YYYY-MM-DD'. */
  date: { min: 6.8 },
  /** 'Employee ID' in bold over an ID such as 'EMP-10000'. */
  employeeId: { min: 7.5 },
  /** The badge: 'Present', 'Absent', 'Holiday', 'Weekly off' (which may take two lines). */
  status: { min: 5.5, pref: 7 },
  /** A local time such as '10:05:00 PM' (a narrow no-break space before PM in current ICU), or '-'. */
  time: { min: 7.2 },
  /** 'Hours Worked' in bold; '8h 05m'. */
  hours: { min: 8 },
  /** 'Early' in bold; '1h 05m'. */
  minutes: { min: 5 },
  /** 'Import', 'Web (office network)' (two lines), 'Device BJ2C200760011' (a serial wraps when long). */
  source: { min: 7, pref: 9 },
} as const;

const email: Column<AttendanceRecord> = {
  id: 'email',
  header: ATTENDANCE_UI.email,
  widthEm: EM.email,
  // Wraps at the address's joints, at most two lines (styles.css); the title keeps the whole one.
  cell: (r) => (
    <span className="cell-clamp" title={r.email}>
      <EmailText email={r.email} />
    </span>
  ),
};
const date: Column<AttendanceRecord> = { id: 'date', header: ATTENDANCE_UI.date, widthEm: EM.date, cell: (r) => r.date };
const punchIn: Column<AttendanceRecord> = {
  id: 'punchIn',
  header: ATTENDANCE_UI.punchInColumn,
  widthEm: EM.time,
  cell: (r) => formatLocalTime(r.punchIn),
};
const punchOut: Column<AttendanceRecord> = {
  id: 'punchOut',
  header: ATTENDANCE_UI.punchOutColumn,
  widthEm: EM.time,
  cell: (r) => formatLocalTime(r.punchOut),
};

/** '8h 05m' between the punches; '-' while the day is open or was never punched. */
const hoursWorked: Column<AttendanceRecord> = {
  id: 'hours',
  header: ATTENDANCE_EXTRA_UI.hoursColumn,
  widthEm: EM.hours,
  cell: (r) => formatWorked(r.punchIn, r.punchOut),
};

/** Minutes late or left early against the person's shift (the server's figure); '-' when none. */
const minutesColumn = (id: 'late' | 'early', header: string, word: string, of: (r: AttendanceRecord) => number | undefined): Column<AttendanceRecord> => ({
  id,
  header,
  widthEm: EM.minutes,
  cell: (r) => {
    const minutes = of(r);
    if (!minutes) return '-';
    return (
      <span className={`minutes minutes--${id}`}>
        {formatMinutes(minutes)}
        <span className="visually-hidden"> {word}</span>
      </span>
    );
  },
});

/**
 * Who set the day, in words: the record's `source` ('admin', 'import'), else how it was punched
 * (`punchMethod`: 'device:<serial>', 'web-site:<site>', 'web-network', 'web'); 'Web' for older rows.
 */
function sourceText(record: Pick<AttendanceRecord, 'source' | 'punchMethod'>): string {
  if (record.source === 'admin') return ATTENDANCE_EXTRA_UI.sourceAdmin;
  if (record.source === 'import') return ATTENDANCE_EXTRA_UI.sourceImport;
  const method = record.punchMethod ?? record.source ?? 'web';
  if (method.startsWith('device:')) return ATTENDANCE_EXTRA_UI.sourceDevice(method.slice('device:'.length));
  if (method.startsWith('web-site:')) return ATTENDANCE_EXTRA_UI.sourceWebSite(method.slice('web-site:'.length));
  if (method === 'web-network') return ATTENDANCE_EXTRA_UI.sourceWebNetwork;
  return ATTENDANCE_EXTRA_UI.sourceWeb;
}

const source: Column<AttendanceRecord> = {
  id: 'source',
  header: ATTENDANCE_EXTRA_UI.sourceColumn,
  widthEm: EM.source,
  cell: (r) => {
    const text = sourceText(r);
    return (
      <span className="cell-clamp" title={text}>
        {text}
      </span>
    );
  },
};

/** The Attendance screens' columns (both roles). */
export const SCREEN_COLUMNS: readonly Column<AttendanceRecord>[] = [
  email,
  date,
  { id: 'status', header: ATTENDANCE_UI.status, widthEm: EM.status, cell: (r) => <StatusCode status={r.status} dayOff={r.dayOff} /> },
  punchIn,
  punchOut,
  hoursWorked,
  minutesColumn('late', ATTENDANCE_EXTRA_UI.lateColumn, ATTENDANCE_EXTRA_UI.minutesLate, (r) => r.lateMinutes),
  minutesColumn('early', ATTENDANCE_EXTRA_UI.earlyColumn, ATTENDANCE_EXTRA_UI.minutesEarly, (r) => r.earlyMinutes),
  source,
];

const name: Column<AttendanceRecord> = {
  id: 'name',
  header: ATTENDANCE_UI.name,
  widthEm: EM.name,
  cell: (r) => <span className="cell-clamp" title={r.name}>{r.name}</span>,
};
const employeeId: Column<AttendanceRecord> = {
  id: 'employeeId',
  header: ATTENDANCE_EXTRA_UI.employeeIdColumn,
  widthEm: EM.employeeId,
  cell: (r) => r.employeeId ?? '-',
};

/** The admin Attendance screen's columns: the spec's Email first, then who it is (Name, Employee ID), then the rest. */
export const ADMIN_SCREEN_COLUMNS: readonly Column<AttendanceRecord>[] = [SCREEN_COLUMNS[0]!, name, employeeId, ...SCREEN_COLUMNS.slice(1)];

/** The dashboard overview's columns: Email, Name, Date, Status, Punch In, Punch Out. */
export const OVERVIEW_COLUMNS: readonly Column<OverviewRow>[] = [
  email,
  { id: 'name', header: ATTENDANCE_UI.name, widthEm: EM.name, cell: (r) => <span className="cell-clamp" title={r.name}>{r.name}</span> },
  date,
  { id: 'status', header: ATTENDANCE_UI.status, widthEm: EM.status, cell: (r) => <StatusWord status={r.status} dayOff={r.dayOff} /> },
  punchIn,
  punchOut,
];

export const recordKey = (record: AttendanceRecord) => record._id;

/** Sizing reads no rows (every column has `widthEm`): one empty list, so a poll never re-sizes. */
const NO_SIZING_ROWS: readonly never[] = [];

/** DataTable's settings for every attendance table: the spec's columns at fixed widths, as columns on a phone too. */
export const ATTENDANCE_TABLE = {
  sizingRows: NO_SIZING_ROWS,
  cards: false,
  /** A one-line row with its badge (40 px at the default font); rows are measured once rendered. */
  rowEstimatePx: 40,
  className: 'table--attendance',
} as const;

/**
 * The Attendance screens' tables (both roles): as cards on a phone like the other tables, so no
 * column sits out of view to the right; the dashboard's overview keeps its columns.
 */
export const SCREEN_TABLE = { ...ATTENDANCE_TABLE, cards: true } as const;
