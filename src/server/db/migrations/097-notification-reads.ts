/**
 * The in-app bell reads the notifications already recorded for mail (notification_mail): read_at
 * says when the person marked one read in the app (null: unread), whatever became of the mail. The
 * index serves the bell's two reads, a person's newest rows and their unread count.
 */
import type { Kysely, Migration } from 'kysely';

export const notificationReadsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('notification_mail').addColumn('read_at', 'text').execute();
    await db.schema.createIndex('notification_mail_user_read').on('notification_mail').columns(['user_id', 'read_at']).execute();
  },
};
