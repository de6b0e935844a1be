/** Storage of devices, unregistered sightings and the device request budget. */
import type { Kysely, Transaction } from 'kysely';
import type { DB, DevicesTable } from '../../db/schema';
import type { Selectable } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;
export type DeviceRow = Selectable<DevicesTable>;

/** Sightings kept: about 50, each for 7 days. */
export const SIGHTINGS_MAX = 50;
export const SIGHTING_DAYS = 7;

export const findDeviceBySerial = (db: Db, serial: string) => db.selectFrom('devices').selectAll().where('serial_number', '=', serial).executeTakeFirst();
export const findDevice = (db: Db, id: number) => db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();

/** Notes a call from a serial number nobody registered, and keeps the list short and recent. */
export async function noteSighting(db: Db, serial: string, address: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('device_sightings')
    .values({ serial_number: serial, address, first_seen_at: at, last_seen_at: at, requests: 1 })
    .onConflict((oc) => oc.column('serial_number').doUpdateSet((eb) => ({ address, last_seen_at: at, requests: eb('device_sightings.requests', '+', 1) })))
    .execute();
  await db.deleteFrom('device_sightings').where('last_seen_at', '<', new Date(now.getTime() - SIGHTING_DAYS * 86_400_000).toISOString()).execute();
  const keep = await db.selectFrom('device_sightings').select('serial_number').orderBy('last_seen_at', 'desc').offset(SIGHTINGS_MAX).limit(1000).execute();
  if (keep.length) await db.deleteFrom('device_sightings').where('serial_number', 'in', keep.map((k) => k.serial_number)).execute();
}

export const listSightings = (db: Db, now: Date) =>
  db
    .selectFrom('device_sightings')
    .selectAll()
    .where('last_seen_at', '>=', new Date(now.getTime() - SIGHTING_DAYS * 86_400_000).toISOString())
    .orderBy('last_seen_at', 'desc')
    .limit(SIGHTINGS_MAX)
    .execute();

/**
 * Spends one request of each key's budget (per minute, in the database so every instance counts the
 * same), in one statement: one write a request, not one per key. True while every key is within its max.
 */
export async function spendDeviceBudget(db: Db, budgets: readonly { key: string; max: number }[], now: Date): Promise<boolean> {
  const window = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const rows = await db
    .insertInto('device_budget')
    .values(budgets.map((b) => ({ key: b.key, window_start: window, count: 1 })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        // A new minute starts the count again.
        count: eb.case().when('device_budget.window_start', '=', window).then(eb('device_budget.count', '+', 1)).else(1).end(),
        window_start: window,
      })),
    )
    .returning(['key', 'count'])
    .execute();
  const spent = new Map(rows.map((r) => [r.key, Number(r.count)]));
  return budgets.every((b) => (spent.get(b.key) ?? 0) <= b.max);
}

/** Records a contact: when, from where, and what firmware said it runs. */
export async function noteContact(db: Db, id: number, p: { at: string; address: string; firmware?: string; drift?: number; ignored?: number }) {
  await db
    .updateTable('devices')
    .set((eb) => ({
      last_contact_at: p.at,
      last_address: p.address,
      ...(p.firmware ? { firmware: p.firmware } : {}),
      ...(p.drift !== undefined ? { drift_seconds: p.drift } : {}),
      ...(p.ignored ? { ignored_records: eb('ignored_records', '+', p.ignored) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
