/**
 * A web punch rule per location (`location_punch_rules`), between the company's and a person's own:
 * a person's own rule beats their location's, which beats the company's.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function locationPunchRulesMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('location_punch_rules')
        .addColumn('location_id', refType(dialect), (c) => c.primaryKey().references('locations.id'))
        .addColumn('web_allowed', 'integer', (c) => c.notNull())
        .addColumn('geofence_required', 'integer', (c) => c.notNull())
        .addColumn('network_required', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
