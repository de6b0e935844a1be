/**
 * Salary as a history, and arrears.
 *
 * - salary_revisions: an employee's monthly gross from a day on (`effective_from`), with the reason and
 *   who entered it. A month is computed with the salary in force on each of its days. `applies_from`
 *   is the first pay month computed with the revision directly: a revision entered back-dated into
 *   months already approved leaves those months as approved (a re-run of them never picks it up) and
 *   pays the difference as arrears lines in `applies_from` instead. Null: every month from its
 *   effective day. The employees row's salary_paise stays "the salary in force today".
 * - payroll_arrears: lines paid on top of a month's pay (or recovered, when negative): for which
 *   employee, in which pay month, for which earlier month, which component, how much, why and from
 *   where (`source`: 'salary-revision', 'manual', or another module's name, with `source_ref`).
 *   `pf_wages_paise` and `eps_wages_paise` are the EPF and EPS/EDLI wages the line adds, each held to
 *   the ceiling of the month it is for.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function salaryHistoryAndArrearsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const id = withId(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('salary_revisions'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('salary_paise', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('applies_from', 'text')
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('salary_revisions_user_idx').on('salary_revisions').columns(['user_id', 'effective_from']).execute();
      await id(db.schema.createTable('payroll_arrears'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('pay_month', 'text', (c) => c.notNull())
        .addColumn('for_month', 'text', (c) => c.notNull())
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('pf_wages_paise', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('eps_wages_paise', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_ref', 'text')
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payroll_arrears_month_idx').on('payroll_arrears').columns(['pay_month', 'user_id']).execute();
      await db.schema.createIndex('payroll_arrears_user_idx').on('payroll_arrears').columns(['user_id', 'for_month']).execute();
    },
  };
}
