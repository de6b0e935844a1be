/**
 * A task's due date (YYYY-MM-DD, none by default) and priority (low, normal or high; 'normal' for
 * the tasks that were there), and a holiday that repeats every year on its day and month from its
 * own date on (`repeats_yearly` 1).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const taskDetailsAndRepeatingHolidaysMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tasks').addColumn('due_date', 'text').execute();
    await db.schema
      .alterTable('tasks')
      .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal').check(sql`priority in ('low', 'normal', 'high')`))
      .execute();
    await db.schema.alterTable('holidays').addColumn('repeats_yearly', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
