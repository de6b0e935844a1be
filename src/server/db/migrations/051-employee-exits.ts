/**
 * Leaving as a recorded exit, not just a date.
 *
 * - employee_statutory.employment_type: 'permanent' (null reads as permanent), 'fixed-term' or
 *   'contract'. Gratuity's minimum service depends on it (one year for fixed-term under the Code on
 *   Social Security).
 * - employee_exits: one row per person who resigned, was terminated, retired, died… : the kind
 *   (which also gives the ESI and EPFO exit codes), the day notice was given, the notice period in
 *   days, the last working day (also written to employee_statutory.left_on, which every other
 *   module reads), a reason in words, whether the company waived a notice shortfall or relieved the
 *   person early, and who recorded it. Withdrawing an exit (a resignation taken back) deletes the
 *   row and clears left_on.
 * - leave_types.encashable / encashment_cap_days / encashment_basis: whether a leaver is paid for
 *   the balance of a type, at most how many days (null: no cap), and a day's pay for it
 *   ('basic-26', 'basic-30', 'gross-26', 'gross-30').
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function employeeExitsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('employee_statutory').addColumn('employment_type', 'text').execute();
      await withId(dialect)(db.schema.createTable('employee_exits'))
        .addColumn('user_id', ref, (c) => c.notNull().unique().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('notice_given_on', 'text', (c) => c.notNull())
        .addColumn('notice_period_days', 'integer', (c) => c.notNull())
        .addColumn('last_working_day', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('notice_waived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('relieved_early', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recorded_by', ref, (c) => c.references('users.id'))
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('leave_types').addColumn('encashable', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('leave_types').addColumn('encashment_cap_days', 'real').execute();
      await db.schema.alterTable('leave_types').addColumn('encashment_basis', 'text', (c) => c.notNull().defaultTo('basic-26')).execute();
    },
  };
}
