/**
 * A simulated device over real HTTP to the real server: handshake, ATTLOG batches, duplicates, an
 * unknown PIN, an unknown serial number, drift, and the rest of the protocol accepted and ignored.
 */
import type { AddressInfo } from 'node:net';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { istDeviceTime, SimulatedDevice } from './simulated-device';

describe.each(engines)('a device pushing to the server on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const admin = () => auth(t.admin.token);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const register = async (serialNumber: string, extra: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/devices', headers: admin(), payload: { serialNumber, name: `Gate ${serialNumber}`, ...extra } });
    expect(res.statusCode).toBe(201);
    return res.json<{ msg: string; _id: string }>()._id;
  };
  const setPin = (userId: number, pin: string) => t.ctx.database.db.updateTable('employees').set({ device_pin: pin }).where('user_id', '=', userId).execute();
  const dayOf = (userId: number) => t.ctx.database.db.selectFrom('attendance').selectAll().where('user_id', '=', userId).orderBy('date').execute();

  it('registers, hands over its options, and takes a day of punches in any order and twice', async () => {
    await register('CEXJ2100001');
    const asha = await t.employee({ name: 'Asha Kulkarni' });
    await setPin(asha.id, '42');
    const device = new SimulatedDevice(base, 'CEXJ2100001', { pushver: '2.4.1' });

    const hello = await device.handshake();
    expect(hello.status).toBe(200);
    expect(hello.body.split('\n')).toEqual(expect.arrayContaining(['GET OPTION FROM: CEXJ2100001', 'TimeZone=330', 'TransFlag=TransData AttLog OpLog']));
    // The device sets its clock from our Date header.
    expect(Date.parse(hello.date!)).toBeGreaterThan(Date.now() - 60_000);

    // Yesterday, as a backlog: the last punch first, PIN zero-padded, a status nobody trusts.
    const y = new Date(Date.now() - 86_400_000);
    const day = istDeviceTime(y).slice(0, 10);
    const batch = [
      ['0042', `${day} 18:41:07`, '1'],
      ['42', `${day} 09:12:30`, '255'],
      ['42', `${day} 13:02:00`, '4'],
    ] as const;
    const first = await device.pushAttlog(batch);
    expect(first).toMatchObject({ status: 200, body: 'OK:3' });
    // The same batch again (a lost answer): acknowledged, nothing new.
    expect((await device.pushAttlog(batch)).body).toBe('OK:3');
    const raw = await t.ctx.database.db.selectFrom('punches').selectAll().where('user_id', '=', asha.id).execute();
    expect(raw).toHaveLength(3);
    expect(raw.map((p) => p.status).sort()).toEqual(['1', '255', '4']);
    const [record] = await dayOf(asha.id);
    expect(record).toMatchObject({ date: day, status: 'P', source: 'device', punch_in: new Date(`${day}T09:12:30+05:30`).toISOString(), punch_out: new Date(`${day}T18:41:07+05:30`).toISOString() });
  });

  it('keeps a punch of an unknown PIN for an admin to map, and applies it once mapped', async () => {
    const device = new SimulatedDevice(base, 'CEXJ2100001');
    const now = new Date();
    const at = istDeviceTime(new Date(now.getTime() - 3600_000));
    expect((await device.pushAttlog([['9077', at]])).body).toBe('OK:1');
    const listed = await t.app.inject({ method: 'GET', url: '/api/attendance/punches/unmapped', headers: admin() });
    expect(listed.json()).toEqual([expect.objectContaining({ pin: '9077', punches: 1, devices: ['CEXJ2100001'] })]);
    const ravi = await t.employee({ name: 'Ravi Shankar Venkataraman' });
    const mapped = await t.app.inject({ method: 'POST', url: '/api/attendance/punches/unmapped/9077/map', headers: admin(), payload: { employeeId: ravi.employeeId } });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({ applied: 1 });
    expect(await dayOf(ravi.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/attendance/punches/unmapped', headers: admin() })).json()).toEqual([]);
  });

  it('answers an unknown serial number without OK and lists it for one-click acceptance', async () => {
    const stranger = new SimulatedDevice(base, 'BOCK1900777');
    const refused = await stranger.pushAttlog([['42', istDeviceTime(new Date())]]);
    expect(refused.status).toBe(403);
    expect(refused.body).not.toMatch(/^OK/);
    const seen = await t.app.inject({ method: 'GET', url: '/api/devices/sightings', headers: admin() });
    expect(seen.json()).toEqual([expect.objectContaining({ serialNumber: 'BOCK1900777', address: expect.stringContaining('127.0.0.1') })]);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/devices/sightings/BOCK1900777/accept', headers: admin() });
    expect(accepted.statusCode).toBe(201);
    // The device sends its records again, and now they are taken.
    expect((await stranger.pushAttlog([['42', istDeviceTime(new Date())]])).body).toBe('OK:1');
    expect((await t.app.inject({ method: 'GET', url: '/api/devices/sightings', headers: admin() })).json()).toEqual([]);
  });

  it('measures drift from a real-time punch and flags it past the threshold', async () => {
    const id = await register('DRIFT000001');
    const device = new SimulatedDevice(base, 'DRIFT000001');
    // The device's clock runs 7 minutes ahead: its real-time punch says 7 minutes from now.
    expect((await device.pushAttlog([['42', istDeviceTime(new Date(Date.now() + 420_000))]])).body).toBe('OK:1');
    const list = (await t.app.inject({ method: 'GET', url: '/api/devices', headers: admin() })).json<{ _id: string; driftSeconds: number; driftFlagged: boolean; warnings: string[]; punchesToday: number }[]>();
    const mine = list.find((d) => d._id === id)!;
    expect(mine.driftSeconds).toBeGreaterThanOrEqual(410);
    expect(mine.driftSeconds).toBeLessThanOrEqual(425);
    expect(mine.driftFlagged).toBe(true);
    expect(mine.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/No source address limit/), expect.stringMatching(/ahead/)]));
  });

  it('accepts and ignores the operation log, photos, options, heartbeats, command results and pings', async () => {
    const device = new SimulatedDevice(base, 'CEXJ2100001', { contentType: 'application/x-www-form-urlencoded' });
    expect((await device.pushTable('OPERLOG', 'USER PIN=42\tName=Asha\tPri=0\nFP PIN=42\tFID=6\tSize=1000\tValid=1\tTMP=AAAA\n')).body).toBe('OK:2');
    expect((await device.pushTable('ATTPHOTO', 'PIN=20261110091230-42.jpg\nSN=CEXJ2100001\nsize=3\nCMD=uploadphoto\x00\x01\x02')).body).toBe('OK:1');
    expect((await device.pushTable('options', '~DeviceName=K40,FWVersion=Ver 6.60')).body).toBe('OK:1');
    expect(await device.heartbeat()).toMatchObject({ status: 200, body: 'OK' });
    expect(await device.commandResult('7', '0', 'INFO')).toMatchObject({ status: 200, body: 'OK' });
    expect(await device.ping()).toMatchObject({ status: 200, body: 'OK' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/devices', headers: admin() })).json<{ serialNumber: string; ignoredRecords: number; firmware: string }[]>();
    expect(list.find((d) => d.serialNumber === 'CEXJ2100001')).toMatchObject({ ignoredRecords: 4, firmware: 'Ver 6.60 Apr 3 2020' });
  });

  it('refuses a device outside its address ranges or without its comm key', async () => {
    await register('FENCED00001', { allowedCidrs: ['203.0.113.0/24'] });
    expect((await new SimulatedDevice(base, 'FENCED00001').ping()).status).toBe(403);
    await register('KEYED000001', { commKey: 's3cret' });
    expect((await new SimulatedDevice(base, 'KEYED000001').ping()).status).toBe(403);
    expect((await new SimulatedDevice(base, 'KEYED000001', { commKey: 's3cret' }).ping()).body).toBe('OK');
    const dup = await t.app.inject({ method: 'POST', url: '/api/devices', headers: admin(), payload: { serialNumber: 'KEYED000001', name: 'Again' } });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/devices', headers: admin(), payload: { serialNumber: 'has space', name: '', allowedCidrs: ['999.1.1.1/40'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/serialNumber/);
  });

  it('switched off, gets no OK and keeps its punches; the list shows it off and its pending punches', async () => {
    const id = await register('CEXJ2100099', { allowedCidrs: ['127.0.0.1'] });
    const device = new SimulatedDevice(base, 'CEXJ2100099');
    const day = istDeviceTime(new Date(Date.now() - 86_400_000)).slice(0, 10);
    expect((await device.pushAttlog([['990001', `${day} 09:00:00`]])).body).toBe('OK:1');
    const off = await t.app.inject({ method: 'PUT', url: `/api/devices/${id}`, headers: admin(), payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    const refused = await device.pushAttlog([['990001', `${day} 18:00:00`]]);
    expect(refused.body).not.toMatch(/^OK/);
    const listed = (await t.app.inject({ url: '/api/devices', headers: admin() })).json().find((d: { _id: string }) => d._id === id);
    expect(listed).toMatchObject({ enabled: false, pendingPunches: 1 });
    expect(listed.warnings[0]).toMatch(/Switched off/);
    expect((await t.app.inject({ method: 'PUT', url: `/api/devices/${id}`, headers: admin(), payload: { enabled: true } })).statusCode).toBe(200);
    expect((await device.pushAttlog([['990001', `${day} 18:00:00`]])).body).toBe('OK:1');
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'device.update').where('entity_id', '=', 'CEXJ2100099').execute();
    expect(audit.map((a) => JSON.parse(a.after_json!).enabled)).toEqual([false, true]);
  });
});
