/** What approved full-and-final settlements already paid of a payroll month, for that month's bank files. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The last-month net pay each approved settlement pays itself, for a month's payroll bank file to count as paid. */
export async function settledLastMonths(db: Db, month: string, userIds?: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('final_settlements')
    .select(['user_id', 'last_month_paid_paise'])
    .where('last_month', '=', month)
    .where('state', '!=', 'draft')
    .where('last_month_paid_paise', '>', 0)
    .$if(userIds !== undefined, (q) => q.where('user_id', 'in', userIds!.length ? userIds! : [-1]))
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.last_month_paid_paise)]));
}
