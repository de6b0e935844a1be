/**
 * The day's rules and verified web punching. On `attendance`: the counted minutes of work (breaks
 * excluded) and of overtime as the day's rules decided them, how the day was punched
 * (`punch_method`: 'web', 'web-site:<name>', 'web-network', or 'device:<serial>') and whether the
 * web punch was verified (inside a site or on an office network). On `punches`: whether a web punch
 * was verified. `employee_punch_rules` holds the people whose web punch rule differs from the
 * company's (the 'punch-policy' key of company_settings, with its sites and networks).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function dayRulesAndPunchPolicyMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('attendance').addColumn('worked_minutes', 'integer').execute();
      await db.schema.alterTable('attendance').addColumn('overtime_minutes', 'integer').execute();
      await db.schema.alterTable('attendance').addColumn('punch_method', 'text').execute();
      await db.schema.alterTable('attendance').addColumn('verified', 'integer').execute();
      await db.schema.alterTable('punches').addColumn('verified', 'integer').execute();
      await db.schema
        .createTable('employee_punch_rules')
        .addColumn('user_id', refType(dialect), (c) => c.primaryKey().references('users.id'))
        .addColumn('web_allowed', 'integer', (c) => c.notNull())
        .addColumn('geofence_required', 'integer', (c) => c.notNull())
        .addColumn('network_required', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
