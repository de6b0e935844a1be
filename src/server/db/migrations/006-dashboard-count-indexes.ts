/**
 * Indexes for the dashboard's counts: leaves by (status, end_date) answers "pending
 * requests" and "approved leave covering today" from the index instead of every leave ever filed
 * (ten years of a 10,000-person company is ~1M rows); tasks by status answers "open tasks" likewise.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../schema';

export const dashboardCountIndexesMigration: Migration = {
  async up(db: Kysely<DB>) {
    await db.schema.createIndex('leaves_status_end_idx').on('leaves').columns(['status', 'end_date']).execute();
    await db.schema.createIndex('tasks_status_idx').on('tasks').columns(['status', 'user_id']).execute();
  },
};
