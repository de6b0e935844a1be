/**
 * Reads a punch file into rows: a CSV or .xlsx with a header (who: `employeeId` or `pin`; when:
 * `dateTime`, or `date` and `time`), or the TXT that device software exports (an attlog file: PIN,
 * tab, `YYYY-MM-DD HH:MM:SS`, then status fields). Times are on the company's clock.
 */
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { exceljs } from '../../file-libraries';
import { badRequest } from '../../errors';
import { isZip } from '../../imports/table-upload';
import { parseAttlog, isDeviceTime } from './attlog';

export interface PunchFileRow {
  row: number;
  employeeId?: string;
  pin?: string;
  /** 'YYYY-MM-DD HH:MM:SS', or undefined with `problem` set. */
  sentTime?: string;
  status?: string | null;
  problem?: string;
}

export const PUNCH_FILE_MSG = {
  empty: 'The file has no punches',
  columns: 'The header must name employeeId or pin, and dateTime (or date and time)',
  tooMany: 'The file has more than 400,000 punches',
  unreadable: 'The spreadsheet could not be read: save it as .xlsx or CSV',
};
const MAX_ROWS = 400_000;

const ALIASES: Record<string, 'employeeId' | 'pin' | 'dateTime' | 'date' | 'time' | 'status'> = {
  employeeid: 'employeeId', 'employee id': 'employeeId', code: 'employeeId', 'employee code': 'employeeId',
  pin: 'pin', devicepin: 'pin', 'device pin': 'pin', userid: 'pin', 'user id': 'pin', 'ac-no.': 'pin', 'ac-no': 'pin',
  datetime: 'dateTime', 'date time': 'dateTime', 'punch time': 'dateTime', punchtime: 'dateTime', timestamp: 'dateTime',
  date: 'date', time: 'time', status: 'status', state: 'status',
};

const pad = (n: string) => n.padStart(2, '0');

/** A date-time as people and device software write it, as 'YYYY-MM-DD HH:MM:SS'; undefined when unreadable. */
export function readDateTime(text: string): string | undefined {
  const t = text.trim().replace('T', ' ');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  let out: string | undefined;
  if (m) out = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)} ${pad(m[4]!)}:${m[5]}:${m[6] ?? '00'}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  // Day first, as Indian offices write dates.
  if (m) out = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)} ${pad(m[4]!)}:${m[5]}:${m[6] ?? '00'}`;
  return out && isDeviceTime(out) ? out : undefined;
}

/** A cell's text; a date cell is the wall-clock time it shows (exceljs gives it as UTC fields). */
function cellText(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (value && typeof value === 'object' && 'result' in value) return '#formula';
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return value === null || value === undefined ? '' : String(value);
}

async function records(bytes: Buffer): Promise<string[][]> {
  if (isZip(bytes)) {
    const workbook = new (exceljs().Workbook)();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest(PUNCH_FILE_MSG.unreadable);
    }
    const sheet = workbook.worksheets[0];
    const out: string[][] = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as ExcelJS.CellValue[];
      out.push(values.slice(1).map(cellText));
    });
    return out;
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const head = text.split(/\r?\n/, 1)[0] ?? '';
  return parse(text, { delimiter: head.split(';').length > head.split(',').length ? ';' : ',', relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
}

export async function readPunchFile(bytes: Buffer): Promise<PunchFileRow[]> {
  const text = isZip(bytes) ? '' : bytes.toString('utf8');
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  // A device's attlog export has no header: its first line is already a punch.
  if (!isZip(bytes) && parseAttlog(firstLine).lines.length === 1) {
    const rows: PunchFileRow[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      const { lines } = parseAttlog(line);
      rows.push(lines[0] ? { row: i + 1, pin: lines[0].pin, sentTime: lines[0].time, status: lines[0].status } : { row: i + 1, problem: 'not a PIN and a YYYY-MM-DD HH:MM:SS time' });
    });
    if (rows.length > MAX_ROWS) throw badRequest(PUNCH_FILE_MSG.tooMany);
    if (!rows.length) throw badRequest(PUNCH_FILE_MSG.empty);
    return rows;
  }
  const all = await records(bytes);
  if (all.length < 2) throw badRequest(PUNCH_FILE_MSG.empty);
  if (all.length - 1 > MAX_ROWS) throw badRequest(PUNCH_FILE_MSG.tooMany);
  const header = all[0]!.map((h) => ALIASES[h.trim().toLowerCase()]);
  const col = (name: string) => header.indexOf(name as never);
  const [who, pinCol, when, dateCol, timeCol, statusCol] = [col('employeeId'), col('pin'), col('dateTime'), col('date'), col('time'), col('status')];
  if ((who < 0 && pinCol < 0) || (when < 0 && (dateCol < 0 || timeCol < 0))) throw badRequest(PUNCH_FILE_MSG.columns);
  return all.slice(1).map((cells, i) => {
    const row = i + 2;
    const get = (c: number) => (c >= 0 ? (cells[c] ?? '').trim() : '');
    if (cells.some((c) => c === '#formula' || /^[=+@]/.test(c))) return { row, problem: 'a formula is not a value' };
    const raw = when >= 0 ? get(when) : `${get(dateCol).slice(0, 10)} ${get(timeCol).slice(-8).trim()}`;
    const sentTime = readDateTime(raw);
    const employeeId = get(who) || undefined;
    const pin = get(pinCol) || undefined;
    if (!employeeId && !pin) return { row, problem: 'employeeId or pin is required' };
    if (!sentTime) return { row, employeeId, problem: `dateTime "${raw.slice(0, 40)}" is not a date and time (YYYY-MM-DD HH:MM or DD/MM/YYYY HH:MM)` };
    return { row, employeeId, pin, sentTime, status: get(statusCol) || null };
  });
}
