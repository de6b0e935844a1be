/**
 * Employee queries, shared with the modules that hang off an employee (attendance, leave, tasks,
 * payroll). An employee is a users row (name, email, active) joined to its employees row (business
 * id, position, salary). "Active" lookups skip deactivated people; history queries may not.
 */
import { sql, type Transaction } from 'kysely';
import type { Employee } from '../../../shared/schemas/employee';
import { defaultPins } from './pin-assignment';
import type { DB } from '../../db/schema';
import type { Db } from '../../db/handle';


/** One employee as the database holds it (salary in paise). */
export interface EmployeeRow {
  user_id: number;
  employee_id: string;
  name: string;
  email: string;
  position: string;
  salary_paise: number;
  joined_on: string;
  active: number;
  manager_id: number | null;
  phone: string | null;
  department_id: number | null;
  location_id: number | null;
  /** The PIN biometric devices know the person by (no leading zeros), or null. */
  device_pin?: string | null;
}

/** New employee data; emails already trimmed and lowercased. */
export interface NewEmployee {
  employeeId: string;
  name: string;
  email: string;
  position: string;
  salaryPaise: number;
  joinedOn: string;
  phone?: string | null;
  departmentId?: number | null;
  locationId?: number | null;
  /** The device PIN (normalized, checked unique by the caller); left out: the code's digits when free; null: none. */
  devicePin?: string | null;
  /** Imported "invite later": no invitation owed until an admin's Invite. */
  inviteHeld?: boolean;
}

export interface InsertedEmployee extends NewEmployee {
  userId: number;
}

const EMPLOYEE_COUNTER = 'employee_id';

// Rows per INSERT: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters, and large
// enough that a 100,000-row import is a few hundred statements.
const INSERT_CHUNK = 500;
// Values per IN (...) list when checking many emails or ids at once.
const LOOKUP_CHUNK = 1000;

/** Employees with their account columns as EmployeeRow; other modules join their own table onto it (payroll run items). */
export const selectEmployees = (db: Db) =>
  db
    .selectFrom('employees')
    .innerJoin('users', 'users.id', 'employees.user_id')
    .select([
      'users.id as user_id',
      'employees.employee_id',
      'users.name',
      'users.email',
      'employees.position',
      'employees.salary_paise',
      'employees.joined_on',
      'users.active',
      'employees.manager_id',
      'employees.phone',
      'employees.department_id',
      'employees.location_id',
      'employees.device_pin',
    ]);

/** Rupees (2 decimals at most) to integer paise, without float residue (0.29 * 100 = 28.999...). */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Integer paise to rupees for the wire. */
export const paiseToRupees = (paise: number): number => paise / 100;

/** The wire shape of product.md, Records: `_id` is the users id as a string, salary in rupees. */
export const toEmployee = (row: EmployeeRow): Employee => ({
  _id: String(row.user_id),
  employeeId: row.employee_id,
  name: row.name,
  email: row.email,
  position: row.position,
  salary: paiseToRupees(Number(row.salary_paise)),
  joiningDate: row.joined_on,
  managerId: row.manager_id == null ? null : String(row.manager_id),
  phone: row.phone ?? null,
  departmentId: row.department_id == null ? null : String(row.department_id),
  locationId: row.location_id == null ? null : String(row.location_id),
  devicePin: row.device_pin ?? null,
});

/** 'EMP0001' for 1; past 9999 the number simply grows (EMP10000). The default for a new company. */
export const formatEmployeeId = (n: number): string => `EMP${String(n).padStart(4, '0')}`;

/**
 * Codes are the company's own (employeeCodeSchema: ASCII, at most 20), unique regardless of case (a
 * unique index on lower(employee_id)) and never reused, since deactivated people keep their rows.
 */
/** The code's prefix and numeric suffix ('ACM0300' -> ACM, 300, width 4); undefined without a suffix. */
export function splitCode(code: string): { prefix: string; n: number; width: number } | undefined {
  const match = /^(.*?)(\d{1,15})$/.exec(code);
  return match ? { prefix: match[1]!, n: Number(match[2]), width: match[2]!.length } : undefined;
}

/** Any employee by users id, deactivated ones included (history, audit). */
export const findEmployeeByUserId = (db: Db, userId: number): Promise<EmployeeRow | undefined> =>
  selectEmployees(db).where('users.id', '=', userId).executeTakeFirst();

/** Any employee by business id (EMP0001), deactivated ones included (salary slips of past months). */
export const findEmployeeByBusinessId = (db: Db, employeeId: string): Promise<EmployeeRow | undefined> =>
  selectEmployees(db).where(sql`lower(employees.employee_id)`, '=', employeeId.trim().toLowerCase()).executeTakeFirst();

/** An active employee by users id (the `_id` of the wire). */
export const findActiveEmployeeByUserId = (db: Db, userId: number): Promise<EmployeeRow | undefined> =>
  selectEmployees(db).where('users.id', '=', userId).where('users.active', '=', 1).executeTakeFirst();

/**
 * Active employees in business-id order. Sorting by length first keeps EMP10000 after EMP9999,
 * since ids are zero-padded to at least four digits.
 */
export const listActiveEmployees = (db: Db): Promise<EmployeeRow[]> =>
  selectEmployees(db)
    .where('users.active', '=', 1)
    .orderBy((eb) => eb.fn('length', ['employees.employee_id']))
    .orderBy('employees.employee_id')
    .execute();

/** True when any account (admin, employee, deactivated) already uses the email, other than `exceptUserId`. */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Which of these (lowercased) emails some account already uses. */
export async function findTakenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunks(emails, LOOKUP_CHUNK)) {
    const rows = await db.selectFrom('users').select('email').where('email', 'in', chunk).execute();
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

/**
 * Which of these business ids exist regardless of case, deactivated employees included (ids are never
 * reused): lowercased code -> the users id holding it.
 */
export async function findTakenEmployeeIds(db: Db, employeeIds: readonly string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const chunk of chunks([...new Set(employeeIds.map((id) => id.toLowerCase()))], LOOKUP_CHUNK)) {
    const rows = await db.selectFrom('employees').select(['employee_id', 'user_id']).where(sql`lower(employee_id)`, 'in', chunk).execute();
    for (const row of rows) taken.set(row.employee_id.toLowerCase(), Number(row.user_id));
  }
  return taken;
}

/**
 * Locks the business-id counter until the transaction ends and returns its value. Creates and
 * imports take it first, so they run one after another and their email checks cannot race.
 */
export async function lockEmployeeCounter(trx: Transaction<DB>): Promise<number> {
  const row = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 0) }))
    .where('name', '=', EMPLOYEE_COUNTER)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Hands out `count` new codes inside the insert's transaction (the counter lock held): the latest
 * code's prefix (the last of `supplied`, an import's own codes, else the newest employee's) with the
 * highest numeric suffix of that prefix plus one, keeping its width: ACM0301 after ACM0300. A new
 * company starts at EMP0001. For the EMP prefix the old counter still counts, so ids handed out
 * before codes were the company's own are never handed out again.
 */
export async function allocateEmployeeIds(trx: Transaction<DB>, count: number, supplied: readonly string[] = []): Promise<string[]> {
  if (count === 0) return [];
  const counter = await lockEmployeeCounter(trx);
  const latest = [...supplied].reverse().find((code) => splitCode(code)) ?? (await latestNumberedCode(trx)) ?? formatEmployeeId(0);
  const { prefix, width } = splitCode(latest)!;
  const lower = prefix.toLowerCase();
  const escaped = lower.replace(/[\\%_]/g, (c) => `\\${c}`);
  const existing = await trx
    .selectFrom('employees')
    .select('employee_id')
    .where(sql<boolean>`lower(employee_id) like ${escaped + '%'} escape '\\'`)
    .execute();
  let highest = 0;
  for (const code of [...existing.map((r) => r.employee_id), ...supplied]) {
    const parts = splitCode(code);
    if (parts && parts.prefix.toLowerCase() === lower) highest = Math.max(highest, parts.n);
  }
  const isEmp = lower === 'emp';
  if (isEmp) highest = Math.max(highest, counter);
  const codes = Array.from({ length: count }, (_, i) => `${prefix}${String(highest + i + 1).padStart(width, '0')}`);
  if (isEmp) await trx.updateTable('counters').set({ value: highest + count }).where('name', '=', EMPLOYEE_COUNTER).execute();
  return codes;
}

/** The newest employee's code that ends in digits (the last 50 looked at), else undefined. */
async function latestNumberedCode(db: Db): Promise<string | undefined> {
  const rows = await db.selectFrom('employees').select('employee_id').orderBy('user_id', 'desc').limit(50).execute();
  return rows.map((r) => r.employee_id).find((code) => splitCode(code));
}

/** Inserts users + employees rows in batches; returns them with their new users ids, in input order. */
export async function insertEmployees(trx: Transaction<DB>, employees: readonly NewEmployee[], now: Date, reservedPins: ReadonlySet<string> = new Set()): Promise<InsertedEmployee[]> {
  const stamp = now.toISOString();
  // Default PINs never take one these people are given, or one the caller gives someone else next (an import's updates).
  const given = new Set([...reservedPins, ...employees.flatMap((e) => (e.devicePin ? [e.devicePin] : []))]);
  const out: InsertedEmployee[] = [];
  for (const chunk of chunks(employees, INSERT_CHUNK)) {
    const users = await trx
      .insertInto('users')
      // invite_pending: the invitation is owed from the commit on, even if this process stops before sending it.
      .values(
        chunk.map((e) => ({
          email: e.email,
          name: e.name,
          role: 'employee' as const,
          password_hash: null,
          invite_pending: e.inviteHeld ? 0 : 1,
          invite_held: e.inviteHeld ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    // RETURNING order is not promised by either engine, so rows are matched by their unique email.
    const idByEmail = new Map(users.map((u) => [u.email, Number(u.id)]));
    const inserted = chunk.map((e) => ({ ...e, userId: idByEmail.get(e.email)! }));
    const pins = await defaultPins(trx, inserted.filter((e) => e.devicePin === undefined).map((e) => e.employeeId));
    for (const [code, pin] of pins) if (given.has(pin)) pins.delete(code);
    await trx
      .insertInto('employees')
      .values(
        inserted.map((e) => ({
          device_pin: e.devicePin !== undefined ? e.devicePin : (pins.get(e.employeeId) ?? null),
          user_id: e.userId,
          employee_id: e.employeeId,
          position: e.position,
          salary_paise: e.salaryPaise,
          joined_on: e.joinedOn,
          phone: e.phone ?? null,
          department_id: e.departmentId ?? null,
          location_id: e.locationId ?? null,
        })),
      )
      .execute();
    out.push(...inserted);
  }
  return out;
}

/** Changes the given fields of an employee; untouched fields keep their values. */
export async function updateEmployee(
  trx: Transaction<DB>,
  userId: number,
  changes: Partial<Pick<NewEmployee, 'name' | 'email' | 'position' | 'salaryPaise' | 'joinedOn' | 'phone' | 'departmentId' | 'locationId' | 'devicePin'>>,
  now: Date,
): Promise<void> {
  const { name, email, position, salaryPaise, joinedOn, phone, departmentId, locationId, devicePin } = changes;
  if (name !== undefined || email !== undefined) {
    await trx
      .updateTable('users')
      .set({ ...(name !== undefined && { name }), ...(email !== undefined && { email }), updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
  }
  const employee = {
    ...(position !== undefined && { position }),
    ...(salaryPaise !== undefined && { salary_paise: salaryPaise }),
    ...(joinedOn !== undefined && { joined_on: joinedOn }),
    ...(phone !== undefined && { phone }),
    ...(departmentId !== undefined && { department_id: departmentId }),
    ...(locationId !== undefined && { location_id: locationId }),
    ...(devicePin !== undefined && { device_pin: devicePin }),
  };
  if (Object.keys(employee).length) await trx.updateTable('employees').set(employee).where('user_id', '=', userId).execute();
}

/** Who holds each of these (normalized) device PINs: PIN -> the holder's users id and code. */
export async function findPinHolders(db: Db, pins: readonly string[]): Promise<Map<string, { userId: number; employeeId: string }>> {
  const out = new Map<string, { userId: number; employeeId: string }>();
  for (const chunk of chunks([...new Set(pins)], LOOKUP_CHUNK)) {
    const rows = await db.selectFrom('employees').select(['device_pin', 'user_id', 'employee_id']).where('device_pin', 'in', chunk).execute();
    for (const r of rows) out.set(r.device_pin!, { userId: Number(r.user_id), employeeId: r.employee_id });
  }
  return out;
}

/**
 * Deactivates an active employee: they leave every list and cannot sign in, and bumping the token
 * version ends their open sessions. Rows elsewhere (attendance, leave, tasks, payroll) stay.
 * Returns false when there was no active employee to deactivate.
 */
export async function deactivateEmployee(trx: Transaction<DB>, userId: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ active: 0, token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', userId)
    .where('role', '=', 'employee')
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
