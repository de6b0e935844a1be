/**
 * ESI and professional-tax differences of approved months paid with a later month (a rule version
 * back-dated into them), beside PF's (migration 026): one row per employee, month corrected and
 * scheme ('esi' or 'pt'), in the pay month whose slip carries it. Figures in paise: the ESI wages the
 * difference adds (0 for PT), the employee's share (PT: the tax) and the employer's share. The
 * employer pays both: neither may be taken from later wages. `reason` and `versions_json` as in 026.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function statutoryRuleCorrectionsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(dialect)(db.schema.createTable('payroll_statutory_corrections'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('pay_month', 'text', (c) => c.notNull())
        .addColumn('for_month', 'text', (c) => c.notNull())
        .addColumn('scheme', 'text', (c) => c.notNull())
        .addColumn('wages_paise', 'bigint', (c) => c.notNull())
        .addColumn('employee_paise', 'bigint', (c) => c.notNull())
        .addColumn('employer_paise', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('versions_json', 'text', (c) => c.notNull())
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payroll_statutory_corrections_pay_idx').on('payroll_statutory_corrections').columns(['pay_month', 'user_id']).execute();
      await db.schema.createIndex('payroll_statutory_corrections_for_idx').on('payroll_statutory_corrections').columns(['user_id', 'for_month']).execute();
    },
  };
}
