/**
 * Reads an uploaded table, CSV or .xlsx, into the same rows, so every import (employees, leave
 * balances, attendance) takes either:
 * - CSV: UTF-8 with or without a BOM; comma or, as Excel saves it where the comma is the decimal
 *   mark, semicolon separated (told apart by the header line).
 * - .xlsx (recognised by its bytes, not its name): the first sheet whose first row holds the
 *   required columns, so a workbook with an instructions sheet first still reads. Date cells become
 *   YYYY-MM-DD, time-only cells HH:MM; numbers are read as written. A formula or an error value is
 *   that row's error: values only, so nothing the file computes is trusted. A merged cell holds its
 *   value in its first cell only, so the rest read as empty, as do the cells after a row's last filled one.
 * Rows keep the numbers the spreadsheet shows (header = row 1).
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exceljs } from '../file-libraries';
import { badRequest, HttpError } from '../errors';
import { CSV_MSG, readCsvRecords, TableReader, type CsvCell, type CsvTableSpec, type RowError } from '../csv-table';

export const TABLE_MSG = {
  xlsxUnreadable: 'The spreadsheet could not be read: save it as .xlsx (Excel 2007 or later) or as CSV',
  tooManySheetRows: 'The spreadsheet has more rows than an import takes',
} as const;

export interface TableUpload {
  errors: RowError[];
  total: number;
  format: 'csv' | 'xlsx';
}

/** True for a zip file (an .xlsx is one), from its first bytes. */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** Reads the upload as a table; rejects with a 400 when the file as a whole is unusable. */
export async function readTableUpload<Field extends string>(
  bytes: Buffer,
  spec: CsvTableSpec<Field>,
  readRow: (cell: CsvCell<Field>, row: number) => string[],
): Promise<TableUpload> {
  const table = new TableReader(spec, readRow);
  let format: TableUpload['format'];
  if (isZip(bytes)) {
    format = 'xlsx';
    await readXlsx(bytes, table);
  } else {
    format = 'csv';
    const { sawText } = await readCsvRecords(Readable.from([bytes]), (record) => table.add(record), delimiterOf(bytes));
    if (!sawText) throw badRequest(CSV_MSG.csvEmpty);
  }
  if (!table.sawHeader) throw badRequest(CSV_MSG.csvEmpty);
  if (table.total === 0) throw badRequest(spec.noRows);
  return { errors: table.errors, total: table.total, format };
}

/** ';' when the header line has more semicolons than commas (Excel's CSV in comma-decimal locales). */
function delimiterOf(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => head.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

// A sheet's dimension can claim a million rows; blank rows between data rows are counted, not walked past that.
const MAX_SHEET_ROW = 1_100_000;

async function readXlsx<Field extends string>(bytes: Buffer, table: TableReader<Field>) {
  let firstRecord: string[] | undefined;
  let reading = false;
  let done = false;
  try {
    const entries = sheetsLast(bytes);
    if (!entries) throw new Error('no zip directory');
    // Values only, streamed: each row is read and let go, with no model of the workbook.
    const workbook = new (exceljs().stream.xlsx.WorkbookReader)(Readable.from(entries), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache', // the number formats, which tell a date cell from a number
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    // With the sheets last, these are read before any sheet; set beforehand (a workbook may have no
    // shared strings) so the reader never parks a sheet in a temporary file, which on a busy machine
    // it now and then read back before it was whole.
    Object.assign(workbook, { sharedStrings: [], workbookRels: [] });
    for await (const sheet of workbook) {
      if (done) continue; // the table's sheet has been read; later sheets are skipped unparsed
      let last = 0;
      let first = true;
      let width = 0;
      for await (const row of sheet) {
        if (done || !row.hasValues) continue;
        const { cells, problems } = rowCells(row);
        if (first && !reading) {
          if (cells.every((c) => c === '')) continue;
          first = false;
          firstRecord ??= cells;
          if (!table.isHeader(cells)) continue;
          reading = true;
          width = cells.length;
        } else if (!reading) continue;
        // A sheet's row ends at its last filled cell: the cells after it are empty, not missing
        // (a CSV line with too few values is another matter, and is refused as such).
        while (cells.length < width) cells.push('');
        if (row.number > MAX_SHEET_ROW) throw badRequest(TABLE_MSG.tooManySheetRows);
        // Blank rows are not emitted by the reader: count them, so row numbers stay the sheet's.
        for (let n = last + 1; n < row.number; n += 1) table.add([]);
        last = row.number;
        table.add(cells, problems);
      }
      if (reading) done = true;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(TABLE_MSG.xlsxUnreadable);
  }
  // No sheet held the columns: the first sheet's first row says which are missing.
  if (!reading && firstRecord) table.add(firstRecord);
}

const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/; // the streaming reader's own test for a sheet

/**
 * The zip's entries in an order the streaming reader reads in one pass: every other part (the
 * workbook, its relationships, the shared strings, the styles) first, then the sheets in their own
 * order. Each entry's bytes and the central directory are kept as they are; only the order of the
 * local entries changes (the reader goes by the local headers). Undefined when the zip's directory
 * cannot be read (a zip without one could not be loaded whole either).
 */
function sheetsLast(bytes: Buffer): Buffer[] | undefined {
  const END = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const LOCAL = 0x04034b50;
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (bytes.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  const directory = bytes.readUInt32LE(end + 16);
  if (count === 0 || count === 0xffff || directory >= end) return undefined;
  const found: { name: string; offset: number }[] = [];
  for (let p = directory, k = 0; k < count; k += 1) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== CENTRAL) return undefined;
    const nameLength = bytes.readUInt16LE(p + 28);
    const offset = bytes.readUInt32LE(p + 42);
    found.push({ name: bytes.toString('utf8', p + 46, p + 46 + nameLength), offset });
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  const byOffset = [...found].sort((a, b) => a.offset - b.offset);
  if (byOffset[0]!.offset !== 0) return undefined;
  const parts = byOffset.map((entry, i) => {
    const until = byOffset[i + 1]?.offset ?? directory;
    return { sheet: WORKSHEET.test(entry.name), bytes: bytes.subarray(entry.offset, until) };
  });
  if (parts.some((part) => part.bytes.length < 30 || part.bytes.readUInt32LE(0) !== LOCAL)) return undefined;
  return [
    ...parts.filter((part) => !part.sheet).map((part) => part.bytes),
    ...parts.filter((part) => part.sheet).map((part) => part.bytes),
    bytes.subarray(directory),
  ];
}

/** A row's cells as text, and the cells that hold what an import does not read (formulas, errors). */
function rowCells(row: ExcelJS.Row): { cells: string[]; problems: string[] } {
  // As the file holds it: a merged range's value is in its first cell only, the others read as empty.
  const values = row.values as unknown[];
  while (values.length > 1 && (values[values.length - 1] === undefined || values[values.length - 1] === null)) values.pop();
  const cells: string[] = [];
  const problems: string[] = [];
  for (let i = 1; i < values.length; i += 1) {
    const value = values[i];
    const ref = `${columnLetter(i)}${row.number}`;
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      if ('formula' in value || 'sharedFormula' in value) {
        problems.push(`cell ${ref} holds a formula: save the sheet with values only`);
        cells.push('');
        continue;
      }
      if ('error' in value) {
        problems.push(`cell ${ref} holds an error value (${String((value as { error: unknown }).error)})`);
        cells.push('');
        continue;
      }
      if ('richText' in value) {
        cells.push((value as { richText: { text: string }[] }).richText.map((r) => r.text).join('').trim());
        continue;
      }
      if ('text' in value) {
        cells.push(String((value as { text: unknown }).text).trim());
        continue;
      }
    }
    cells.push(cellText(value));
  }
  return { cells, problems };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // A time-only cell is a time on Excel's day 0 (1899-12-30).
    return iso < '1900-01-01' ? iso.slice(11, 16) : iso.slice(0, 10);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  return String(value).trim();
}

const columnLetter = (n: number): string => (n <= 0 ? '' : columnLetter(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));
