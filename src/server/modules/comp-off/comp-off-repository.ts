/** Reads and writes of comp-off requests (`comp_offs`); the credits and the leave type are leave-policy's (comp-off-credits.ts). */
import type { Kysely, Transaction } from 'kysely';
import type { CompOff } from '../../../shared/schemas/comp-off';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface CompOffFilter {
  userId?: number;
  team?: { userIds: number[]; coveredManagers: number[] };
  status?: 'pending' | 'approved' | 'rejected';
  limit: number;
}

export type ListedCompOff = Omit<CompOff, 'canDecide'> & { userId: number; managerId: number | null };

/** Newest first, at most `limit` (one more read tells whether the cap cut the list). */
export async function listCompOffs(db: Db, filter: CompOffFilter): Promise<{ rows: ListedCompOff[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('comp_offs as c')
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
        return parts.length ? eb.or(parts) : eb('c.id', '<', 0);
      }),
    )
    .$if(filter.status !== undefined, (q) => q.where('c.status', '=', filter.status!))
    .orderBy('c.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  return {
    hasMore: rows.length > filter.limit,
    rows: rows.slice(0, filter.limit).map((r) => ({
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

/** The person's days with a punched record from `from` to `to`, and the days they already asked for. */
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
    db.selectFrom('comp_offs').select('work_date').where('user_id', '=', userId).where('work_date', '>=', from).where('work_date', '<=', to).execute(),
  ]);
  return { records, asked: new Set(asked.map((a) => a.work_date)) };
}
