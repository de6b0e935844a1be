/**
 * Compensatory off as the leave policy sees it: the approved credits the balances spend, and the
 * leave type they are spent as. The requests themselves are the comp-off module's; these two read
 * its table and the leave types only, so the balances and the day rules that turn comp-off on need
 * not import that module.
 */
import type { Kysely, Transaction } from 'kysely';
import type { CompOffCredit } from '../../../shared/day-rules/comp-off';
import type { DB } from '../../db/schema';
import { findLeaveTypeByName, freshTypeCode } from './leave-policy-repository';

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
