/**
 * The import's `managerEmployeeId` column: each row's manager by employee code, either someone
 * already employed or someone the same file adds (a whole company with its reporting lines in one
 * file). A row is refused, naming the field, when the code is its own, nobody's, a leaver's, a
 * failed row's, or would close a loop in the reporting lines as they will be after the import.
 *
 * The check runs in code space (lowercased employee codes), so rows added by the file take part
 * before they have record ids; the lines are written after the insert, grouped by manager.
 */
import { sql, type Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import type { DB } from '../../db/schema';

export const IMPORT_MANAGER_MSG = {
  self: 'managerEmployeeId: an employee cannot be their own manager',
  unknown: (code: string) => `managerEmployeeId: no employee has the code ${code}`,
  leaver: (code: string, name: string) => `managerEmployeeId: ${name} (${code}) has left the company and cannot be a manager`,
  failedRow: (code: string, row: number) => `managerEmployeeId: ${code} is on row ${row}, which was not imported`,
  cycle: (code: string) => `managerEmployeeId: ${code} already reports (directly or further up) to this employee, which would make a loop`,
} as const;

/** Someone already in the company, keyed by lowercased code. */
export interface Person {
  userId: number;
  code: string;
  name: string;
  /** Active and not past their leaving date: may manage. */
  usable: boolean;
  /** Their manager's lowercased code, or null. */
  manager: string | null;
}

/** A row that names a manager: its subject (the lowercased code, or a unique key for a new row without one). */
export interface ManagerClaim {
  row: number;
  subject: string;
  manager: string;
}

/** Everyone's code, usability and reporting line, in one query (10,000 people: a few ms). */
export async function loadPeople(trx: Transaction<DB>, now: Date, timeZone: string): Promise<Map<string, Person>> {
  const today = dateInZone(now, timeZone);
  const rows = await trx
    .selectFrom('employees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('employee_statutory as s', 's.user_id', 'e.user_id')
    .leftJoin('employees as m', 'm.user_id', 'e.manager_id')
    .select(['e.user_id', 'e.employee_id', 'u.name', 'u.active', 's.left_on', sql<string | null>`m.employee_id`.as('manager_code')])
    .execute();
  const people = new Map<string, Person>();
  for (const r of rows) {
    people.set(r.employee_id.toLowerCase(), {
      userId: Number(r.user_id),
      code: r.employee_id,
      name: r.name,
      usable: Number(r.active) === 1 && (r.left_on === null || r.left_on >= today),
      manager: r.manager_code === null ? null : r.manager_code.toLowerCase(),
    });
  }
  return people;
}

// Far deeper than any real hierarchy; the walk also stops at a loop the stored lines already have.
const MAX_DEPTH = 10_000;

/**
 * Decides every claim: the rows refused (row -> reason). `adding` holds the codes the file adds (code ->
 * row), `failedInFile` the codes of rows already refused. A refused added row can no longer be a
 * manager, so the check repeats until nothing more is refused.
 */
export function settleManagers(
  people: ReadonlyMap<string, Person>,
  claims: readonly ManagerClaim[],
  adding: ReadonlyMap<string, number>,
  failedInFile: ReadonlyMap<string, number>,
): Map<number, string> {
  const refused = new Map<number, string>();
  const ordered = [...claims].sort((a, b) => a.row - b.row);
  for (;;) {
    const before = refused.size;
    const lines = new Map<string, string | null>([...people].map(([code, p]) => [code, p.manager]));
    const refusedCodes = new Map<string, number>(failedInFile);
    for (const [code, row] of adding) if (refused.has(row)) refusedCodes.set(code, row);
    for (const c of ordered) {
      if (refused.has(c.row)) continue;
      const reason = refusal(c, people, adding, refusedCodes, lines);
      if (reason) refused.set(c.row, reason);
      else lines.set(c.subject, c.manager);
    }
    if (refused.size === before) return refused;
  }
}

function refusal(
  c: ManagerClaim,
  people: ReadonlyMap<string, Person>,
  adding: ReadonlyMap<string, number>,
  refusedCodes: ReadonlyMap<string, number>,
  lines: ReadonlyMap<string, string | null>,
): string | undefined {
  const shown = people.get(c.manager)?.code ?? c.manager.toUpperCase();
  if (c.manager === c.subject) return IMPORT_MANAGER_MSG.self;
  const failedRow = refusedCodes.get(c.manager);
  if (failedRow !== undefined) return IMPORT_MANAGER_MSG.failedRow(shown, failedRow);
  const person = people.get(c.manager);
  if (person && !person.usable) return IMPORT_MANAGER_MSG.leaver(person.code, person.name);
  if (!person && !adding.has(c.manager)) return IMPORT_MANAGER_MSG.unknown(shown);
  // Walk up from the new manager: meeting the subject means the subject would manage their own manager.
  const seen = new Set<string>();
  let next: string | null | undefined = c.manager;
  for (let depth = 0; next && depth < MAX_DEPTH && !seen.has(next); depth++) {
    if (next === c.subject) return IMPORT_MANAGER_MSG.cycle(shown);
    seen.add(next);
    next = lines.get(next);
  }
  return undefined;
}

/** Writes the settled lines: one UPDATE per manager (a company has far fewer managers than people). */
export async function writeManagers(trx: Transaction<DB>, lines: ReadonlyMap<number, number>): Promise<void> {
  const byManager = new Map<number, number[]>();
  for (const [userId, managerId] of lines) {
    const group = byManager.get(managerId);
    if (group) group.push(userId);
    else byManager.set(managerId, [userId]);
  }
  for (const [managerId, userIds] of byManager) {
    for (let i = 0; i < userIds.length; i += 1000) {
      await trx.updateTable('employees').set({ manager_id: managerId }).where('user_id', 'in', userIds.slice(i, i + 1000)).execute();
    }
  }
}
