/**
 * Approvals through managers. A leave type names its route (manager, manager-then-hr, hr; existing
 * types go to the manager, which without a manager means HR as before). A pending request or
 * correction carries its stage; every decision records in what capacity it was taken (admin, manager
 * or stand-in) and its optional remark; a two-step request keeps the manager's approval beside HR's
 * final one. Leave may be cancelled (who, when, why), or its cancellation asked for. Managers name
 * stand-ins for date ranges. Existing pending requests wait with HR, as they did.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function approvalsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('leave_types').addColumn('route', 'text', (c) => c.notNull().defaultTo('manager')).execute();
      for (const table of ['leaves', 'attendance_corrections']) {
        await db.schema.alterTable(table).addColumn('stage', 'text', (c) => c.notNull().defaultTo('hr')).execute();
        await db.schema.alterTable(table).addColumn('remark', 'text').execute();
        await db.schema.alterTable(table).addColumn('decided_as', 'text').execute();
        await db.schema.alterTable(table).addColumn('first_decided_by', ref).execute();
        await db.schema.alterTable(table).addColumn('first_decided_at', 'text').execute();
        await db.schema.alterTable(table).addColumn('first_decided_as', 'text').execute();
        await db.schema.alterTable(table).addColumn('escalated_at', 'text').execute();
      }
      await db.schema.alterTable('leaves').addColumn('cancelled_by', ref).execute();
      await db.schema.alterTable('leaves').addColumn('cancelled_at', 'text').execute();
      await db.schema.alterTable('leaves').addColumn('cancel_reason', 'text').execute();
      await db.schema.alterTable('leaves').addColumn('cancel_requested_at', 'text').execute();
      await db.schema.alterTable('leaves').addColumn('cancel_request_reason', 'text').execute();

      await withId(dialect)(db.schema.createTable('approval_stand_ins'))
        .addColumn('manager_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('stand_in_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('to_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('approval_stand_ins_manager').on('approval_stand_ins').column('manager_id').execute();
      await db.schema.createIndex('approval_stand_ins_stand_in').on('approval_stand_ins').column('stand_in_id').execute();
    },
  };
}
