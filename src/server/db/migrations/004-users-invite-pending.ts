/**
 * users.invite_pending: 1 from the moment an employee is created (in the same transaction) until
 * their invitation email has gone out. Invitations are sent in the background after the commit;
 * before this column a restart or crash in between silently dropped the rest of the queue (after a
 * 100,000-row import, that could be most of it). At start-up the server sends what is still pending.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../schema';

export const usersInvitePendingMigration: Migration = {
  async up(db: Kysely<DB>) {
    await db.schema.alterTable('users').addColumn('invite_pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
