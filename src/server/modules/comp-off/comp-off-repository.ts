/** Reads and writes of comp-off requests (`comp_offs`); the credits and the leave type are leave-policy's (comp-off-credits.ts). */
import type { Kysely, Transaction } from 'kysely';
import type { CompOff, CompOffStatus } from '../../../shared/schemas/comp-off';
import type { DB } from '../../db/schema';
import { listRequestRows, type RequestListFilter } from '../../db/request-list';

type Db = Kysely<DB> | Transaction<DB>;

export interface CompOffFilter extends RequestListFilter {
  status?: CompOffStatus;
}

export type ListedCompOff = Omit<CompOff, 'canDecide'> & { userId: number; managerId: number | null };

/** Statuses that hold a day worked: a second request for it is refused. A rejected one frees the day. */
export const LIVE_COMP_OFF_STATUSES: readonly CompOffStatus[] = ['pending', 'approved'];

/** Newest first, at most `limit` (`hasMore`: the cap cut the list). */
export async function listCompOffs(db: Db, filter: CompOffFilter): Promise<{ rows: ListedCompOff[]; hasMore: boolean }> {
  const { rows, hasMore } = await listRequestRows(db, 'comp_offs', filter);
  return {
    hasMore,
    rows: rows.map((r) => ({
      _id: String(r.id),
      userId: Number(r.user_id),
      managerId: r.manager_id === null ? null : Number(r.manager_id),
      employeeId: r.employee_id ?? '',
      name: r.name,
      workDate: r.work_date,
      dayOff: r.day_off,
      days: Number(r.days),
      workedMinutes: r.worked_minutes === null ? null : Number(r.worked_minutes),
      reason: r.reason,
      status: r.status,
      stage: r.stage,
      expiresOn: r.expires_on,
      remark: r.remark,
      decidedBy: r.decider_name,
      createdAt: r.created_at,
    })),
  };
}

/** The person's pending or approved request for the day worked `workDate`, if any. */
export const findLiveCompOff = (db: Db, userId: number, workDate: string) =>
  db.selectFrom('comp_offs').select('status').where('user_id', '=', userId).where('work_date', '=', workDate).where('status', 'in', LIVE_COMP_OFF_STATUSES).executeTakeFirst();

/** The person's days with a punched record from `from` to `to`, and the days they asked for (pending or approved). */
export async function workedDays(db: Db, userId: number, from: string, to: string) {
  const [records, asked] = await Promise.all([
    db
      .selectFrom('attendance')
      .select(['date', 'status', 'worked_minutes', 'punch_in', 'punch_out'])
      .where('user_id', '=', userId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where('punch_in', 'is not', null)
      .orderBy('date', 'desc')
      .execute(),
    db
      .selectFrom('comp_offs')
      .select('work_date')
      .where('user_id', '=', userId)
      .where('work_date', '>=', from)
      .where('work_date', '<=', to)
      .where('status', 'in', LIVE_COMP_OFF_STATUSES)
      .execute(),
  ]);
  return { records, asked: new Set(asked.map((a) => a.work_date)) };
}
