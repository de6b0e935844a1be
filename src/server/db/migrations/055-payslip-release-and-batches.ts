/**
 * Payslips that reach employees once paid, and bank files that pay once.
 *
 * - payroll_approvals.released_at / released_by: when the slips of an approved month were released
 *   to employees (emailed and shown), where the payroll setting says slips go out on release.
 * - payroll_approvals.overrides_json: the blocking register warnings the approver overrode, each
 *   with its reason (JSON; null when none).
 * - payroll_approved_slips.beneficiary_json: the name, bank account, IFSC, UAN, PAN and ESI number as
 *   they were at approval (or at the latest re-run); the month's files are written from these, so a
 *   change of details after approval reaches a file only through a re-run.
 * - payroll_approved_slips.changed_at / change_reason: when the slip's current version was stored
 *   and, for a re-run, why; a revised slip prints them.
 * - payroll_slip_versions: every version of every approved slip, so an employee can read the
 *   earlier ones of a revised month.
 * - payment_batches / payment_batch_rows: each bank file made is a batch with its exact bytes and
 *   their SHA-256, its rows, total and state (created, then paid with a date and bank reference); a
 *   row may be marked returned by the bank. What a person has been paid for a month is the sum of
 *   their rows not returned, so a later batch pays only the difference.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function payslipReleaseAndBatchesMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('payroll_approvals').addColumn('released_at', 'text').execute();
      await db.schema.alterTable('payroll_approvals').addColumn('released_by', ref, (c) => c.references('users.id')).execute();
      await db.schema.alterTable('payroll_approvals').addColumn('overrides_json', 'text').execute();
      await db.schema.alterTable('payroll_approved_slips').addColumn('beneficiary_json', 'text').execute();
      await db.schema.alterTable('payroll_approved_slips').addColumn('changed_at', 'text').execute();
      await db.schema.alterTable('payroll_approved_slips').addColumn('change_reason', 'text').execute();
      await db.schema
        .createTable('payroll_slip_versions')
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('stored_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('net_paise', 'bigint', (c) => c.notNull())
        .addColumn('slip_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payroll_slip_versions_pk', ['month', 'user_id', 'version'])
        .execute();
      await withId(dialect)(db.schema.createTable('payment_batches'))
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('approval_version', 'integer', (c) => c.notNull())
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .addColumn('total_paise', 'bigint', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('recoveries_json', 'text', (c) => c.notNull())
        .addColumn('left_out_json', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('paid_on', 'text')
        .addColumn('bank_reference', 'text')
        .addColumn('paid_by', ref, (c) => c.references('users.id'))
        .addColumn('paid_at', 'text')
        .addUniqueConstraint('payment_batches_month_seq', ['month', 'seq'])
        .execute();
      await db.schema
        .createTable('payment_batch_rows')
        .addColumn('batch_id', ref, (c) => c.notNull().references('payment_batches.id'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('ifsc', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('returned_at', 'text')
        .addColumn('returned_reason', 'text')
        .addColumn('returned_by', ref, (c) => c.references('users.id'))
        .addPrimaryKeyConstraint('payment_batch_rows_pk', ['batch_id', 'user_id'])
        .execute();
      await db.schema.createIndex('payment_batch_rows_user_idx').on('payment_batch_rows').columns(['user_id', 'batch_id']).execute();
    },
  };
}
