/**
 * Attendance correction queries: the lists, the once-per-day check, the conditional decision, and
 * the counts other modules read (the dashboard's pending figure, the attendance list's fingerprint).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Correction, CorrectionStatus } from '../../../shared/schemas/attendance-correction';
import { timeInZone } from '../../../shared/attendance-corrections/zone-time';
import type { AttendanceCorrectionsTable, DB } from '../../db/schema';
import { decidePending } from '../../db/pending-decision';

type Db = Kysely<DB> | Transaction<DB>;

/** Statuses that hold a day: a second request for it is refused. A rejected one frees the day. */
export const LIVE_STATUSES: readonly CorrectionStatus[] = ['pending', 'approved'];

export interface CorrectionListFilter {
  /** Only this person's requests (an employee's own list); everyone's when absent. */
  userId?: number;
  status?: CorrectionStatus;
  limit: number;
  /** Only rows older than this id (the next page). */
  before?: number;
  /** A manager's view: these people's corrections, and the pending ones waiting for any of `coveredManagers`. */
  team?: { userIds: readonly number[]; coveredManagers: readonly number[] };
}

type Row = Selectable<AttendanceCorrectionsTable> & { employee_id: string; name: string; decider_name: string | null; manager_id: number | null };

/** A listed correction with what the service judges it by. */
export type ListedCorrection = Correction & { userId: number; managerId: number | null };

function toWire(r: Row, timeZone: string): ListedCorrection {
  const time = (iso: string | null) => (iso === null ? null : timeInZone(iso, timeZone));
  return {
    userId: Number(r.user_id),
    managerId: r.manager_id == null ? null : Number(r.manager_id),
    _id: String(r.id),
    employeeId: r.employee_id,
    name: r.name,
    date: r.date,
    inTime: timeInZone(r.requested_in, timeZone),
    outTime: timeInZone(r.requested_out, timeZone),
    kind: r.kind,
    reason: r.reason,
    status: r.status,
    original: r.has_original ? { status: r.original_status ?? '', inTime: time(r.original_punch_in), outTime: time(r.original_punch_out) } : null,
    ...(r.decider_name != null ? { decidedBy: r.decider_name } : {}),
    ...(r.decided_at != null ? { decidedAt: r.decided_at } : {}),
    createdAt: r.created_at,
    requester: { employeeId: r.employee_id, name: r.name },
    ...(r.status === 'pending' ? { stage: r.stage } : {}),
    ...(r.decided_as != null ? { decidedAs: r.decided_as } : {}),
    ...(r.remark != null ? { remark: r.remark } : {}),
  };
}

/** Newest first (by id), at most `limit` rows; `hasMore` says older rows were left off. */
export async function listCorrections(db: Db, filter: CorrectionListFilter, timeZone: string): Promise<{ corrections: ListedCorrection[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('attendance_corrections as c')
    .innerJoin('users as requester', 'requester.id', 'c.user_id')
    .innerJoin('employees as e', 'e.user_id', 'c.user_id')
    .leftJoin('users as decider', 'decider.id', 'c.decided_by')
    .selectAll('c')
    .select(['e.employee_id', 'requester.name', 'decider.name as decider_name', 'e.manager_id'])
    .$if(filter.userId !== undefined, (q) => q.where('c.user_id', '=', filter.userId!))
    .$if(filter.team !== undefined, (q) =>
      q.where((eb) => {
        const { userIds, coveredManagers } = filter.team!;
        const parts = [];
        if (userIds.length) parts.push(eb('c.user_id', 'in', userIds));
        if (coveredManagers.length) parts.push(eb.and([eb('c.status', '=', 'pending'), eb('c.stage', '=', 'manager'), eb('e.manager_id', 'in', coveredManagers)]));
        // Nobody in the team and nobody covered: nothing, rather than everything.
        return parts.length ? eb.or(parts) : eb('c.id', '<', 0);
      }),
    )
    .$if(filter.status !== undefined, (q) => q.where('c.status', '=', filter.status!))
    .$if(filter.before !== undefined, (q) => q.where('c.id', '<', filter.before!))
    .orderBy('c.id', 'desc')
    // One extra row tells whether the cap cut the list, without a second COUNT query.
    .limit(filter.limit + 1)
    .execute();
  return { corrections: rows.slice(0, filter.limit).map((r) => toWire(r, timeZone)), hasMore: rows.length > filter.limit };
}

/** The person's pending or approved correction of `date`, if any. */
export function findLiveCorrection(db: Db, userId: number, date: string) {
  return db
    .selectFrom('attendance_corrections')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .where('status', 'in', LIVE_STATUSES)
    .executeTakeFirst();
}

/** The person's approved leave covering `date`, if any (half days too: the day is leave). */
export function findApprovedLeaveOn(db: Db, userId: number, date: string) {
  return db
    .selectFrom('leaves')
    .select(['id', 'start_date', 'end_date'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst();
}

/** Decides a pending correction (pending-decision.ts); undefined: nothing was pending. */
export function decidePendingCorrection(
  db: Db,
  id: number,
  status: 'approved' | 'rejected',
  deciderId: number,
  at: string,
  how: { as: 'admin' | 'manager' | 'stand-in'; remark: string | null },
) {
  return decidePending(db, 'attendance_corrections', id, { status, deciderId, at })
    .set({ decided_as: how.as, remark: how.remark })
    .returning(['id', 'user_id', 'date', 'requested_in', 'requested_out', 'kind', 'reason'])
    .executeTakeFirst();
}

/** Corrections waiting for a decision: part of the admin dashboard's pending figure. */
export const pendingCorrectionsQuery = (db: Kysely<DB>) =>
  db.selectFrom('attendance_corrections').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending');

export const pendingCorrectionCount = async (db: Kysely<DB>) => Number((await pendingCorrectionsQuery(db).executeTakeFirst())?.n ?? 0);
