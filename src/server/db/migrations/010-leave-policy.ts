/**
 * Leave types, the holiday calendar and the company's leave settings, and what a leave request now
 * records about itself.
 *
 * - leave_types: admin-managed. Seeded with Casual (the default, which the spec's plain request
 *   falls back to), Sick and Earned, at entitlements common in Indian companies.
 * - holidays: one row per date; optional holidays are a person's choice, not a day off for all.
 * - company_settings: small key → JSON values (the leave year's first month, the weekly off rule),
 *   so a new setting needs no migration.
 * - leaves.leave_type_id / day_part / days: the type asked for, the half of a one-day request, and
 *   the working days the request takes, counted when it was filed (a later holiday change does not
 *   rewrite what someone was granted). Older rows have none: they are the default type and their days
 *   are counted on read.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId as idFor } from './id-columns';

export const SEEDED_LEAVE_TYPES = [
  { name: 'Casual', yearly_entitlement: 12, accrual: 'yearly', pro_rate: 1, carry_forward_cap: 0, half_day_allowed: 1, paid: 1, is_default: 1 },
  { name: 'Sick', yearly_entitlement: 12, accrual: 'yearly', pro_rate: 1, carry_forward_cap: 0, half_day_allowed: 1, paid: 1, is_default: 0 },
  { name: 'Earned', yearly_entitlement: 15, accrual: 'monthly', pro_rate: 1, carry_forward_cap: 30, half_day_allowed: 0, paid: 1, is_default: 0 },
] as const;

export function leavePolicyMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const withId = idFor(dialect);

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('leave_types')
        .$call(withId)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('yearly_entitlement', 'real', (c) => c.notNull())
        .addColumn('accrual', 'text', (c) => c.notNull())
        .addColumn('pro_rate', 'integer', (c) => c.notNull())
        .addColumn('carry_forward_cap', 'real', (c) => c.notNull())
        .addColumn('half_day_allowed', 'integer', (c) => c.notNull())
        .addColumn('paid', 'integer', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      const at = new Date().toISOString();
      await db.insertInto('leave_types').values(SEEDED_LEAVE_TYPES.map((t) => ({ ...t, created_at: at }))).execute();

      await db.schema
        .createTable('holidays')
        .$call(withId)
        .addColumn('date', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('optional', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('company_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('leaves').addColumn('leave_type_id', ref, (c) => c.references('leave_types.id')).execute();
      await db.schema.alterTable('leaves').addColumn('day_part', 'text').execute();
      await db.schema.alterTable('leaves').addColumn('days', 'real').execute();
      // Balances add up a person's leave by type: this keeps that off a scan of every leave.
      await db.schema.createIndex('leaves_user_type_idx').on('leaves').columns(['user_id', 'leave_type_id', 'start_date']).execute();
    },
  };
}
