/** Admins' side of the devices: registering, editing and removing them, the list, sightings, settings and clock corrections. */
import { instantInZone } from '../../../shared/attendance-corrections/zone-time';
import { dateInZone, shiftDate } from '../../../shared/format';
import type { Device, DeviceBody, DeviceUpdateBody, DriftCorrectionBody, PunchSettingsBody, Sighting } from '../../../shared/schemas/device';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { recomputeDays } from '../punches';
import { readPunchSettings, writePunchSettings } from '../punches';
import { findDevice, findDeviceBySerial, listSightings, type DeviceRow } from './device-repository';
import { addressRanges } from '../../source-address';

export const DEVICE_MSG = {
  added: 'Device registered',
  updated: 'Device updated',
  removed: 'Device removed',
  duplicate: (serial: string) => `A device with serial number ${serial} is already registered`,
  notFound: 'Device not found',
  noLocation: 'locationId names no location',
  badRange: (cidr: string) => `allowedCidrs: ${cidr} is not an address range`,
  noSighting: 'That serial number has not called recently',
  settingsSaved: 'Device settings saved',
  corrected: (n: number) => `Corrected ${n} punch${n === 1 ? '' : 'es'}`,
  noLimit: 'No source address limit: anyone who knows the serial number can send punches as this device',
  driftHigh: (s: number) => `Clock is off by ${Math.abs(s)} seconds (${s > 0 ? 'ahead' : 'behind'})`,
  neverSeen: 'Has not contacted the server yet',
  disabled: 'Switched off: its calls get no OK, so it keeps its punches until switched on again',
};

export function createDeviceService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  async function checkBody(b: DeviceUpdateBody) {
    if (b.allowedCidrs) {
      const ranges = addressRanges(b.allowedCidrs);
      if ('bad' in ranges) throw badRequest(DEVICE_MSG.badRange(ranges.bad));
    }
    if (b.locationId && !(await db.selectFrom('locations').select('id').where('id', '=', Number(b.locationId)).executeTakeFirst())) throw badRequest(DEVICE_MSG.noLocation);
  }

  const snapshot = (d: DeviceRow) => ({ serialNumber: d.serial_number, name: d.name, locationId: d.location_id, timeZone: d.time_zone, allowedCidrs: JSON.parse(d.allowed_cidrs) as string[], hasCommKey: d.comm_key !== null, enabled: !d.disabled_at });

  return {
    async list(): Promise<Device[]> {
      const now = ctx.now();
      const today = dateInZone(now, ctx.config.timeZone);
      const startOfToday = instantInZone(today, '00:00', ctx.config.timeZone).toISOString();
      const endOfToday = instantInZone(shiftDate(today, 1), '00:00', ctx.config.timeZone).toISOString();
      const [rows, counts, pending, settings] = await Promise.all([
        db.selectFrom('devices as d').leftJoin('locations as l', 'l.id', 'd.location_id').selectAll('d').select('l.name as location_name').orderBy('d.name').orderBy('d.id').execute(),
        db
          .selectFrom('punches')
          .select((eb) => ['device_id', eb.fn.countAll<number>().as('n')])
          .where('punched_at', '>=', startOfToday)
          .where('punched_at', '<', endOfToday)
          .where('device_id', 'is not', null)
          .groupBy('device_id')
          .execute(),
        db
          .selectFrom('punches')
          .select((eb) => ['device_id', eb.fn.countAll<number>().as('n')])
          .where('state', 'in', ['quarantined', 'unmapped'])
          .where('device_id', 'is not', null)
          .groupBy('device_id')
          .execute(),
        readPunchSettings(db),
      ]);
      const today_ = new Map(counts.map((c) => [Number(c.device_id), Number(c.n)]));
      const pending_ = new Map(pending.map((c) => [Number(c.device_id), Number(c.n)]));
      return rows.map((d) => {
        const cidrs = JSON.parse(d.allowed_cidrs) as string[];
        const flagged = d.drift_seconds !== null && Math.abs(d.drift_seconds) > settings.driftThresholdSeconds;
        const warnings = [...(d.disabled_at ? [DEVICE_MSG.disabled] : []), ...(cidrs.length ? [] : [DEVICE_MSG.noLimit]), ...(flagged ? [DEVICE_MSG.driftHigh(d.drift_seconds!)] : []), ...(d.last_contact_at ? [] : [DEVICE_MSG.neverSeen])];
        return {
          _id: String(d.id),
          serialNumber: d.serial_number,
          name: d.name,
          locationId: d.location_id === null ? null : String(d.location_id),
          locationName: d.location_name ?? null,
          timeZone: d.time_zone,
          allowedCidrs: cidrs,
          hasCommKey: d.comm_key !== null,
          lastContactAt: d.last_contact_at,
          lastAddress: d.last_address,
          firmware: d.firmware,
          driftSeconds: d.drift_seconds === null ? null : Number(d.drift_seconds),
          driftFlagged: flagged,
          punchesToday: today_.get(Number(d.id)) ?? 0,
          ignoredRecords: Number(d.ignored_records),
          pendingPunches: pending_.get(Number(d.id)) ?? 0,
          enabled: !d.disabled_at,
          warnings,
        };
      });
    },

    async add(caller: Caller, body: DeviceBody): Promise<{ msg: string; _id: string }> {
      await checkBody(body);
      const at = ctx.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('devices')
          .values({
            serial_number: body.serialNumber,
            name: body.name,
            location_id: body.locationId ? Number(body.locationId) : null,
            time_zone: body.timeZone ?? null,
            allowed_cidrs: JSON.stringify(body.allowedCidrs ?? []),
            comm_key: body.commKey || null,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('serial_number').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw conflict(DEVICE_MSG.duplicate(body.serialNumber));
        await trx.deleteFrom('device_sightings').where('serial_number', '=', body.serialNumber).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'device.register', entity: 'device', entityId: body.serialNumber, after: { ...body, commKey: body.commKey ? '[set]' : null } }, ctx.now());
        return { msg: DEVICE_MSG.added, _id: String(row.id) };
      });
    },

    async update(caller: Caller, id: number, body: DeviceUpdateBody): Promise<{ msg: string; _id: string }> {
      await checkBody(body);
      return db.transaction().execute(async (trx) => {
        const before = await findDevice(trx, id);
        if (!before) throw notFound(DEVICE_MSG.notFound);
        await trx
          .updateTable('devices')
          .set({
            ...(body.name !== undefined && { name: body.name }),
            ...(body.locationId !== undefined && { location_id: body.locationId ? Number(body.locationId) : null }),
            ...(body.timeZone !== undefined && { time_zone: body.timeZone }),
            ...(body.allowedCidrs !== undefined && { allowed_cidrs: JSON.stringify(body.allowedCidrs) }),
            ...(body.commKey !== undefined && { comm_key: body.commKey || null }),
            ...(body.enabled !== undefined && { disabled_at: body.enabled ? null : (before.disabled_at ?? ctx.now().toISOString()) }),
            updated_at: ctx.now().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        const after = (await findDevice(trx, id))!;
        await recordAudit(trx, { actorId: caller.userId, action: 'device.update', entity: 'device', entityId: before.serial_number, before: snapshot(before), after: snapshot(after) }, ctx.now());
        return { msg: DEVICE_MSG.updated, _id: String(id) };
      });
    },

    /** Removes a device; its punches stay (the raw log keeps the serial number). */
    async remove(caller: Caller, id: number): Promise<{ msg: string }> {
      return db.transaction().execute(async (trx) => {
        const before = await findDevice(trx, id);
        if (!before) throw notFound(DEVICE_MSG.notFound);
        await trx.updateTable('punches').set({ device_id: null }).where('device_id', '=', id).execute();
        await trx.deleteFrom('devices').where('id', '=', id).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'device.remove', entity: 'device', entityId: before.serial_number, before: snapshot(before) }, ctx.now());
        return { msg: DEVICE_MSG.removed };
      });
    },

    async sightings(): Promise<Sighting[]> {
      const rows = await listSightings(db, ctx.now());
      return rows.map((r) => ({ serialNumber: r.serial_number, address: r.address, firstSeenAt: r.first_seen_at, lastSeenAt: r.last_seen_at, requests: Number(r.requests) }));
    },

    /** One click: registers a seen serial number under its own name, limited to the address it called from. */
    async accept(caller: Caller, serial: string): Promise<{ msg: string; _id: string }> {
      const seen = await db.selectFrom('device_sightings').selectAll().where('serial_number', '=', serial).executeTakeFirst();
      if (!seen) throw notFound(DEVICE_MSG.noSighting);
      if (await findDeviceBySerial(db, serial)) throw conflict(DEVICE_MSG.duplicate(serial));
      const plain = seen.address.startsWith('::ffff:') ? seen.address.slice(7) : seen.address;
      return this.add(caller, { serialNumber: serial, name: `Device ${serial}`, allowedCidrs: [plain] });
    },

    settings: () => readPunchSettings(db),

    async saveSettings(caller: Caller, body: PunchSettingsBody): Promise<{ msg: string }> {
      await db.transaction().execute(async (trx) => {
        const before = await readPunchSettings(trx);
        await writePunchSettings(trx, body, ctx.now().toISOString());
        await recordAudit(trx, { actorId: caller.userId, action: 'devices.settings', entity: 'company_settings', entityId: 'devices', before, after: body }, ctx.now());
      });
      return { msg: DEVICE_MSG.settingsSaved };
    },

    /**
     * Moves the device's punches of a date range (by the time they were sent) by `seconds`, and
     * recomputes the days they touch; approved months are left as they are. Audited with the count.
     */
    async correctClock(caller: Caller, id: number, body: DriftCorrectionBody): Promise<{ msg: string; corrected: number }> {
      const device = await findDevice(db, id);
      if (!device) throw notFound(DEVICE_MSG.notFound);
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('punches')
          .select(['id', 'punched_at', 'user_id', 'attendance_date', 'correction_seconds', 'state'])
          .where('device_id', '=', id)
          .where('sent_time', '>=', `${body.from} 00:00:00`)
          .where('sent_time', '<=', `${body.to} 23:59:59`)
          .where('state', 'in', ['applied', 'unmapped'])
          .execute();
        const approved = new Set((await trx.selectFrom('payroll_approvals').select('month').execute()).map((r) => r.month));
        const touched = new Map<string, { userId: number; date: string }>();
        let n = 0;
        for (const row of rows) {
          if (row.attendance_date && approved.has(row.attendance_date.slice(0, 7))) continue;
          const at = new Date(new Date(row.punched_at).getTime() + body.seconds * 1000).toISOString();
          await trx.updateTable('punches').set({ punched_at: at, correction_seconds: Number(row.correction_seconds) + body.seconds }).where('id', '=', row.id).execute();
          if (row.user_id !== null && row.state === 'applied' && row.attendance_date) touched.set(`${row.user_id}|${row.attendance_date}`, { userId: Number(row.user_id), date: row.attendance_date });
          n += 1;
        }
        await recomputeDays(trx, dialect, [...touched.values()]);
        await trx.updateTable('devices').set({ updated_at: ctx.now().toISOString() }).where('id', '=', id).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'device.clock-correction', entity: 'device', entityId: device.serial_number, after: { ...body, punches: n } }, ctx.now());
        return { msg: DEVICE_MSG.corrected(n), corrected: n };
      });
    },
  };
}
