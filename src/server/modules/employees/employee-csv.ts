/**
 * Reads an employee CSV upload (csv-table.ts reads the file and its header) and validates each row
 * with the same schema as the single-employee form.
 */
import type { Readable } from 'node:stream';
import { EMPLOYEE_MSG } from './employee-messages';
import { employeeCreateBody } from '../../../shared/schemas/employee';
import { readCsvTable, type CsvCell, type CsvTableSpec, type RowError } from '../../csv-table';
import { employeeIdNumber, formatEmployeeId, rupeesToPaise } from './employee-repository';

type Field = 'name' | 'email' | 'position' | 'salary' | 'employeeId' | 'joiningDate';

const EMPLOYEE_TABLE: CsvTableSpec<Field> = {
  required: ['name', 'email', 'position', 'salary'],
  aliases: new Map<string, Field>(Object.entries({
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
  } satisfies Record<string, Field>)),
  noRows: EMPLOYEE_MSG.csvNoRows,
};

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

export interface ParsedEmployeeCsv {
  /** Rows that passed every check of the file itself, in file order. */
  employees: CsvEmployee[];
  errors: RowError[];
  /** Data rows in the file, blank rows not counted. */
  total: number;
}

/** Parses and validates the upload; rejects with a 400 HttpError when the file as a whole is unusable. */
export async function readEmployeeCsv(input: Readable): Promise<ParsedEmployeeCsv> {
  const rows = new EmployeeRows();
  const { errors, total } = await readCsvTable(input, EMPLOYEE_TABLE, (cell, row) => rows.read(cell, row));
  return { employees: rows.employees, errors, total };
}

/** Turns rows into validated employees, remembering which row first claimed each email and id. */
class EmployeeRows {
  readonly employees: CsvEmployee[] = [];
  private readonly emailRow = new Map<string, number>();
  private readonly idRow = new Map<string, number>();

  read(tableCell: CsvCell<Field>, row: number): string[] {
    const cell = (field: Field) => tableCell(field) || undefined;

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

    this.emailRow.set(email, row);
    if (employeeId !== undefined) this.idRow.set(employeeId, row);
    this.employees.push({ row, name, email, position, salaryPaise: rupeesToPaise(salary), employeeId, joinedOn: joiningDate });
    return problems;
  }
}
