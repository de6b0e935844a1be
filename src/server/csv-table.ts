/**
 * Reads a CSV upload as a table: checks that it is UTF-8 text, parses it as it streams in (quoted
 * fields, CRLF or LF, with or without a BOM), finds the columns by header name and hands each data
 * row to the importer's own check. Problems with the whole file throw a 400; problems with one row
 * become that row's error and the rest go ahead. Shared by every CSV import (employees, holidays).
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1 and blank lines count, so
 * 'Row 5' is the fifth row the admin sees when the file is opened in Excel.
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { badRequest } from './errors';

/** Refusals of a file as a whole, the same for every import (the importers' own add what it should hold). */
export const CSV_MSG = {
  csvEmpty: 'The CSV file is empty',
  csvNotText: 'The file is not a CSV text file',
  csvNotUtf8: 'The CSV file must be saved as UTF-8 text',
  csvUnreadable: (reason: string) => `The CSV file could not be read: ${reason}`,
  csvMissingColumns: (columns: string[]) => `The CSV file is missing the ${columns.length === 1 ? 'column' : 'columns'}: ${columns.join(', ')}`,
  csvRepeatedColumn: (column: string) => `The CSV file has the column ${column} more than once`,
} as const;

export interface RowError {
  row: number;
  message: string;
  /** Each problem on its own (`message` joins them), so a screen can list them field by field. */
  problems?: string[];
}

export interface CsvTableSpec<Field extends string> {
  /**
   * Header names, compared without case, spaces or punctuation ('Employee ID' = 'employeeId').
   * A Map, not an object literal: a header named 'constructor' must not find Object's own properties.
   */
  aliases: ReadonlyMap<string, Field>;
  required: readonly Field[];
  /** The refusal of a file with a header but no data rows, which names what it should hold. */
  noRows: string;
  /** More data rows than this refuse the whole file. */
  maxRows?: { count: number; message: string };
}

/** A data row's cell by column: trimmed, '' when empty or when the file has no such column. */
export type CsvCell<Field extends string> = (field: Field) => string;

/**
 * Reads the table, calling `readRow` for each data row (blank rows skipped) with its cells and its
 * spreadsheet row number; what `readRow` returns are that row's problems. Rejects with a 400
 * HttpError when the file as a whole is unusable.
 */
export async function readCsvTable<Field extends string>(
  input: Readable,
  spec: CsvTableSpec<Field>,
  readRow: (cell: CsvCell<Field>, row: number) => string[],
): Promise<{ errors: RowError[]; total: number }> {
  const table = new TableReader(spec, readRow);
  const { sawText } = await readCsvRecords(input, (record) => table.add(record));
  if (!sawText || !table.sawHeader) throw badRequest(CSV_MSG.csvEmpty);
  if (table.total === 0) throw badRequest(spec.noRows);
  return { errors: table.errors, total: table.total };
}

// One record may not exceed this many characters; a runaway quote should not swallow the file.
const MAX_RECORD_CHARS = 64 * 1024;

/**
 * The records of a CSV upload, one at a time, blank lines included (so rows keep the numbers a
 * spreadsheet shows): UTF-8 text only. A file that is not text or not CSV is a 400.
 */
export async function readCsvRecords(input: Readable, onRecord: (record: string[]) => void, delimiter = ','): Promise<{ sawText: boolean }> {
  const text = new Utf8Text();
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  try {
    await pipeline(input, text, parser, async (records: AsyncIterable<string[]>) => {
      for await (const record of records) onRecord(record);
    });
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(CSV_MSG.csvUnreadable(err.message));
    throw err;
  }
  return { sawText: text.sawText };
}

/**
 * Bytes in, text out, refusing what is not UTF-8 text: a NUL or other control character means a
 * binary file (a spreadsheet, an image), a bad byte sequence means another encoding (Latin-1,
 * UTF-16). TextDecoder drops a leading BOM.
 */
class Utf8Text extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  sawText = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (chunk.includes(0)) return done(badRequest(CSV_MSG.csvNotText));
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(badRequest(CSV_MSG.csvNotUtf8));
    }
    this.push(text);
    done(this.check(text));
  }

  override _flush(done: TransformCallback) {
    try {
      const rest = this.decoder.decode();
      if (rest) this.push(rest);
      done(this.check(rest));
    } catch {
      done(badRequest(CSV_MSG.csvNotUtf8));
    }
  }

  private check(text: string) {
    // Tab, LF and CR are the only control characters a CSV file has reason to contain.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text)) return badRequest(CSV_MSG.csvNotText);
    if (/\S/.test(text)) this.sawText = true;
    return null;
  }
}

/** A header compared without case, spaces or punctuation: 'Employee ID' = 'employeeId', 'statutory.pan' = 'statutorypan'. */
export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/** Finds the columns in the header, then checks each data row's width before the importer reads it. */
export class TableReader<Field extends string> {
  readonly errors: RowError[] = [];
  total = 0;
  sawHeader = false;
  private row = 0;
  private readonly columns = new Map<Field, number>();
  private headerWidth = 0;

  constructor(
    private readonly spec: CsvTableSpec<Field>,
    private readonly readRow: (cell: CsvCell<Field>, row: number) => string[],
  ) {}

  /** `cellProblems`: what the reader found wrong with the row's cells themselves (a formula in a spreadsheet). */
  add(record: string[], cellProblems: readonly string[] = []) {
    this.row += 1;
    if (record.every((cell) => cell.trim() === '') && !cellProblems.length) return;
    if (!this.sawHeader) return this.readHeader(record);
    this.total += 1;
    const { maxRows } = this.spec;
    if (maxRows && this.total > maxRows.count) throw badRequest(maxRows.message);
    const problems = cellProblems.length ? [...cellProblems] : (this.widthProblem(record) ?? this.readRow((field) => this.cell(record, field), this.row));
    if (problems.length) this.errors.push({ row: this.row, message: problems.join(', '), problems });
  }

  /** Whether a first row holds every required column (a spreadsheet's other sheets are skipped by it). */
  isHeader(record: readonly string[]): boolean {
    const found = new Set(record.map((cell) => this.spec.aliases.get(headerKey(cell))));
    return this.spec.required.every((field) => found.has(field));
  }

  private readHeader(record: string[]) {
    const { aliases, required } = this.spec;
    this.sawHeader = true;
    this.headerWidth = record.length;
    record.forEach((cell, index) => {
      const field = aliases.get(headerKey(cell));
      if (!field) return; // extra columns (notes, department) are ignored
      if (this.columns.has(field)) throw badRequest(CSV_MSG.csvRepeatedColumn(field));
      this.columns.set(field, index);
    });
    const missing = required.filter((field) => !this.columns.has(field));
    if (missing.length) throw badRequest(CSV_MSG.csvMissingColumns(missing));
  }

  private widthProblem(record: string[]): string[] | undefined {
    const lastNeeded = Math.max(...this.spec.required.map((f) => this.columns.get(f)!));
    if (record.length <= lastNeeded) {
      return [`has ${record.length} value(s) but the header has ${this.headerWidth} columns`];
    }
    // More cells than headers shifts nothing we read, unless the extra cells hold data: then a value
    // with an unquoted comma has most likely split in two.
    if (record.length > this.headerWidth && record.slice(this.headerWidth).some((c) => c.trim() !== '')) {
      return [`has ${record.length} values but the header has ${this.headerWidth} columns (quote values that contain commas)`];
    }
    return undefined;
  }

  private cell(record: string[], field: Field): string {
    const index = this.columns.get(field);
    return index === undefined ? '' : (record[index] ?? '').trim();
  }
}
