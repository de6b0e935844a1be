/**
 * Reporting lines: who an employee's manager is (employees.manager_id, the manager's users id), and
 * the checks a new line must pass. The line is the only thing stored; every permission that follows
 * from it (the team's requests, My Team) is read from it when a request arrives.
 */
import type { Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import type { DB } from '../../db/schema';
import { badRequest } from '../../errors';
import type { Db } from '../../db/handle';

/** Why a manager cannot be set; each names the field, so the client can show it beside the picker. */
export const MANAGER_MSG = {
  self: 'managerId: an employee cannot be their own manager',
  unknown: (id: number) => `managerId: no employee has the _id ${id}`,
  leaver: (name: string) => `managerId: ${name} has left the company and cannot be a manager`,
  cycle: (name: string) => `managerId: ${name} already reports (directly or further up) to this employee, which would make a loop`,
} as const;

// Far deeper than any real hierarchy; a longer walk means the stored lines already loop.
const MAX_DEPTH = 64;

/** A manager must be an employee still employed: active, and not past their leaving date. */
async function managerCandidate(db: Db, managerId: number) {
  return db
    .selectFrom('employees')
    .innerJoin('users', 'users.id', 'employees.user_id')
    .leftJoin('employee_statutory', 'employee_statutory.user_id', 'employees.user_id')
    .select(['users.id', 'users.name', 'users.active', 'employee_statutory.left_on', 'employees.manager_id'])
    .where('users.id', '=', managerId)
    .executeTakeFirst();
}

/**
 * Refuses (400 {msg}) a manager that is the employee themself, nobody, a leaver, or someone who
 * already reports to the employee (directly or further up), which would close a loop. `subjectId`
 * is undefined for a new employee, who can have no reports yet.
 */
export async function assertManagerAllowed(db: Db, subjectId: number | undefined, managerId: number, now: Date, timeZone: string): Promise<void> {
  if (managerId === subjectId) throw badRequest(MANAGER_MSG.self);
  const manager = await managerCandidate(db, managerId);
  if (!manager) throw badRequest(MANAGER_MSG.unknown(managerId));
  const today = dateInZone(now, timeZone);
  if (Number(manager.active) !== 1 || (manager.left_on !== null && manager.left_on < today)) throw badRequest(MANAGER_MSG.leaver(manager.name));
  if (subjectId === undefined) return;
  // Walk up from the new manager: meeting the employee on the way means the employee would manage their own manager.
  let next = manager.manager_id === null ? null : Number(manager.manager_id);
  for (let depth = 0; next !== null && depth < MAX_DEPTH; depth++) {
    if (next === subjectId) throw badRequest(MANAGER_MSG.cycle(manager.name));
    const row = await db.selectFrom('employees').select('manager_id').where('user_id', '=', next).executeTakeFirst();
    next = row?.manager_id == null ? null : Number(row.manager_id);
  }
}

/** Sets (or with null clears) an employee's manager. Callers check the line first. */
export async function setManager(trx: Transaction<DB>, userId: number, managerId: number | null): Promise<void> {
  await trx.updateTable('employees').set({ manager_id: managerId }).where('user_id', '=', userId).execute();
}
