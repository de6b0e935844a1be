/**
 * The leaving dates, as one fact a payroll approval and an exit must not change under each other.
 * An approval works its month out before its transaction (seconds, for thousands of people) and
 * stores it after; an exit recorded in between would leave the month approved paying someone past
 * their last working day. So the approval reads every leaving date before it begins and again
 * inside its transaction, and is refused when they moved. On PostgreSQL, where instances write side
 * by side, it also holds this lock alone while an exit shares it: an exit waits for an approval
 * in flight (then sees its slips) and an approval for exits in flight (then sees their dates).
 * SQLite runs one transaction at a time, so there the second read is enough.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';

const LOCK = 'hr.leaving-dates';

/** Until the transaction ends: `exit` shares the lock with other exits, `payroll` holds it alone. */
export async function holdLeavingDates(trx: Kysely<DB>, dialect: Dialect, by: 'exit' | 'payroll'): Promise<void> {
  if (dialect !== 'postgres') return;
  if (by === 'payroll') await sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`.execute(trx);
  else await sql`select pg_advisory_xact_lock_shared(hashtext(${LOCK}))`.execute(trx);
}

/** Every leaving date on record as one comparable string (user id and date, in id order). */
export async function leavingDatesStamp(db: Kysely<DB>): Promise<string> {
  const rows = await db.selectFrom('employee_statutory').select(['user_id', 'left_on']).where('left_on', 'is not', null).orderBy('user_id').execute();
  return rows.map((r) => `${r.user_id}:${r.left_on}`).join(',');
}
