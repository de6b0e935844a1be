/** The leave_adjustments table (migration 040): opening balances and adjustments, in days (+ or −). */
import type { Kysely, Transaction } from 'kysely';
import type { LeaveAdjustment } from '../../../shared/schemas/leave-adjustments';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

const ID_CHUNK = 500;

/** Every credit of these users (all when omitted), for the balance arithmetic. */
export async function adjustmentRows(db: Db, userIds?: readonly number[]) {
  const query = db.selectFrom('leave_adjustments').select(['user_id', 'leave_type_id', 'days', 'as_of']);
  if (!userIds) return query.execute();
  const rows = [];
  for (let i = 0; i < userIds.length; i += ID_CHUNK) rows.push(...(await query.where('user_id', 'in', userIds.slice(i, i + ID_CHUNK)).execute()));
  return rows;
}

export interface OpeningRow {
  id: number;
  user_id: number;
  leave_type_id: number;
  days: number;
  as_of: string;
}

/** The opening balances already entered, by `${userId}:${typeId}`. */
export async function openingBalances(db: Db, userIds: readonly number[]): Promise<Map<string, OpeningRow>> {
  const found = new Map<string, OpeningRow>();
  for (let i = 0; i < userIds.length; i += ID_CHUNK) {
    const rows = await db
      .selectFrom('leave_adjustments')
      .select(['id', 'user_id', 'leave_type_id', 'days', 'as_of'])
      .where('kind', '=', 'opening')
      .where('user_id', 'in', userIds.slice(i, i + ID_CHUNK))
      .execute();
    for (const r of rows) found.set(`${r.user_id}:${r.leave_type_id}`, { id: Number(r.id), user_id: Number(r.user_id), leave_type_id: Number(r.leave_type_id), days: Number(r.days), as_of: r.as_of });
  }
  return found;
}

/** One person's opening balances and adjustments, newest first, as the balance's history shows them. */
export async function adjustmentHistory(db: Db, userId: number): Promise<LeaveAdjustment[]> {
  const rows = await db
    .selectFrom('leave_adjustments as a')
    .innerJoin('leave_types as t', 't.id', 'a.leave_type_id')
    .innerJoin('employees as e', 'e.user_id', 'a.user_id')
    .innerJoin('users as by', 'by.id', 'a.actor_id')
    .select(['a.id', 'e.employee_id', 'a.leave_type_id', 't.name as type_name', 't.code', 'a.kind', 'a.days', 'a.as_of', 'a.reason', 'by.name as by_name', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: String(r.id),
    employeeId: r.employee_id,
    leaveTypeId: String(r.leave_type_id),
    leaveType: r.type_name,
    code: r.code ?? null,
    kind: r.kind,
    days: Number(r.days),
    asOf: r.as_of,
    reason: r.reason,
    by: r.by_name,
    createdAt: r.created_at,
  }));
}
