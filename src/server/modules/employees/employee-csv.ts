/**
 * Reads an employee file (CSV or .xlsx, imports/table-upload.ts) into rows: each given cell checked
 * with the same rules as the forms, dates and amounts in Indian formats. An empty cell means "leave
 * as it is", so a row holds only the fields it gives. Whether a row adds or updates someone is the
 * import's decision (employee-import.ts), made against the database.
 *
 * The column headers are the API's JSON names (statutory details as statutory.pan), compared
 * without case, spaces or punctuation; a few older spellings (Full Name, Date of Joining) still read.
 */
import { employeeCodeSchema, employeeCreateBody, phoneSchema } from '../../../shared/schemas/employee';
import { devicePinText } from '../../../shared/schemas/device';
import { normalizePin } from '../employee-records';
import { STATUTORY_FIELDS, statutoryUpdateSchema, type StatutoryUpdate } from '../../../shared/schemas/employee-statutory';
import { parseIndianDate, parseRupees } from '../../../shared/imports/indian-formats';
import type { ImportMode } from '../../../shared/schemas/import';
import { headerKey, type CsvCell, type CsvTableSpec, type RowError } from '../../csv-table';
import { readTableUpload } from '../../imports/table-upload';
import { EMPLOYEE_MSG } from '../employee-records';
import { IMPORT_MANAGER_MSG } from './import-managers';
import { rupeesToPaise } from '../employee-records';

const MASTER_COLUMNS = ['employeeId', 'name', 'email', 'position', 'salary', 'salaryEffectiveFrom', 'joiningDate', 'phone', 'departmentId', 'locationId', 'managerEmployeeId', 'devicePin'] as const;
/** Every column of the employee file, in the template's order. */
export const EMPLOYEE_COLUMNS: readonly string[] = [...MASTER_COLUMNS, ...STATUTORY_FIELDS.map((f) => `statutory.${f}`)];
type Field = string;

const ALIASES = new Map<string, Field>([
  ...EMPLOYEE_COLUMNS.map((c) => [headerKey(c), c] as const),
  ['fullname', 'name'],
  ['emailaddress', 'email'],
  ['dateofjoining', 'joiningDate'],
  ['joinedon', 'joiningDate'],
  ['mobile', 'phone'],
  ['department', 'departmentId'],
  ['location', 'locationId'],
  ['managercode', 'managerEmployeeId'],
  ['pin', 'devicePin'],
  ['effectivefrom', 'salaryEffectiveFrom'],
  ['biometricpin', 'devicePin'],
  ['biometricid', 'devicePin'],
  ...STATUTORY_FIELDS.map((f) => [headerKey(f), `statutory.${f}`] as const),
]);

const REQUIRED_TO_ADD = ['name', 'email', 'position', 'salary'] as const;

/** A row's fields as given (only the non-empty cells), checked and converted. */
export interface EmployeeSheetRow {
  row: number;
  employeeId?: string;
  name?: string;
  email?: string;
  position?: string;
  salaryPaise?: number;
  /** The day a changed salary takes effect from (a revision); read only when the row changes an existing person's salary. */
  salaryEffectiveFrom?: string;
  joinedOn?: string;
  phone?: string;
  /** A department or location by record id or name, resolved against the database. */
  department?: string;
  location?: string;
  /** The manager's employee code as given, resolved against the database and the file. */
  managerCode?: string;
  /** The device PIN, without leading zeros; unique in the file (and checked against the company by the import). */
  devicePin?: string;
  statutory: StatutoryUpdate;
  /** The cells as given, by column, for the failed-rows file. */
  values: Record<string, string>;
}

export interface ParsedEmployeeSheet {
  employees: EmployeeSheetRow[];
  errors: (RowError & { employeeId: string | null; values: Record<string, string> })[];
  total: number;
}

const DATE_FIELD = /(On|Date|OfBirth)$/;
/** Statutory fields a sheet gives as yes or no, and in rupees (the API takes booleans and numbers). */
const YES_NO_FIELDS = new Set<string>(['pfOnFullWages', 'pfMember', 'epsEligible', 'personWithDisability']);
const AMOUNT_FIELDS = new Set<string>(['pfWageAtJoining']);
const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

/** Parses and checks the upload; rejects with a 400 HttpError when the file as a whole is unusable. */
export async function readEmployeeSheet(bytes: Buffer, mode: ImportMode): Promise<ParsedEmployeeSheet> {
  const spec: CsvTableSpec<Field> = {
    required: mode === 'add' ? REQUIRED_TO_ADD : ['employeeId'],
    aliases: ALIASES,
    noRows: EMPLOYEE_MSG.csvNoRows,
  };
  const rows = new EmployeeRows(mode);
  const { errors, total } = await readTableUpload(bytes, spec, (cell, row) => rows.read(cell, row));
  return { employees: rows.employees, errors: errors.map((e) => ({ ...e, employeeId: rows.codeOf.get(e.row) ?? null, values: rows.valuesOf.get(e.row) ?? {} })), total };
}

class EmployeeRows {
  readonly employees: EmployeeSheetRow[] = [];
  readonly codeOf = new Map<number, string>();
  readonly valuesOf = new Map<number, Record<string, string>>();
  private readonly emailRow = new Map<string, number>();
  private readonly idRow = new Map<string, number>();
  private readonly pinRow = new Map<string, number>();

  constructor(private readonly mode: ImportMode) {}

  read(tableCell: CsvCell<Field>, row: number): string[] {
    const values: Record<string, string> = {};
    for (const c of EMPLOYEE_COLUMNS) {
      const v = tableCell(c);
      if (v !== '') values[c] = v;
    }
    this.valuesOf.set(row, values);
    const problems: string[] = [];
    const out: EmployeeSheetRow = { row, statutory: {}, values };

    if (values.employeeId !== undefined) {
      const code = employeeCodeSchema.safeParse(values.employeeId);
      if (code.success) out.employeeId = code.data;
      else problems.push(`invalid employeeId "${values.employeeId}" (${code.error.issues[0]!.message.replace(/^employeeId /, '')})`);
      this.codeOf.set(row, values.employeeId);
    }
    if (this.mode === 'add') for (const f of REQUIRED_TO_ADD) if (values[f] === undefined) problems.push(`${f} is required`);

    const shape = employeeCreateBody.shape;
    const check = <T>(parsed: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }, shown?: string): T | undefined => {
      if (parsed.success) return parsed.data;
      problems.push(shown === undefined ? parsed.error.issues[0]!.message : `${parsed.error.issues[0]!.message} ("${shown}")`);
      return undefined;
    };
    if (values.name !== undefined) out.name = check(shape.name.safeParse(values.name));
    if (values.email !== undefined) out.email = check(shape.email.safeParse(values.email));
    if (values.position !== undefined) out.position = check(shape.position.safeParse(values.position));
    if (values.salary !== undefined) {
      const rupees = parseRupees(values.salary);
      if (!rupees.ok) problems.push(`salary: ${rupees.reason}`);
      else {
        const salary = check(shape.salary.safeParse(rupees.value), values.salary);
        if (salary !== undefined) out.salaryPaise = rupeesToPaise(salary);
      }
    }
    if (values.salaryEffectiveFrom !== undefined) {
      const date = parseIndianDate(values.salaryEffectiveFrom);
      if (date.ok) out.salaryEffectiveFrom = date.value;
      else problems.push(`salaryEffectiveFrom: ${date.reason}`);
    }
    if (values.joiningDate !== undefined) {
      const date = parseIndianDate(values.joiningDate);
      if (date.ok) out.joinedOn = date.value;
      else problems.push(`joiningDate: ${date.reason}`);
    }
    if (values.phone !== undefined) out.phone = check(phoneSchema.safeParse(values.phone), values.phone);
    if (values.departmentId !== undefined) out.department = values.departmentId;
    if (values.locationId !== undefined) out.location = values.locationId;
    if (values.devicePin !== undefined) {
      const pin = check(devicePinText.safeParse(values.devicePin), values.devicePin);
      if (pin !== undefined) out.devicePin = normalizePin(pin);
    }
    if (values.managerEmployeeId !== undefined) {
      const code = employeeCodeSchema.safeParse(values.managerEmployeeId);
      if (!code.success) problems.push(`invalid managerEmployeeId "${values.managerEmployeeId}" (${code.error.issues[0]!.message.replace(/^employeeId /, '')})`);
      else if (out.employeeId !== undefined && code.data.toLowerCase() === out.employeeId.toLowerCase()) problems.push(IMPORT_MANAGER_MSG.self);
      else out.managerCode = code.data;
    }

    const statutory: Record<string, unknown> = {};
    for (const f of STATUTORY_FIELDS) {
      const v = values[`statutory.${f}`];
      if (v === undefined) continue;
      if (YES_NO_FIELDS.has(f)) {
        if (YES.has(v.toLowerCase())) statutory[f] = true;
        else if (NO.has(v.toLowerCase())) statutory[f] = false;
        else problems.push(`statutory.${f} must be yes or no ("${v}")`);
      } else if (AMOUNT_FIELDS.has(f)) {
        const rupees = parseRupees(v);
        if (rupees.ok) statutory[f] = rupees.value;
        else problems.push(`statutory.${f}: ${rupees.reason}`);
      } else if (DATE_FIELD.test(f)) {
        const date = parseIndianDate(v);
        if (date.ok) statutory[f] = date.value;
        else problems.push(`statutory.${f}: ${date.reason}`);
      } else statutory[f] = v;
    }
    const parsedStatutory = statutoryUpdateSchema.safeParse(statutory);
    if (parsedStatutory.success) out.statutory = parsedStatutory.data;
    else for (const issue of parsedStatutory.error.issues) problems.push(issue.message);
    if (problems.length) return problems;

    // Only valid rows claim an email or id, so a broken row does not block a later good one.
    const emailFirst = out.email === undefined ? undefined : this.emailRow.get(out.email);
    if (emailFirst !== undefined) problems.push(`duplicate email ${out.email} (also on row ${emailFirst})`);
    const key = out.employeeId?.toLowerCase();
    const idFirst = key === undefined ? undefined : this.idRow.get(key);
    if (idFirst !== undefined) problems.push(`duplicate employeeId ${out.employeeId} (also on row ${idFirst})`);
    const pinFirst = out.devicePin === undefined ? undefined : this.pinRow.get(out.devicePin);
    if (pinFirst !== undefined) problems.push(`duplicate devicePin ${out.devicePin} (also on row ${pinFirst})`);
    if (problems.length) return problems;
    if (out.email !== undefined) this.emailRow.set(out.email, row);
    if (key !== undefined) this.idRow.set(key, row);
    if (out.devicePin !== undefined) this.pinRow.set(out.devicePin, row);
    this.employees.push(out);
    return problems;
  }
}
