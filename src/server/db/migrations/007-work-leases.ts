/**
 * Leases on background work, so several server instances on one database share it and none does
 * the same piece twice (src/server/README.md, "Running more than one instance").
 *
 * - payroll_run_items.claimed_by / lease_until: the instance working a pending item and until when
 *   its claim holds. An instance claims a batch, renews the lease while it works, and records each
 *   outcome only if the claim is still its own. A claim whose lease has passed (its instance died)
 *   may be taken by any other instance.
 * - users.invite_lease_until: the same for an owed invitation (invite_pending = 1);
 *   users.invite_attempts counts failed sends, so another instance takes over only invitations that
 *   were never tried (their instance died first), while one that bounced is tried again at the next
 *   start, as before.
 *
 * Times are ISO strings like every other timestamp here; they compare correctly as text.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const workLeasesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payroll_run_items').addColumn('claimed_by', 'text').execute();
    await db.schema.alterTable('payroll_run_items').addColumn('lease_until', 'text').execute();
    await db.schema.alterTable('users').addColumn('invite_lease_until', 'text').execute();
    await db.schema.alterTable('users').addColumn('invite_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // The sweep's "who is owed an invitation" reads only the few flagged rows, not every user.
    await db.schema.createIndex('users_invite_pending_idx').on('users').column('invite_pending').where(sql.ref('invite_pending'), '=', sql.lit(1)).execute();
  },
};
