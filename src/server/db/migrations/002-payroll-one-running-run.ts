/**
 * At most one running payroll run per month, enforced by the database: two admins pressing
 * "start" at once on PostgreSQL would otherwise both pass the service's check and email everyone
 * twice. A partial unique index works the same on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const payrollOneRunningRunMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('payroll_runs_one_running_per_month')
      .on('payroll_runs')
      .column('month')
      .unique()
      .where(sql.ref('status'), '=', sql.lit('running'))
      .execute();
  },
};
