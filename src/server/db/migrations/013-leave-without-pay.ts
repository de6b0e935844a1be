/**
 * Seeds the unpaid leave type, "Leave Without Pay": no entitlement, so a request for it is never
 * refused for balance, and half days allowed. A request of a paid type beyond its balance is refused
 * and the refusal points here. A company that already made a type of that name keeps its own.
 */
import type { Kysely, Migration } from 'kysely';

export const LEAVE_WITHOUT_PAY = {
  name: 'Leave Without Pay',
  yearly_entitlement: 0,
  accrual: 'yearly',
  pro_rate: 0,
  carry_forward_cap: 0,
  half_day_allowed: 1,
  paid: 0,
  is_default: 0,
} as const;

export const leaveWithoutPayMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const existing = await db
      .selectFrom('leave_types')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', LEAVE_WITHOUT_PAY.name.toLowerCase()))
      .executeTakeFirst();
    if (!existing) await db.insertInto('leave_types').values({ ...LEAVE_WITHOUT_PAY, created_at: new Date().toISOString() }).execute();
  },
};
