/**
 * Attendance correction queries: the lists, the once-per-day check, the conditional decision, and
 * the counts other modules read (the dashboard's pending figure, the attendance list's fingerprint).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Correction, CorrectionStatus } from '../../../shared/schemas/attendance-correction';
import { timeInZone } from '../../../shared/attendance-corrections/zone-time';
import type { DB } from '../../db/schema';
import { decidePending } from '../../db/pending-decision';
import { decisionOnWire, listRequestRows, type RequestListFilter, type RequestListRow } from '../../db/request-list';

type Db = Kysely<DB> | Transaction<DB>;

/** Statuses that hold a day: a second request for it is refused. A rejected one frees the day. */
export const LIVE_STATUSES: readonly CorrectionStatus[] = ['pending', 'approved'];

export interface CorrectionListFilter extends RequestListFilter {
  status?: CorrectionStatus;
}

type Row = RequestListRow<'attendance_corrections'>;

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
    ...decisionOnWire(r),
  };
}

/** Newest first (by id), at most `limit` rows; `hasMore` says older rows were left off. */
export async function listCorrections(db: Db, filter: CorrectionListFilter, timeZone: string): Promise<{ corrections: ListedCorrection[]; hasMore: boolean }> {
  const { rows, hasMore } = await listRequestRows(db, 'attendance_corrections', filter);
  return { corrections: rows.map((r) => toWire(r, timeZone)), hasMore };
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
