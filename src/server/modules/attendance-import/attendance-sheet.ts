/**
 * Reads a past-attendance file (CSV or .xlsx, imports/table-upload.ts): `employeeId, date`, then
 * either `punchIn` and `punchOut` (the company's clock, 09:12) or `status`: P, A, H or HD (a half
 * day, kept as the spec's H), or a leave type's code (an approved leave of that type). A row with
 * both, or with neither, is refused; so is a row repeating an earlier row's person and day.
 * Whether the row adds, replaces or leaves a record is the import's decision, against the database.
 */
import { parseIndianDate } from '../../../shared/imports/indian-formats';
import { parseClockTime } from '../../../shared/imports/import-values';
import { employeeCodeSchema } from '../../../shared/schemas/employee';
import { headerKey, type CsvCell, type CsvTableSpec, type RowError } from '../../csv-table';
import { readTableUpload } from '../../imports/table-upload';

export const ATTENDANCE_COLUMNS = ['employeeId', 'date', 'punchIn', 'punchOut', 'status'] as const;
type Field = (typeof ATTENDANCE_COLUMNS)[number];

const ALIASES = new Map<string, Field>([
  ...ATTENDANCE_COLUMNS.map((c) => [headerKey(c), c] as const),
  ['in', 'punchIn'],
  ['intime', 'punchIn'],
  ['out', 'punchOut'],
  ['outtime', 'punchOut'],
  ['attendance', 'status'],
]);

/** The attendance codes a file may give; anything else is read as a leave type's code. */
export const DAY_CODES: Readonly<Record<string, 'P' | 'A' | 'H'>> = { P: 'P', A: 'A', H: 'H', HD: 'H' };

/** A good row, read; it keeps no copy of its cells (300,000 of them would), see `valuesOf`. */
export type AttendanceSheetRow =
  | { row: number; employeeId: string; date: string; kind: 'punches'; punchIn: string; punchOut?: string }
  | { row: number; employeeId: string; date: string; kind: 'status'; status: 'P' | 'A' | 'H' }
  | { row: number; employeeId: string; date: string; kind: 'leave'; code: string };

/** A read row's cells for the failed-rows file, as read (times as HH:MM, dates as YYYY-MM-DD). */
export function valuesOf(r: AttendanceSheetRow): Record<string, string> {
  if (r.kind === 'punches') return { employeeId: r.employeeId, date: r.date, punchIn: r.punchIn, ...(r.punchOut && { punchOut: r.punchOut }) };
  return { employeeId: r.employeeId, date: r.date, status: r.kind === 'status' ? r.status : r.code };
}

export interface ParsedAttendanceSheet {
  rows: AttendanceSheetRow[];
  errors: (RowError & { employeeId: string | null; values: Record<string, string> })[];
  total: number;
}

export const ATTENDANCE_SHEET_MSG = {
  noRows: 'The file has a header but no days: one row per person and day, with employeeId, date and punchIn and punchOut or status',
  both: 'give either punchIn and punchOut or a status, not both',
  neither: 'give punchIn and punchOut (such as 09:12 and 18:05) or a status (P, A, H, HD or a leave code)',
  outWithoutIn: 'punchOut needs a punchIn',
} as const;

/** The most rows one attendance file takes: 10,000 people × 31 days with room to spare. */
export const ATTENDANCE_MAX_ROWS = 400_000;

export async function readAttendanceSheet(bytes: Buffer): Promise<ParsedAttendanceSheet> {
  const spec: CsvTableSpec<Field> = {
    aliases: ALIASES,
    required: ['employeeId', 'date'],
    noRows: ATTENDANCE_SHEET_MSG.noRows,
    maxRows: { count: ATTENDANCE_MAX_ROWS, message: `An attendance file takes at most ${ATTENDANCE_MAX_ROWS.toLocaleString('en-IN')} rows: split it by month` },
  };
  const rows: AttendanceSheetRow[] = [];
  const valuesOf = new Map<number, Record<string, string>>();
  // Person -> day -> row: a repeated person and day. A file of 300,000 rows names a few thousand
  // people, a month of days and a day's worth of minutes, so each row keeps the one shared copy of
  // its code, date and times (interned) instead of its own: a third of the memory the rows held.
  const seen = new Map<string, Map<string, number>>();
  const pool = new Map<string, string>();
  const intern = (text: string): string => {
    const shared = pool.get(text);
    if (shared !== undefined) return shared;
    pool.set(text, text);
    return text;
  };
  const read = (cell: CsvCell<Field>, row: number): string[] => {
    const values: Record<string, string> = {};
    for (const c of ATTENDANCE_COLUMNS) {
      const v = cell(c);
      if (v !== '') values[c] = v;
    }
    const problems: string[] = [];
    const code = employeeCodeSchema.safeParse(values.employeeId ?? '');
    if (!code.success) problems.push(values.employeeId ? `invalid employeeId "${values.employeeId}"` : 'employeeId is required');
    let date: string | undefined;
    if (values.date === undefined) problems.push('date is required');
    else {
      const parsed = parseIndianDate(values.date);
      if (parsed.ok) date = parsed.value;
      else problems.push(`date: ${parsed.reason}`);
    }
    const hasTimes = values.punchIn !== undefined || values.punchOut !== undefined;
    let made: AttendanceSheetRow | undefined;
    if (hasTimes && values.status !== undefined) problems.push(ATTENDANCE_SHEET_MSG.both);
    else if (hasTimes) {
      if (values.punchIn === undefined) problems.push(ATTENDANCE_SHEET_MSG.outWithoutIn);
      const inTime = values.punchIn === undefined ? undefined : parseClockTime(values.punchIn);
      const outTime = values.punchOut === undefined ? undefined : parseClockTime(values.punchOut);
      if (inTime && !inTime.ok) problems.push(`punchIn: ${inTime.reason}`);
      if (outTime && !outTime.ok) problems.push(`punchOut: ${outTime.reason}`);
      if (inTime?.ok && outTime?.ok && inTime.value === outTime.value) problems.push('punchOut is the same time as punchIn');
      if (inTime?.ok && (!outTime || outTime.ok)) {
        made = { row, employeeId: '', date: '', kind: 'punches', punchIn: intern(inTime.value), ...(outTime?.ok && { punchOut: intern(outTime.value) }) };
      }
    } else if (values.status !== undefined) {
      const status = values.status.toUpperCase();
      if (DAY_CODES[status]) made = { row, employeeId: '', date: '', kind: 'status', status: DAY_CODES[status] };
      else if (/^[A-Z0-9]{1,10}$/.test(status)) made = { row, employeeId: '', date: '', kind: 'leave', code: intern(status) };
      else problems.push(`status "${values.status}" is not P, A, H, HD or a leave code`);
    } else problems.push(ATTENDANCE_SHEET_MSG.neither);
    if (code.success && date) {
      date = intern(date);
      const person = intern(code.data.toLowerCase());
      let days = seen.get(person);
      if (!days) seen.set(person, (days = new Map()));
      const earlier = days.get(date);
      if (earlier !== undefined) problems.push(`repeats row ${earlier} (one row per person and day)`);
      else days.set(date, row);
    }
    if (problems.length) valuesOf.set(row, values);
    else rows.push({ ...made!, employeeId: intern(code.data!), date: date! });
    return problems;
  };
  const { errors, total } = await readTableUpload(bytes, spec, read);
  return { rows, errors: errors.map((e) => ({ ...e, employeeId: valuesOf.get(e.row)?.employeeId ?? null, values: valuesOf.get(e.row) ?? {} })), total };
}
