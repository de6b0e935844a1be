/**
 * Reads a holiday CSV (columns date, name, optional; header names in any order and case) with the
 * employee import's reader: UTF-8 text only, quoted fields, CRLF or LF, BOM or none. Each row is
 * checked with the same schema as adding one holiday by hand. Rows are numbered as a spreadsheet
 * shows them (the header is row 1, blank lines count).
 */
import type { Readable } from 'node:stream';
import { HOLIDAY_CALENDAR_MSG as MSG } from '../../../shared/leave-policy/holiday-calendar-messages';
import { EMPLOYEE_MSG } from '../employees/employee-messages';
import { holidayBody, type HolidayBody } from '../../../shared/schemas/leave-policy';
import { badRequest } from '../../errors';
import { readCsvRecords, type RowError } from '../employees/employee-csv';

type Field = 'date' | 'name' | 'optional';
const REQUIRED: readonly Field[] = ['date', 'name'];
const HEADER_ALIASES = new Map<string, Field>(
  Object.entries({ date: 'date', holidaydate: 'date', name: 'name', holiday: 'name', holidayname: 'name', optional: 'optional' } satisfies Record<string, Field>),
);
/** A year rarely has more than 40 holidays; a file of thousands is a mistake, not a calendar. */
export const HOLIDAY_CSV_MAX_ROWS = 1000;

const YES = new Set(['yes', 'y', 'true', '1', 'optional']);
const NO = new Set(['', 'no', 'n', 'false', '0', 'mandatory']);

export interface CsvHoliday extends HolidayBody {
  row: number;
}

export interface ParsedHolidayCsv {
  holidays: CsvHoliday[];
  errors: RowError[];
  total: number;
}

export async function readHolidayCsv(input: Readable): Promise<ParsedHolidayCsv> {
  const reader = new HolidayRows();
  const { sawText } = await readCsvRecords(input, (record) => reader.add(record));
  if (!sawText || !reader.sawHeader) throw badRequest(EMPLOYEE_MSG.csvEmpty);
  if (reader.total === 0) throw badRequest(MSG.csvNoRows);
  return { holidays: reader.holidays, errors: reader.errors, total: reader.total };
}

class HolidayRows {
  readonly holidays: CsvHoliday[] = [];
  readonly errors: RowError[] = [];
  total = 0;
  sawHeader = false;
  private row = 0;
  private readonly columns = new Map<Field, number>();
  private headerWidth = 0;
  private readonly dateRow = new Map<string, number>();

  add(record: string[]) {
    this.row += 1;
    if (record.every((cell) => cell.trim() === '')) return;
    if (!this.sawHeader) return this.readHeader(record);
    this.total += 1;
    if (this.total > HOLIDAY_CSV_MAX_ROWS) throw badRequest(MSG.csvTooManyRows(HOLIDAY_CSV_MAX_ROWS));
    const problems = this.readRow(record);
    if (problems.length) this.errors.push({ row: this.row, message: problems.join(', ') });
  }

  private readHeader(record: string[]) {
    this.sawHeader = true;
    this.headerWidth = record.length;
    record.forEach((cell, index) => {
      const field = HEADER_ALIASES.get(cell.toLowerCase().replace(/[^a-z]/g, ''));
      if (!field) return;
      if (this.columns.has(field)) throw badRequest(MSG.csvRepeatedColumn(field));
      this.columns.set(field, index);
    });
    const missing = REQUIRED.filter((field) => !this.columns.has(field));
    if (missing.length) throw badRequest(MSG.csvMissingColumns(missing));
  }

  private readRow(record: string[]): string[] {
    const lastNeeded = Math.max(...REQUIRED.map((f) => this.columns.get(f)!));
    if (record.length <= lastNeeded) return [`has ${record.length} value(s) but the header has ${this.headerWidth} columns`];
    if (record.length > this.headerWidth && record.slice(this.headerWidth).some((c) => c.trim() !== '')) {
      return [`has ${record.length} values but the header has ${this.headerWidth} columns (quote values that contain commas)`];
    }
    const cell = (field: Field) => {
      const index = this.columns.get(field);
      return index === undefined ? '' : (record[index] ?? '').trim();
    };

    const problems: string[] = [];
    const optionalText = cell('optional');
    const optional = YES.has(optionalText.toLowerCase()) ? true : NO.has(optionalText.toLowerCase()) ? false : undefined;
    if (optional === undefined) problems.push(MSG.badOptional(optionalText));
    const parsed = holidayBody.safeParse({ date: cell('date'), name: cell('name') || undefined, optional: optional ?? false });
    if (!parsed.success) {
      const seen = new Set<PropertyKey>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        // One problem per cell: a date that is not YYYY-MM-DD is not also "not a real date".
        if (field === undefined || seen.has(field)) continue;
        seen.add(field);
        const message = field === 'date' && !issue.message.startsWith('date') ? `date ${issue.message}` : issue.message;
        problems.push(field === 'date' && cell('date') ? `${message} ("${cell('date')}")` : message);
      }
    }
    if (problems.length || !parsed.success) return problems;

    const first = this.dateRow.get(parsed.data.date);
    if (first !== undefined) return [MSG.duplicateInFile(parsed.data.date, first)];
    this.dateRow.set(parsed.data.date, this.row);
    this.holidays.push({ row: this.row, ...parsed.data });
    return [];
  }
}
