/**
 * Two payroll facts about an employee, beside the statutory details of migration 011: PF on full
 * wages (an opt-in, EPF Scheme para 26(6); 0/1, off by default) and the leaving date (the last day
 * employed, YYYY-MM-DD; null while employed). A leaver's months after it have no slip, and its month
 * is paid up to it.
 */
import type { Kysely, Migration } from 'kysely';

export const employeeLeavingMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('employee_statutory')
      .addColumn('pf_on_full_wages', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('employee_statutory').addColumn('left_on', 'text').execute();
  },
};
