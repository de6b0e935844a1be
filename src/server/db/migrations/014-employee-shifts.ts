/**
 * A person's own working hours: shift start and end and grace minutes, set by an admin when they
 * differ from the company's (a night shift, a part-timer). Kept beside the spec's employee record,
 * keyed by the employee's users id; no row means the company's shift (the 'work-hours' key of
 * company_settings, which also holds the late-mark rule and needs no column).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function employeeShiftsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('employee_shifts')
        .addColumn('user_id', ref, (c) => c.primaryKey().references('users.id'))
        .addColumn('shift_start', 'text', (c) => c.notNull())
        .addColumn('shift_end', 'text', (c) => c.notNull())
        .addColumn('grace_minutes', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
