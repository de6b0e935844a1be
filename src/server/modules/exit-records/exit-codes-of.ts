/** The ESI reason codes of some leavers' recorded exits, for the month's ESI sheet. */
import type { Kysely, Transaction } from 'kysely';
import { exitCodes, type ExitKind } from '../../../shared/payroll/exit-codes';
import type { DB } from '../../db/schema';

export async function esiExitCodes(db: Kysely<DB> | Transaction<DB>, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db.selectFrom('employee_exits').select(['user_id', 'kind']).where('user_id', 'in', userIds.slice(i, i + 1000)).execute();
    for (const r of rows) out.set(Number(r.user_id), exitCodes(r.kind as ExitKind).esi);
  }
  return out;
}
