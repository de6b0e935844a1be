/**
 * Reads an employee CSV upload: checks that it is UTF-8 text, parses it as it streams in (quoted
 * fields, CRLF or LF, with or without a BOM), finds the columns by header name, and validates each
 * row with the same schema as the single-employee form. Problems with the whole file throw a 400;
 * problems with one row become that row's error and the rest go ahead.
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1 and blank lines count, so
 * 'Row 5' is the fifth row the admin sees when the file is opened in Excel.
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { EMPLOYEE_MSG } from './employee-messages';
import { employeeCreateBody } from '../../../shared/schemas/employee';
import { badRequest } from '../../errors';
import { employeeIdNumber, formatEmployeeId, rupeesToPaise } from './employee-repository';

type Field = 'name' | 'email' | 'position' | 'salary' | 'employeeId' | 'joiningDate';

const REQUIRED: readonly Field[] = ['name', 'email', 'position', 'salary'];

/**
 * Header names, compared without case, spaces or punctuation ('Employee ID' = 'employeeId').
 * A Map, not an object literal: a header named 'constructor' must not find Object's own properties.
 */
const HEADER_ALIASES = new Map<string, Field>(Object.entries({
  name: 'name',
  fullname: 'name',
  email: 'email',
  emailaddress: 'email',
  position: 'position',
  salary: 'salary',
  employeeid: 'employeeId',
  joiningdate: 'joiningDate',
  dateofjoining: 'joiningDate',
  joinedon: 'joiningDate',
} satisfies Record<string, Field>));

// One record may not exceed this many characters; a runaway quote should not swallow the file.
const MAX_RECORD_CHARS = 64 * 1024;

/** A valid row, ready to insert: salary in paise, email lowercased, business id normalized when given. */
export interface CsvEmployee {
  row: number;
  name: string;
  email: string;
  position: string;
  salaryPaise: number;
  /** Supplied in the file (EMP0042), else undefined and allocated on insert. */
  employeeId?: string;
  /** Supplied in the file (YYYY-MM-DD), else the import day. */
  joinedOn?: string;
}

export interface RowError {
  row: number;
  message: string;
}

export interface ParsedEmployeeCsv {
  /** Rows that passed every check of the file itself, in file order. */
  employees: CsvEmployee[];
  errors: RowError[];
  /** Data rows in the file, blank rows not counted. */
  total: number;
}

/** Parses and validates the upload; rejects with a 400 HttpError when the file as a whole is unusable. */
export async function readEmployeeCsv(input: Readable): Promise<ParsedEmployeeCsv> {
  const rows = new RowReader();
  const { sawText } = await readCsvRecords(input, (record) => rows.add(record));
  if (!sawText || !rows.sawHeader) throw badRequest(EMPLOYEE_MSG.csvEmpty);
  if (rows.total === 0) throw badRequest(EMPLOYEE_MSG.csvNoRows);
  return { employees: rows.employees, errors: rows.errors, total: rows.total };
}

/**
 * The records of a CSV upload, one at a time, blank lines included (so rows keep the numbers a
 * spreadsheet shows): UTF-8 text only, quoted fields, CRLF or LF, with or without a BOM. A file
 * that is not text or not CSV is a 400. Shared by every CSV import (employees, holidays).
 */
export async function readCsvRecords(input: Readable, onRecord: (record: string[]) => void): Promise<{ sawText: boolean }> {
  const text = new Utf8Text();
  const parser = parse({
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
    if (err instanceof CsvError) throw badRequest(EMPLOYEE_MSG.csvUnreadable(err.message));
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
    if (chunk.includes(0)) return done(badRequest(EMPLOYEE_MSG.csvNotText));
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(badRequest(EMPLOYEE_MSG.csvNotUtf8));
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
      done(badRequest(EMPLOYEE_MSG.csvNotUtf8));
    }
  }

  private check(text: string) {
    // Tab, LF and CR are the only control characters a CSV file has reason to contain.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text)) return badRequest(EMPLOYEE_MSG.csvNotText);
    if (/\S/.test(text)) this.sawText = true;
    return null;
  }
}

/** Turns records into validated employees and per-row errors, one record at a time. */
class RowReader {
  readonly employees: CsvEmployee[] = [];
  readonly errors: RowError[] = [];
  total = 0;
  sawHeader = false;
  private row = 0;
  private columns = new Map<Field, number>();
  private headerWidth = 0;
  private readonly emailRow = new Map<string, number>();
  private readonly idRow = new Map<string, number>();

  add(record: string[]) {
    this.row += 1;
    if (record.every((cell) => cell.trim() === '')) return;
    if (!this.sawHeader) return this.readHeader(record);
    this.total += 1;
    const problems = this.readRow(record);
    if (problems.length) this.errors.push({ row: this.row, message: problems.join(', ') });
  }

  private readHeader(record: string[]) {
    this.sawHeader = true;
    this.headerWidth = record.length;
    record.forEach((cell, index) => {
      const field = HEADER_ALIASES.get(cell.toLowerCase().replace(/[^a-z]/g, ''));
      if (!field) return; // extra columns (notes, department) are ignored
      if (this.columns.has(field)) throw badRequest(EMPLOYEE_MSG.csvRepeatedColumn(field));
      this.columns.set(field, index);
    });
    const missing = REQUIRED.filter((field) => !this.columns.has(field));
    if (missing.length) throw badRequest(EMPLOYEE_MSG.csvMissingColumns(missing));
  }

  private readRow(record: string[]): string[] {
    const lastNeeded = Math.max(...REQUIRED.map((f) => this.columns.get(f)!));
    if (record.length <= lastNeeded) {
      return [`has ${record.length} value(s) but the header has ${this.headerWidth} columns`];
    }
    // More cells than headers shifts nothing we read, unless the extra cells hold data: then a value
    // with an unquoted comma has most likely split in two.
    if (record.length > this.headerWidth && record.slice(this.headerWidth).some((c) => c.trim() !== '')) {
      return [`has ${record.length} values but the header has ${this.headerWidth} columns (quote values that contain commas)`];
    }
    const cell = (field: Field) => {
      const index = this.columns.get(field);
      const value = index === undefined ? undefined : record[index]?.trim();
      return value === '' ? undefined : value;
    };

    const problems: string[] = [];
    const parsed = employeeCreateBody.safeParse({
      name: cell('name'),
      email: cell('email'),
      position: cell('position'),
      salary: cell('salary'),
      joiningDate: cell('joiningDate'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const value = field === 'salary' || field === 'joiningDate' ? cell(field) : undefined;
        problems.push(value === undefined ? issue.message : `${issue.message} ("${value}")`);
      }
    }

    let employeeId: string | undefined;
    const suppliedId = cell('employeeId');
    if (suppliedId !== undefined) {
      const n = employeeIdNumber(suppliedId);
      if (n === undefined) problems.push(`invalid employeeId "${suppliedId}" (expected EMP and digits, e.g. EMP0042)`);
      else employeeId = formatEmployeeId(n);
    }
    if (problems.length || !parsed.success) return problems;

    // Only valid rows claim an email or id, so a broken row does not block a later good one.
    const { name, email, position, salary, joiningDate } = parsed.data;
    const emailFirst = this.emailRow.get(email);
    if (emailFirst !== undefined) problems.push(`duplicate email ${email} (also on row ${emailFirst})`);
    const idFirst = employeeId === undefined ? undefined : this.idRow.get(employeeId);
    if (idFirst !== undefined) problems.push(`duplicate employeeId ${employeeId} (also on row ${idFirst})`);
    if (problems.length) return problems;

    this.emailRow.set(email, this.row);
    if (employeeId !== undefined) this.idRow.set(employeeId, this.row);
    this.employees.push({ row: this.row, name, email, position, salaryPaise: rupeesToPaise(salary), employeeId, joinedOn: joiningDate });
    return problems;
  }
}
