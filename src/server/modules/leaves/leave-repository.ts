/**
 * Leave queries shared by the leave service and the payroll module: listing, overlap checks, the
 * conditional decision update, and the approved-leave calendar a salary slip counts as paid days.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeaveStatus } from '../../../shared/constants';
import type { Leave } from '../../../shared/schemas/leave';
import { isUnpaidType } from '../../../shared/leave-policy/leave-balance';
import { leaveDays } from '../../../shared/leave-policy/work-calendar';
import { decisionOnWire, teamCondition } from '../../db/request-list';
import type { DB } from '../../db/schema';
import { workCalendar } from '../leave-policy';

type Db = Kysely<DB> | Transaction<DB>;

const ID_CHUNK = 500;

/** Statuses that hold the days: a new request may not overlap them. Rejected leave frees its days. */
export const BLOCKING_STATUSES: readonly LeaveStatus[] = ['pending', 'approved'];

export interface LeaveListFilter {
  /** Only this user's requests (an employee's own list); all requests when absent. */
  userId?: number;
  /**
   * A manager's view: the requests of these people, and the pending ones waiting at the manager stage
   * for any of `coveredManagers` (whom the caller stands in for today).
   */
  team?: { userIds: readonly number[]; coveredManagers: readonly number[] };
  status?: LeaveStatus;
  limit: number;
}

/** A listed request with what the service needs to judge it (the requester, their manager now, when it was filed). */
export type ListedLeave = Leave & { userId: number; managerId: number | null; filedOn: string };

/** Newest first (by id, which follows insertion), at most `limit` rows; `hasMore` says rows were left off. */
export async function listLeaves(db: Db, filter: LeaveListFilter): Promise<{ leaves: ListedLeave[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('leaves')
    .innerJoin('users as requester', 'requester.id', 'leaves.user_id')
    .innerJoin('employees', 'employees.user_id', 'leaves.user_id')
    .leftJoin('users as decider', 'decider.id', 'leaves.decided_by')
    .leftJoin('leave_types', 'leave_types.id', 'leaves.leave_type_id')
    .leftJoin('users as first', 'first.id', 'leaves.first_decided_by')
    .leftJoin('users as canceller', 'canceller.id', 'leaves.cancelled_by')
    .select([
      'employees.manager_id',
      'leaves.stage',
      'leaves.remark',
      'leaves.decided_as',
      'first.name as first_name',
      'leaves.first_decided_at',
      'leaves.first_decided_as',
      'canceller.name as canceller_name',
      'leaves.cancelled_at',
      'leaves.cancel_reason',
      'leaves.cancel_requested_at',
      'leaves.cancel_request_reason',
      'leaves.user_id',
      'leaves.id',
      'employees.employee_id',
      'requester.name',
      'leaves.start_date',
      'leaves.end_date',
      'leaves.reason',
      'leaves.status',
      'decider.name as decider_name',
      'leaves.decided_at',
      'leaves.created_at',
      'leaves.leave_type_id',
      'leave_types.name as leave_type_name',
      'leaves.day_part',
      'leaves.days',
    ])
    .$if(filter.userId !== undefined, (q) => q.where('leaves.user_id', '=', filter.userId!))
    .$if(filter.team !== undefined, (q) => q.where(teamCondition(filter.team!, 'leaves', 'employees.manager_id')))
    .$if(filter.status !== undefined, (q) => q.where('leaves.status', '=', filter.status!))
    // A team's list is capped: its waiting requests come first, so an old one still to decide is
    // never pushed out of the list by newer decided ones.
    .$if(filter.team !== undefined, (q) => q.orderBy(sql`case when leaves.status = 'pending' then 0 else 1 end`))
    .orderBy('leaves.id', 'desc')
    // One extra row tells whether the cap cut the list, without a second COUNT query.
    .limit(filter.limit + 1)
    .execute();

  const page = rows.slice(0, filter.limit);
  const filled = await olderRequestTerms(db, page);
  const leaves = page.map(
    (r): ListedLeave => ({
      userId: Number(r.user_id),
      managerId: r.manager_id == null ? null : Number(r.manager_id),
      filedOn: r.created_at,
      _id: String(r.id),
      employeeId: r.employee_id,
      name: r.name,
      startDate: r.start_date,
      endDate: r.end_date,
      reason: r.reason,
      status: r.status,
      leaveTypeId: String(r.leave_type_id ?? filled.defaultType?.id ?? ''),
      leaveType: r.leave_type_name ?? filled.defaultType?.name ?? '',
      days: r.days ?? filled.days(r),
      ...(r.day_part === 'first-half' || r.day_part === 'second-half' ? { dayPart: r.day_part } : {}),
      ...decisionOnWire(r),
      ...(r.first_name != null && r.first_decided_at != null && r.first_decided_as != null
        ? { managerApproval: { by: r.first_name, as: r.first_decided_as, at: r.first_decided_at } }
        : {}),
      ...(r.cancelled_at != null ? { cancelled: { by: r.canceller_name ?? '', at: r.cancelled_at, reason: r.cancel_reason } } : {}),
      ...(r.cancel_requested_at != null && r.status === 'approved' ? { cancelRequested: { at: r.cancel_requested_at, reason: r.cancel_request_reason } } : {}),
    }),
  );
  return { leaves, hasMore: rows.length > filter.limit };
}

/**
 * Requests filed before leave types (migration 010) have no type and no day count: they are the
 * default type, and their working days are counted on today's calendar, as balances count them.
 */
async function olderRequestTerms(db: Db, rows: readonly { leave_type_id: number | null; days: number | null; start_date: string; end_date: string }[]) {
  const untyped = rows.some((r) => r.leave_type_id == null);
  const uncounted = rows.filter((r) => r.days == null);
  const defaultType = untyped ? await db.selectFrom('leave_types').select(['id', 'name']).where('is_default', '=', 1).executeTakeFirst() : undefined;
  const calendar = uncounted.length
    ? await workCalendar(
        db,
        uncounted.reduce((m, r) => (r.start_date < m ? r.start_date : m), '9999'),
        uncounted.reduce((m, r) => (r.end_date > m ? r.end_date : m), '0000'),
      )
    : undefined;
  return { defaultType, days: (r: { start_date: string; end_date: string }) => (calendar ? leaveDays(r.start_date, r.end_date, calendar) : 0) };
}

/**
 * The caller's first pending or approved leave sharing at least one day with [startDate, endDate]. A
 * half day (`dayPart`, one-day requests only) does not clash with the other half of the same day.
 */
export function findOverlappingLeave(db: Db, userId: number, startDate: string, endDate: string, dayPart?: 'first-half' | 'second-half' | null) {
  // YYYY-MM-DD text sorts as dates do, so plain comparisons work on both engines. Two inclusive
  // ranges overlap when each starts no later than the other ends; adjacent days do not overlap.
  return db
    .selectFrom('leaves')
    .select(['id', 'start_date', 'end_date', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', BLOCKING_STATUSES)
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate)
    .$if(!!dayPart, (q) => q.where((eb) => eb.or([eb('day_part', 'is', null), eb('day_part', '=', dayPart!)])))
    .orderBy('start_date')
    .executeTakeFirst();
}

/**
 * Every calendar day (YYYY-MM-DD) in [from, to] that falls inside one of the user's approved leaves.
 * The payroll slip counts these as paid days; weekends and holidays are the caller's policy.
 */
export async function approvedLeaveDates(db: Db, userId: number, from: string, to: string): Promise<Set<string>> {
  const byUser = await approvedLeaveDatesByUser(db, from, to, [userId]);
  return byUser.get(userId) ?? new Set();
}

/**
 * approvedLeaveDates for many users in one query (a payroll run over the whole roster): user id ->
 * days. All users with approved leave in the range when `userIds` is omitted; users without any are absent.
 */
export async function approvedLeaveDatesByUser(
  db: Db,
  from: string,
  to: string,
  userIds?: readonly number[],
): Promise<Map<number, Set<string>>> {
  return (await approvedLeaveByUser(db, from, to, userIds)).all;
}

/**
 * approvedLeaveDatesByUser, with the days of unpaid types (loss of pay) also apart, from the same
 * query. A leave without a type (older rows) is of the default type, which is paid.
 */
export async function approvedLeaveByUser(
  db: Db,
  from: string,
  to: string,
  userIds?: readonly number[],
): Promise<{ all: Map<number, Set<string>>; unpaid: Map<number, Set<string>> }> {
  const all = new Map<number, Set<string>>();
  const unpaid = new Map<number, Set<string>>();
  if (to < from) return { all, unpaid };
  const query = (ids?: readonly number[]) =>
    db
      .selectFrom('leaves')
      .leftJoin('leave_types', 'leave_types.id', 'leaves.leave_type_id')
      .select(['leaves.user_id as user_id', 'leaves.start_date as start_date', 'leaves.end_date as end_date', 'leave_types.paid as paid'])
      .where('leaves.status', '=', 'approved')
      .where('leaves.start_date', '<=', to)
      .where('leaves.end_date', '>=', from)
      .$if(ids !== undefined, (q) => q.where('leaves.user_id', 'in', ids!))
      .execute();
  const rows = [];
  if (!userIds) rows.push(...(await query()));
  // Chunked so a long id list stays far below either engine's bound-parameter limit.
  else for (let i = 0; i < userIds.length; i += ID_CHUNK) rows.push(...(await query(userIds.slice(i, i + ID_CHUNK))));

  const daysOf = (map: Map<number, Set<string>>, userId: number) => {
    let days = map.get(userId);
    if (!days) map.set(userId, (days = new Set()));
    return days;
  };
  for (const row of rows) {
    // Clip to the asked range, so a leave spanning months adds only this range's days.
    const start = row.start_date > from ? row.start_date : from;
    const end = row.end_date < to ? row.end_date : to;
    const days = daysOf(all, row.user_id);
    const unpaidDays = isUnpaidType(row.paid) ? daysOf(unpaid, row.user_id) : null;
    for (const day of eachDay(start, end)) {
      days.add(day);
      unpaidDays?.add(day);
    }
  }
  return { all, unpaid };
}

/** The days from start to end inclusive, as YYYY-MM-DD; computed in UTC so no zone shift or DST skips one. */
function* eachDay(start: string, end: string): Generator<string> {
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += 86_400_000) {
    yield new Date(t).toISOString().slice(0, 10);
  }
}
