/**
 * PF differences of approved months paid with a later month (a statutory rule version back-dated
 * into them): one row per employee and month corrected, in the pay month whose slip and
 * supplementary (arrear) ECR carry it. Figures in paise: the EPF, EPS and EDLI wages the difference
 * adds, the employee's share due, the employer's EPF, EPS, EDLI and administration charges, and what
 * of the employee's share the company may deduct from the pay month's wages (0 unless the
 * Inspector consented in writing; the reference is `consent_ref`, its date `consent_on`). `reason`
 * says which versions and why; `versions_json` the rule versions the difference was computed with.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function pfRuleCorrectionsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      let table = withId(dialect)(db.schema.createTable('payroll_pf_corrections'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('pay_month', 'text', (c) => c.notNull())
        .addColumn('for_month', 'text', (c) => c.notNull());
      for (const column of ['epf_wages_paise', 'eps_wages_paise', 'edli_wages_paise', 'employee_paise', 'employer_epf_paise', 'employer_eps_paise', 'edli_paise', 'admin_paise', 'recoverable_paise']) {
        table = table.addColumn(column, 'bigint', (c) => c.notNull());
      }
      await table
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('versions_json', 'text', (c) => c.notNull())
        .addColumn('consent_ref', 'text')
        .addColumn('consent_on', 'text')
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payroll_pf_corrections_pay_idx').on('payroll_pf_corrections').columns(['pay_month', 'user_id']).execute();
      await db.schema.createIndex('payroll_pf_corrections_for_idx').on('payroll_pf_corrections').columns(['user_id', 'for_month']).execute();
    },
  };
}
