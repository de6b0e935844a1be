/**
 * Reads a holiday CSV (columns date, name, optional; header names in any order and case) with the
 * CSV table reader every import uses (csv-table.ts). Each row is checked with the same schema as
 * adding one holiday by hand.
 */
import type { Readable } from 'node:stream';
import { HOLIDAY_CALENDAR_MSG as MSG } from '../../../shared/leave-policy/holiday-calendar-messages';
import { holidayBody, type HolidayBody } from '../../../shared/schemas/leave-policy';
import { readCsvTable, type CsvCell, type RowError } from '../../csv-table';

type Field = 'date' | 'name' | 'optional';
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
  const rows = new HolidayRows();
  const { errors, total } = await readCsvTable(
    input,
    {
      required: ['date', 'name'],
      aliases: new Map<string, Field>(
        Object.entries({ date: 'date', holidaydate: 'date', name: 'name', holiday: 'name', holidayname: 'name', optional: 'optional' } satisfies Record<string, Field>),
      ),
      noRows: MSG.csvNoRows,
      maxRows: { count: HOLIDAY_CSV_MAX_ROWS, message: MSG.csvTooManyRows(HOLIDAY_CSV_MAX_ROWS) },
    },
    (cell, row) => rows.read(cell, row),
  );
  return { holidays: rows.holidays, errors, total };
}

/** Turns rows into holidays, remembering which row first named each date. */
class HolidayRows {
  readonly holidays: CsvHoliday[] = [];
  private readonly dateRow = new Map<string, number>();

  read(cell: CsvCell<Field>, row: number): string[] {
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
    this.dateRow.set(parsed.data.date, row);
    this.holidays.push({ row, ...parsed.data });
    return [];
  }
}
