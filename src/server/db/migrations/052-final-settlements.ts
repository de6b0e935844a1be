/**
 * Full-and-final settlements, one per leaver, through the same cycle as a payroll month: a draft
 * (computed on every read from today's data, with the admin's other recoveries), then approved and
 * locked (the statement stored as computed, with its figures), then paid in a bank file.
 *
 * - state: 'draft', 'approved' or 'paid'.
 * - other_recoveries_paise / recoveries_note: an advance, an unreturned asset: recovered from the
 *   settlement, never below zero.
 * - statement_json: the statement as approved; payable_paise its amount. last_month_paid_paise: the
 *   last month's net pay the settlement itself pays (0 when that month was already paid through
 *   payroll), so that month's payroll bank file pays it only once.
 * - batch_id: the settlement's bank file, a payment batch whose month is 'settlement' and whose seq is
 *   this settlement's id (so one settlement has one batch, and a month's own batches never see it).
 *   No foreign key: payment_batches is made by a later migration.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function finalSettlementsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(dialect)(db.schema.createTable('final_settlements'))
        .addColumn('user_id', ref, (c) => c.notNull().unique().references('users.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('other_recoveries_paise', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('recoveries_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('statement_json', 'text')
        .addColumn('payable_paise', 'bigint')
        .addColumn('last_month', 'text')
        .addColumn('last_month_paid_paise', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('due_on', 'text')
        .addColumn('approved_by', ref, (c) => c.references('users.id'))
        .addColumn('approved_at', 'text')
        .addColumn('batch_id', ref)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('final_settlements_month_idx').on('final_settlements').columns(['last_month', 'state']).execute();
    },
  };
}
