/** Reads and writes of comp-off requests (`comp_offs`), and the credits the leave balances spend. */
import type { Kysely, Transaction } from 'kysely';
import type { CompOffCredit } from '../../../shared/day-rules/comp-off';
import type { CompOff } from '../../../shared/schemas/comp-off';
import type { DB } from '../../db/schema';
import { findLeaveTypeByName, freshTypeCode } from '../leave-policy/leave-policy-repository';

type Db = Kysely<DB> | Transaction<DB>;

/** Approved credits by person (everyone's when `userIds` is undefined). */
export async function compOffCredits(db: Db, userIds?: readonly number[]): Promise<Map<number, CompOffCredit[]>> {
  const byUser = new Map<number, CompOffCredit[]>();
  if (userIds && userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('comp_offs')
    .select(['user_id', 'work_date', 'expires_on', 'days'])
    .where('status', '=', 'approved')
    .$if(userIds !== undefined, (q) => q.where('user_id', 'in', userIds!))
    .execute();
  for (const r of rows) {
    const userId = Number(r.user_id);
    let list = byUser.get(userId);
    if (!list) byUser.set(userId, (list = []));
    list.push({ earnedOn: r.work_date, expiresOn: r.expires_on ?? r.work_date, days: Number(r.days) });
  }
  return byUser;
}

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

/**
 * The compensatory-off leave type, made when an admin first turns comp-off on: a paid type without
 * an entitlement of its own (its balance is the credits), half days allowed, decided by the manager.
 * A type already named so is marked rather than duplicated.
 */
export async function ensureCompOffType(db: Db, name: string, at: string): Promise<number> {
  const marked = await db.selectFrom('leave_types').select('id').where('comp_off', '=', 1).executeTakeFirst();
  if (marked) return Number(marked.id);
  const named = await findLeaveTypeByName(db, name);
  if (named) {
    await db.updateTable('leave_types').set({ comp_off: 1, active: 1 }).where('id', '=', named.id).execute();
    return Number(named.id);
  }
  const row = await db
    .insertInto('leave_types')
    .values({
      name,
      code: await freshTypeCode(db, name),
      yearly_entitlement: 0,
      accrual: 'yearly',
      pro_rate: 0,
      carry_forward_cap: 0,
      half_day_allowed: 1,
      paid: 1,
      route: 'manager',
      comp_off: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function compOffTypeId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('leave_types').select('id').where('comp_off', '=', 1).executeTakeFirst();
  return row ? Number(row.id) : null;
}
