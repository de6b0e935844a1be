/**
 * The list query that requests decided by a manager or HR share (attendance corrections, comp-off):
 * each row with its requester's employee code, name and manager and the decider's name; a person's
 * own rows, or a manager's team view; one status; newest first (by id), at most `limit` rows. And
 * what a listed leave or correction says of its decision.
 */
import { sql, type Expression, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { DB } from './schema';

/** The tables of requests listed this way: each has user_id, status, stage and decided_by. */
export type RequestTable = 'attendance_corrections' | 'comp_offs';

export interface RequestListFilter {
  /** Only this person's requests (an employee's own list); everyone's when absent. */
  userId?: number;
  /** A manager's view: these people's requests, and the pending ones waiting for any of `coveredManagers`. */
  team?: { userIds: readonly number[]; coveredManagers: readonly number[] };
  status?: string;
  limit: number;
  /** Only rows older than this id (the next page). */
  before?: number;
}

export type RequestListRow<T extends RequestTable> = Selectable<DB[T]> & { employee_id: string; name: string; decider_name: string | null; manager_id: number | null };

/**
 * A manager's team view of a request table (`alias`, joined to the requester's employee row, whose
 * manager column is `managerColumn`): the team's rows, and the pending ones at the manager stage of
 * the managers the caller stands in for. Nobody in the team and nobody covered: nothing, rather than
 * everything.
 */
export function teamCondition(team: NonNullable<RequestListFilter['team']>, alias: string, managerColumn: string): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const parts = [];
  if (team.userIds.length) parts.push(sql`${column('user_id')} in (${sql.join(team.userIds)})`);
  if (team.coveredManagers.length) {
    parts.push(sql`(${column('status')} = 'pending' and ${column('stage')} = 'manager' and ${sql.ref(managerColumn)} in (${sql.join(team.coveredManagers)}))`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`${column('id')} < 0`;
}

/** The rows of one page; `hasMore` says older rows were left off. */
export async function listRequestRows<T extends RequestTable>(db: Kysely<DB> | Transaction<DB>, table: T, filter: RequestListFilter): Promise<{ rows: RequestListRow<T>[]; hasMore: boolean }> {
  const rows = await db
    // Both tables have the columns read here; one alias keeps the query typed.
    .selectFrom(`${table} as c` as 'attendance_corrections as c')
    .innerJoin('users as requester', 'requester.id', 'c.user_id')
    .innerJoin('employees as e', 'e.user_id', 'c.user_id')
    .leftJoin('users as decider', 'decider.id', 'c.decided_by')
    .selectAll('c')
    .select(['e.employee_id', 'requester.name', 'decider.name as decider_name', 'e.manager_id'])
    .$if(filter.userId !== undefined, (q) => q.where('c.user_id', '=', filter.userId!))
    .$if(filter.team !== undefined, (q) => q.where(teamCondition(filter.team!, 'c', 'e.manager_id')))
    .$if(filter.status !== undefined, (q) => q.where('c.status', '=', filter.status as 'pending'))
    .$if(filter.before !== undefined, (q) => q.where('c.id', '<', filter.before!))
    .orderBy('c.id', 'desc')
    // One extra row tells whether the cap cut the list, without a second COUNT query.
    .limit(filter.limit + 1)
    .execute();
  return { rows: rows.slice(0, filter.limit) as unknown as RequestListRow<T>[], hasMore: rows.length > filter.limit };
}

/** The columns of a listed leave or correction that say who asked, who decided it and how. */
interface DecidedRow {
  employee_id: string;
  name: string;
  status: string;
  stage: 'manager' | 'hr';
  created_at: string;
  decider_name: string | null;
  decided_at: string | null;
  decided_as: 'admin' | 'manager' | 'stand-in' | null;
  remark: string | null;
}

/** A listed request's decision as the API answers it: each field only when set, and the stage only while pending. */
export const decisionOnWire = (r: DecidedRow) => ({
  ...(r.decider_name != null ? { decidedBy: r.decider_name } : {}),
  ...(r.decided_at != null ? { decidedAt: r.decided_at } : {}),
  createdAt: r.created_at,
  requester: { employeeId: r.employee_id, name: r.name },
  ...(r.status === 'pending' ? { stage: r.stage } : {}),
  ...(r.decided_as != null ? { decidedAs: r.decided_as } : {}),
  ...(r.remark != null ? { remark: r.remark } : {}),
});
