/**
 * The people the in-process figures (18-23) start from, written straight into the store: these
 * figures measure an import, a device push or a payroll screen, not the employee import, so their
 * company is inserted raw, 1,000 rows a statement, in one transaction. Person n (1-based) is
 * `staff.n@acme.co.in` with the code `ACM0000n`, the code the import files of figures 18 and 19 use.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema';

const CHUNK = 1000;

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Person n's employee code. */
export const staffCode = (n: number) => `ACM${pad(n, 5)}`;

export interface StaffOptions {
  /** Person n's display name (default `Person n`). */
  name?: (n: number) => string;
  position?: string;
  salaryPaise?: number;
  /** The manager of the person at `index` (0-based), given every user id in order; default nobody. */
  managerOf?: (index: number, ids: readonly number[]) => number | null;
  /** Give person n the device PIN `n` (for the device push). */
  devicePins?: boolean;
}

/** Inserts `people` employees with their user accounts; returns the user ids, person 1 first. */
export async function insertStaff(db: Kysely<DB>, people: number, options: StaffOptions = {}): Promise<number[]> {
  const now = new Date().toISOString();
  const name = options.name ?? ((n: number) => `Person ${n}`);
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let first = 1; first <= people; first += CHUNK) {
      const chunk = Array.from({ length: Math.min(CHUNK, people - first + 1) }, (_, k) => first + k);
      const rows = await trx
        .insertInto('users')
        .values(chunk.map((n) => ({ email: `staff.${n}@acme.co.in`, name: name(n), role: 'employee' as const, password_hash: null, created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => Number(r.id)));
    }
    // After every user exists, so a manager can be anyone.
    for (let from = 0; from < people; from += CHUNK) {
      await trx
        .insertInto('employees')
        .values(
          ids.slice(from, from + CHUNK).map((id, k) => ({
            user_id: id,
            employee_id: staffCode(from + k + 1),
            device_pin: options.devicePins ? String(from + k + 1) : null,
            position: options.position ?? 'Clerk',
            salary_paise: options.salaryPaise ?? 3_000_000,
            joined_on: '2022-01-01',
            manager_id: options.managerOf?.(from + k, ids) ?? null,
          })),
        )
        .execute();
    }
  });
  return ids;
}

/** Inserts `rows` 1,000 a statement (in the caller's transaction when `db` is one). */
export async function insertInChunks<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot type a row for a table chosen at run time; the callers' rows are the table's.
    await db.insertInto(table).values(rows.slice(i, i + CHUNK) as never).execute();
  }
}
