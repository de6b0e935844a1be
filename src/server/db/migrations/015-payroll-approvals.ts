/**
 * Approved payroll months: the register an admin approved, after which the month is locked.
 *
 * - payroll_approvals: one row per approved month, who approved it and when, and `version`
 *   (1 at approval, +1 at each re-run with a reason), with who re-ran it last and why, and the
 *   latest slip run it started (null when a re-run changed no slip).
 * - payroll_approved_slips: per employee the slip as approved (slip_json, the whole computed slip
 *   with its statutory lines), a fingerprint of what the slip shows (a re-run compares it to tell
 *   which slips changed) and `changed_version`, the version at which this slip last changed: the
 *   slip run of a version emails exactly the slips whose changed_version is that version. The
 *   money the filing files and later months need is also kept in columns (paise): gross earned,
 *   PF, ESI, PT, TDS actually deducted and net.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function payrollApprovalsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payroll_approvals')
        .addColumn('month', 'text', (c) => c.primaryKey())
        .addColumn('approved_by', ref, (c) => c.references('users.id'))
        .addColumn('approved_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('rerun_by', ref, (c) => c.references('users.id'))
        .addColumn('rerun_at', 'text')
        .addColumn('rerun_reason', 'text')
        .addColumn('run_id', ref, (c) => c.references('payroll_runs.id'))
        .addColumn('employees', 'integer', (c) => c.notNull())
        .addColumn('net_paise', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payroll_approved_slips')
        .addColumn('month', 'text', (c) => c.notNull().references('payroll_approvals.month'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('changed_version', 'integer', (c) => c.notNull())
        .addColumn('gross_paise', 'bigint', (c) => c.notNull())
        .addColumn('pf_paise', 'bigint', (c) => c.notNull())
        .addColumn('esi_paise', 'bigint', (c) => c.notNull())
        .addColumn('pt_paise', 'bigint', (c) => c.notNull())
        .addColumn('tds_paise', 'bigint', (c) => c.notNull())
        .addColumn('net_paise', 'bigint', (c) => c.notNull())
        .addColumn('slip_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payroll_approved_slips_pk', ['month', 'user_id'])
        .execute();
      // Later months read an employee's TDS deducted so far in the financial year.
      await db.schema.createIndex('payroll_approved_slips_user_idx').on('payroll_approved_slips').columns(['user_id', 'month']).execute();
    },
  };
}
