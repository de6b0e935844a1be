/**
 * email_change_cancels: the "it was not me" link of the notice mailed to the old address when an
 * employee asks to change their sign-in email. Opened, it drops the pending change, puts the old
 * address back if the change was already confirmed, and ends every session of the account. It
 * outlives the change itself (7 days against 24 hours), because a thief who holds the new mailbox
 * confirms within minutes, while the owner may read the notice the next day. Only a SHA-256 of the
 * link token is stored, as for every other link.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function emailChangeCancelsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('email_change_cancels')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id'))
        .addColumn('old_email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_change_cancels_user_idx').on('email_change_cancels').column('user_id').execute();
    },
  };
}
