/**
 * An employee's statutory and bank details: state of work, PAN, UAN, ESI number, bank
 * account and IFSC, tax regime and gender, in their own table keyed by the employee's users id, so the
 * spec's employee record and every query that reads it stay as they are. A row exists once an admin
 * has saved any of these; a missing row or column is "not given" and payroll uses its defaults.
 *
 * Whether the emailed slip carries the xlsx beside the PDF is a company setting, the 'payroll' key of
 * company_settings (migration 010), which needs no column: absent means no xlsx.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function employeeStatutoryMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('employee_statutory')
        .addColumn('user_id', ref, (c) => c.primaryKey().references('users.id'))
        .addColumn('state_of_work', 'text')
        .addColumn('pan', 'text')
        .addColumn('uan', 'text')
        .addColumn('esi_number', 'text')
        .addColumn('bank_account', 'text')
        .addColumn('ifsc', 'text')
        .addColumn('tax_regime', 'text')
        .addColumn('gender', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
