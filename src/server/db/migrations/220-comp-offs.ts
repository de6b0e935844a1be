/**
 * Compensatory off. `comp_offs` holds each request for a day off in return for a day worked on a
 * holiday or weekly off: the day worked, the credit it earns (1 day, or 0.5 for a half day), its
 * status and stage as a leave request's, and, once approved, the last day it may be taken
 * (`expires_on`). One request per person and day worked. `leave_types.comp_off` marks the leave type
 * whose balance is those credits (created when an admin turns comp-off on).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function compOffsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('leave_types').addColumn('comp_off', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await withId(dialect)(db.schema.createTable('comp_offs'))
        .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id'))
        .addColumn('work_date', 'text', (c) => c.notNull())
        .addColumn('days', 'real', (c) => c.notNull())
        .addColumn('worked_minutes', 'integer')
        .addColumn('day_off', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull().defaultTo('manager'))
        .addColumn('expires_on', 'text')
        .addColumn('decided_by', refType(dialect), (c) => c.references('users.id'))
        .addColumn('decided_at', 'text')
        .addColumn('decided_as', 'text')
        .addColumn('remark', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('comp_offs_user_day', ['user_id', 'work_date'])
        .execute();
      await db.schema.createIndex('comp_offs_status').on('comp_offs').columns(['status', 'user_id']).execute();
    },
  };
}
