/**
 * Owed notification mail: one row per recipient and event (a new request to decide, a decision), written
 * in the transaction of the event itself, so a stop between the commit and the send loses nothing. A
 * sender claims a row (claim_until, the work-lease pattern) before sending and stamps sent_at after,
 * so several instances never send one row twice. `digest` rows wait for the recipient's daily digest
 * (users.notify_digest, 0 single mails, 1 a daily digest).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function notificationsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('notify_digest', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await withId(dialect)(db.schema.createTable('notification_mail'))
        .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('claim_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('notification_mail_unsent').on('notification_mail').columns(['sent_at', 'digest', 'user_id']).execute();
    },
  };
}
