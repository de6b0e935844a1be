/**
 * Approving or rejecting a request that waits for an admin (leave, attendance correction, comp-off). The
 * `status = 'pending'` condition makes the update itself the check, so of two concurrent decisions
 * exactly one changes the row; the caller's `returning` then gives undefined when nothing was pending.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** The tables of requests an admin decides on: each has status, decided_by and decided_at. */
type DecidedTable = 'leaves' | 'attendance_corrections' | 'comp_offs';

export interface Decision {
  status: 'approved' | 'rejected';
  deciderId: number;
  at: string;
}

export function decidePending(db: Kysely<DB> | Transaction<DB>, table: DecidedTable, id: number, { status, deciderId, at }: Decision) {
  return db
    .updateTable(table)
    .set({ status, decided_by: deciderId, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending');
}
