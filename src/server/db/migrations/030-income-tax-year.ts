/**
 * Income tax per financial year:
 * - tax_regime_choices: the regime an employee (or an admin for them) chose for a year; no row is
 *   the default, the new regime.
 * - tax_declarations: one row per employee, year and section (rent, 80C, 80CCD(1B), 80D self and
 *   parents, home-loan interest): the amount declared, its details (JSON: landlord, lender, city…),
 *   and the admin's decision (declared, verified with the amount verified, or rejected) with a note.
 * - tax_proofs: proof files (PDF or images) kept in the database, with their declaration's section.
 * - tax_previous_employment: an earlier employer's salary, exemptions, PF, PT and TDS for the year.
 * - payroll_approved_slips gains basic_paise and hra_paise, so later months can compute the HRA
 *   exemption of approved months (null on months approved before: they are split by the policy).
 * The company's tax settings (cut-offs, proof windows) are the 'tax' key of company_settings.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function incomeTaxYearMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const id = withId(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tax_regime_choices')
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('regime', 'text', (c) => c.notNull())
        .addColumn('chosen_by', ref, (c) => c.references('users.id'))
        .addColumn('chosen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tax_regime_choices_pk', ['user_id', 'financial_year'])
        .execute();
      await db.schema.createIndex('tax_regime_choices_year_idx').on('tax_regime_choices').columns(['financial_year']).execute();

      await id(db.schema.createTable('tax_declarations'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('details_json', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('verified_amount_paise', 'bigint')
        .addColumn('decision_note', 'text')
        .addColumn('decided_by', ref, (c) => c.references('users.id'))
        .addColumn('decided_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('tax_declarations_one_per_section', ['user_id', 'financial_year', 'section'])
        .execute();
      // The admin's verification list: a year's declarations by status.
      await db.schema.createIndex('tax_declarations_year_status_idx').on('tax_declarations').columns(['financial_year', 'status']).execute();

      await id(db.schema.createTable('tax_proofs'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('uploaded_by', ref, (c) => c.references('users.id'))
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tax_proofs_user_year_idx').on('tax_proofs').columns(['user_id', 'financial_year', 'section']).execute();

      await db.schema
        .createTable('tax_previous_employment')
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('employer_name', 'text', (c) => c.notNull())
        .addColumn('employer_tan', 'text')
        .addColumn('salary_paise', 'bigint', (c) => c.notNull())
        .addColumn('exemptions_paise', 'bigint', (c) => c.notNull())
        .addColumn('pf_paise', 'bigint', (c) => c.notNull())
        .addColumn('pt_paise', 'bigint', (c) => c.notNull())
        .addColumn('tax_paise', 'bigint', (c) => c.notNull())
        .addColumn('entered_by', ref, (c) => c.references('users.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tax_previous_employment_pk', ['user_id', 'financial_year'])
        .execute();

      await db.schema.alterTable('payroll_approved_slips').addColumn('basic_paise', 'bigint').execute();
      await db.schema.alterTable('payroll_approved_slips').addColumn('hra_paise', 'bigint').execute();
    },
  };
}
