/**
 * Employee queries, shared with the modules that hang off an employee (attendance, leave, tasks,
 * payroll). An employee is a users row (name, email, active) joined to its employees row (business
 * id, position, salary). "Active" lookups skip deactivated people; history queries may not.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Employee } from '../../../shared/schemas/employee';
import type { DB } from '../../db/schema';

export type Db = Kysely<DB> | Transaction<DB>;

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
}

/** New employee data; emails already trimmed and lowercased. */
export interface NewEmployee {
  employeeId: string;
  name: string;
  email: string;
  position: string;
  salaryPaise: number;
  joinedOn: string;
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
});

/** 'EMP0001' for 1; past 9999 the number simply grows (EMP10000). */
export const formatEmployeeId = (n: number): string => `EMP${String(n).padStart(4, '0')}`;

/** The number inside a well-formed business id ('emp42', 'EMP0042' -> 42), else undefined. */
export function employeeIdNumber(text: string): number | undefined {
  const match = /^EMP(\d{1,9})$/i.exec(text.trim());
  const n = match ? Number(match[1]) : NaN;
  return n >= 1 ? n : undefined;
}

/** Any employee by users id, deactivated ones included (history, audit). */
export const findEmployeeByUserId = (db: Db, userId: number): Promise<EmployeeRow | undefined> =>
  selectEmployees(db).where('users.id', '=', userId).executeTakeFirst();

/** Any employee by business id (EMP0001), deactivated ones included (salary slips of past months). */
export const findEmployeeByBusinessId = (db: Db, employeeId: string): Promise<EmployeeRow | undefined> =>
  selectEmployees(db).where('employees.employee_id', '=', employeeId).executeTakeFirst();

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

/** Which of these business ids exist, deactivated employees included (ids are never reused). */
export async function findTakenEmployeeIds(db: Db, employeeIds: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunks(employeeIds, LOOKUP_CHUNK)) {
    const rows = await db.selectFrom('employees').select('employee_id').where('employee_id', 'in', chunk).execute();
    for (const row of rows) taken.add(row.employee_id);
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
 * Hands out `count` new business ids, numbered above both the counter and `above` (the largest id
 * an import supplied itself), and moves the counter past them so none is ever handed out again.
 */
export async function allocateEmployeeIds(trx: Transaction<DB>, count: number, above = 0): Promise<string[]> {
  const start = Math.max(await lockEmployeeCounter(trx), above);
  await trx.updateTable('counters').set({ value: start + count }).where('name', '=', EMPLOYEE_COUNTER).execute();
  return Array.from({ length: count }, (_, i) => formatEmployeeId(start + i + 1));
}

/** Inserts users + employees rows in batches; returns them with their new users ids, in input order. */
export async function insertEmployees(trx: Transaction<DB>, employees: readonly NewEmployee[], now: Date): Promise<InsertedEmployee[]> {
  const stamp = now.toISOString();
  const out: InsertedEmployee[] = [];
  for (const chunk of chunks(employees, INSERT_CHUNK)) {
    const users = await trx
      .insertInto('users')
      // invite_pending: the invitation is owed from the commit on, even if this process stops before sending it.
      .values(chunk.map((e) => ({ email: e.email, name: e.name, role: 'employee' as const, password_hash: null, invite_pending: 1, created_at: stamp, updated_at: stamp })))
      .returning(['id', 'email'])
      .execute();
    // RETURNING order is not promised by either engine, so rows are matched by their unique email.
    const idByEmail = new Map(users.map((u) => [u.email, Number(u.id)]));
    const inserted = chunk.map((e) => ({ ...e, userId: idByEmail.get(e.email)! }));
    await trx
      .insertInto('employees')
      .values(inserted.map((e) => ({ user_id: e.userId, employee_id: e.employeeId, position: e.position, salary_paise: e.salaryPaise, joined_on: e.joinedOn })))
      .execute();
    out.push(...inserted);
  }
  return out;
}

/** Changes the given fields of an employee; untouched fields keep their values. */
export async function updateEmployee(
  trx: Transaction<DB>,
  userId: number,
  changes: Partial<Pick<NewEmployee, 'name' | 'email' | 'position' | 'salaryPaise'>>,
  now: Date,
): Promise<void> {
  const { name, email, position, salaryPaise } = changes;
  if (name !== undefined || email !== undefined) {
    await trx
      .updateTable('users')
      .set({ ...(name !== undefined && { name }), ...(email !== undefined && { email }), updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
  }
  if (position !== undefined || salaryPaise !== undefined) {
    await trx
      .updateTable('employees')
      .set({ ...(position !== undefined && { position }), ...(salaryPaise !== undefined && { salary_paise: salaryPaise }) })
      .where('user_id', '=', userId)
      .execute();
  }
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

/**
 * True for a unique-constraint violation on either engine (a race another check did not see),
 * optionally only one that involves `column` (named in SQLite's message, PostgreSQL's detail).
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const { code, message, detail, constraint } = (err ?? {}) as { code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown };
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || column === undefined) return unique;
  return [message, detail, constraint].some((text) => typeof text === 'string' && text.includes(column));
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
