/**
 * Biometric devices that push (the ADMS "iclock" protocol) and the raw punches they, a punch file or
 * the web send. `devices` are registered by admins; `device_sightings` keeps serial numbers that
 * called without being registered (a short list, pruned as it is written); `punches` keeps every
 * punch as received, once: `dedupe_key` is unique, so the same punch sent twice, by one device or
 * through two server instances, is one row. `employees.device_pin` maps a device's user PIN to a
 * person (digits without leading zeros, unique). `device_budget` counts requests per serial number
 * and per address in the database, so every instance spends the same budget.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function devicePunchesMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('employees').addColumn('device_pin', 'text').execute();
      await db.schema.createIndex('employees_device_pin').on('employees').column('device_pin').unique().execute();

      await withId(dialect)(db.schema.createTable('devices'))
        .addColumn('serial_number', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('location_id', refType(dialect), (c) => c.references('locations.id'))
        .addColumn('time_zone', 'text')
        // JSON array of CIDR ranges the device may call from; empty = anywhere (the list warns).
        .addColumn('allowed_cidrs', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('comm_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_contact_at', 'text')
        .addColumn('last_address', 'text')
        .addColumn('firmware', 'text')
        // Seconds: a real-time punch's time minus its arrival, the latest measured.
        .addColumn('drift_seconds', 'integer')
        .addColumn('ignored_records', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('device_sightings')
        .addColumn('serial_number', 'text', (c) => c.primaryKey())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(dialect)(db.schema.createTable('punches'))
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('device_id', refType(dialect), (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('device_serial', 'text')
        .addColumn('pin', 'text')
        .addColumn('user_id', refType(dialect), (c) => c.references('users.id'))
        .addColumn('sent_time', 'text', (c) => c.notNull())
        .addColumn('punched_at', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('verify_type', 'text')
        .addColumn('work_code', 'text')
        .addColumn('attendance_date', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('correction_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('punches_user_time').on('punches').columns(['user_id', 'punched_at']).execute();
      await db.schema.createIndex('punches_state_pin').on('punches').columns(['state', 'pin']).execute();
      await db.schema.createIndex('punches_device_time').on('punches').columns(['device_id', 'punched_at']).execute();
      await db.schema.createIndex('punches_received').on('punches').column('received_at').execute();

      await db.schema
        .createTable('device_budget')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
