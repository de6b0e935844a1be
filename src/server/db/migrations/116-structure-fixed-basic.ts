/**
 * Basic as a fixed monthly amount in a salary structure (shared/payroll/salary-structure.ts):
 * `salary_structures.basic_monthly_paise`, null while Basic is a percentage of the gross (`basic_bp`,
 * then 0 for a fixed Basic). Revisions keep the rule as assigned in `structure_json`, which carries
 * `basicMonthlyPaise` from now on; snapshots without it are percentages, as before.
 */
import type { Kysely, Migration } from 'kysely';

export const structureFixedBasicMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('salary_structures').addColumn('basic_monthly_paise', 'integer').execute();
  },
};
