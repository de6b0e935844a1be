/**
 * From raw punches to the day's record, on both engines: precedence of admin and imported days, a
 * night shift across two dates, punches held for review, clock corrections, PINs, the dashboard
 * poll, and two server instances on one database taking the same punches at once.
 */
import type { AddressInfo } from 'node:net';
import { auth, createTestApp, engines, MemoryMailer, type TestApp } from '../../test/test-app';
import { reopenApp } from '../../test/salary-test-helpers';
import { istDeviceTime, SimulatedDevice } from '../devices';
import { punchesOfDay } from './day-derivation';
import { csvFile } from '../../test/multipart';
import ExcelJS from 'exceljs';

describe.each(engines)('punches and days on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const admin = () => auth(t.admin.token);
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/devices', headers: admin(), payload: { serialNumber: 'GATE0001', name: 'Pune office, main gate' } })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  let pinSeq = 100;
  const person = async (shift?: { start: string; end: string }) => {
    const e = await t.employee({ name: `Person ${pinSeq}` });
    const pin = String(++pinSeq);
    await db().updateTable('employees').set({ device_pin: pin }).where('user_id', '=', e.id).execute();
    if (shift) expect((await t.app.inject({ method: 'PUT', url: `/api/work-hours/employees/${e.id}`, headers: admin(), payload: { shift: { ...shift, graceMinutes: 10 } } })).statusCode).toBe(200);
    return { ...e, pin };
  };
  const days = (userId: number) => db().selectFrom('attendance').selectAll().where('user_id', '=', userId).orderBy('date').execute();
  const device = () => new SimulatedDevice(base, 'GATE0001');
  const iso = (local: string) => new Date(`${local.replace(' ', 'T')}+05:30`).toISOString();
  const daysAgo = (n: number) => istDeviceTime(new Date(Date.now() - n * 86_400_000)).slice(0, 10);

  it('never overwrites a day an admin set or a file imported; widens a web day', async () => {
    const p = await person();
    const [d1, d2, d3] = [daysAgo(3), daysAgo(4), daysAgo(5)];
    expect((await t.app.inject({ method: 'PUT', url: '/api/attendance/day', headers: admin(), payload: { employeeId: p.employeeId, date: d1, status: 'A', reason: 'Was on unpaid leave' } })).statusCode).toBe(200);
    await db().insertInto('attendance').values({ user_id: p.id, date: d2, status: 'P', punch_in: iso(`${d2} 10:00:00`), punch_out: iso(`${d2} 17:00:00`), source: 'import' }).execute();
    await db().insertInto('attendance').values({ user_id: p.id, date: d3, status: 'P', punch_in: iso(`${d3} 10:00:00`), punch_out: null, source: 'web' }).execute();
    await device().pushAttlog([[p.pin, `${d1} 09:00:00`], [p.pin, `${d2} 09:00:00`], [p.pin, `${d2} 19:00:00`], [p.pin, `${d3} 09:05:00`], [p.pin, `${d3} 18:30:00`]]);
    const [r3, r2, r1] = await days(p.id);
    expect(r1).toMatchObject({ date: d1, status: 'A', source: 'admin', punch_in: null });
    expect(r2).toMatchObject({ date: d2, source: 'import', punch_in: iso(`${d2} 10:00:00`), punch_out: iso(`${d2} 17:00:00`) });
    expect(r3).toMatchObject({ date: d3, source: 'web', punch_in: iso(`${d3} 09:05:00`), punch_out: iso(`${d3} 18:30:00`) });
  });

  it('files a night shift 22:00-06:00 with punches on two dates under the day it starts', async () => {
    const p = await person({ start: '22:00', end: '06:00' });
    const [start, next] = [daysAgo(3), daysAgo(2)];
    await device().pushAttlog([[p.pin, `${next} 06:07:00`], [p.pin, `${start} 21:52:00`], [p.pin, `${next} 02:00:00`]]);
    expect(await days(p.id)).toEqual([expect.objectContaining({ date: start, punch_in: iso(`${start} 21:52:00`), punch_out: iso(`${next} 06:07:00`) })]);
    expect((await punchesOfDay(db(), p.id, start)).map((x) => x.punched_at)).toEqual([iso(`${start} 21:52:00`), iso(`${next} 02:00:00`), iso(`${next} 06:07:00`)]);
  });

  it('holds future, too old and approved-month punches for review, and applies one on release', async () => {
    const p = await person();
    const future = istDeviceTime(new Date(Date.now() + 3 * 3600_000));
    const old = `${daysAgo(60)} 09:00:00`;
    const lockedDay = daysAgo(40);
    const lockedMonth = lockedDay.slice(0, 7);
    await db().insertInto('payroll_approvals').values({ month: lockedMonth, approved_by: t.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 0, net_paise: 0 }).execute();
    await device().pushAttlog([[p.pin, `${lockedDay} 09:00:00`]]);
    await device().pushAttlog([[p.pin, future], [p.pin, old]]);
    const held = await t.app.inject({ method: 'GET', url: `/api/attendance/punches?state=quarantined&q=${p.employeeId}`, headers: admin() });
    expect(held.json().punches.map((x: { reason: string }) => x.reason).sort()).toEqual([expect.stringMatching(/ is approved$/), 'in the future', 'older than 45 days']);
    expect(await days(p.id)).toEqual([]);
    const oldOne = held.json().punches.find((x: { reason: string }) => x.reason.startsWith('older'));
    const decide = (id: string, action: 'release' | 'discard', payload?: object, headers = admin()) =>
      t.app.inject({ method: 'POST', url: `/api/attendance/punches/held/${id}/${action}`, headers, ...(payload ? { payload } : {}) });
    // A decision needs its reason.
    const bare = await decide(oldOne._id, 'release');
    expect(bare.statusCode).toBe(400);
    expect((await decide(oldOne._id, 'release', { reason: '   ' })).json().fieldErrors).toEqual({ reason: 'reason is required' });
    expect((await decide(oldOne._id, 'release', { reason: 'Device was offline for two months; the punch is genuine' })).statusCode).toBe(200);
    expect(await days(p.id)).toHaveLength(1);
    const locked = held.json().punches.find((x: { reason: string }) => x.reason.includes('approved'));
    expect((await decide(locked._id, 'release', { reason: 'Asked for by the employee' })).statusCode).toBe(409);
    const ahead = held.json().punches.find((x: { reason: string }) => x.reason === 'in the future');
    // Only admins decide.
    expect((await decide(ahead._id, 'discard', { reason: 'mine' }, { 'x-auth-token': p.token })).statusCode).toBe(403);
    expect((await decide(ahead._id, 'discard', { reason: 'Device clock was three hours fast' })).statusCode).toBe(200);

    // Stored on the punch, in the admin's log and in the audit trail.
    const log = (await t.app.inject({ method: 'GET', url: `/api/attendance/punches?q=${p.employeeId}`, headers: admin() })).json().punches as { _id: string; state: string; decisionReason: string | null; decidedAt: string | null }[];
    expect(log.find((x) => x._id === oldOne._id)).toMatchObject({ state: 'applied', decisionReason: 'Device was offline for two months; the punch is genuine', decidedAt: expect.any(String) });
    expect(log.find((x) => x._id === ahead._id)).toMatchObject({ state: 'discarded', decisionReason: 'Device clock was three hours fast' });
    const audit = await db().selectFrom('audit_log').select(['action', 'entity_id', 'actor_id', 'after_json']).where('action', 'in', ['punch.release', 'punch.discard']).where('entity_id', 'in', [oldOne._id, ahead._id]).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.entity_id, Number(a.actor_id), JSON.parse(a.after_json!).decisionReason])).toEqual([
      ['punch.release', oldOne._id, t.admin.id, 'Device was offline for two months; the punch is genuine'],
      ['punch.discard', ahead._id, t.admin.id, 'Device clock was three hours fast'],
    ]);

    // The employee sees each held punch: why it waited, and the admin's reason once decided.
    const mine = await t.app.inject({ method: 'GET', url: '/api/attendance/punches/mine', headers: { 'x-auth-token': p.token } });
    expect(mine.statusCode).toBe(200);
    const byId = new Map((mine.json() as { _id: string }[]).map((x) => [x._id, x]));
    expect(byId.size).toBe(3);
    expect(byId.get(oldOne._id)).toMatchObject({ state: 'applied', heldReason: 'older than 45 days', decisionReason: 'Device was offline for two months; the punch is genuine', deviceName: 'Pune office, main gate', source: 'device' });
    expect(byId.get(ahead._id)).toMatchObject({ state: 'discarded', heldReason: 'in the future', decisionReason: 'Device clock was three hours fast' });
    expect(byId.get(locked._id)).toMatchObject({ state: 'quarantined', decisionReason: null, decidedAt: null });
    // Another employee sees none of them.
    const other = await person();
    expect((await t.app.inject({ method: 'GET', url: '/api/attendance/punches/mine', headers: { 'x-auth-token': other.token } })).json()).toEqual([]);
  });

  it('corrects a range of a device clock, audited, and recomputes the days', async () => {
    const p = await person();
    const d = daysAgo(6);
    await device().pushAttlog([[p.pin, `${d} 09:20:00`], [p.pin, `${d} 18:20:00`]]);
    const id = (await t.app.inject({ method: 'GET', url: '/api/devices', headers: admin() })).json()[0]._id;
    const res = await t.app.inject({ method: 'POST', url: `/api/devices/${id}/clock-correction`, headers: admin(), payload: { from: d, to: d, seconds: -600, reason: 'Clock ran 10 minutes fast' } });
    expect(res.statusCode).toBe(200);
    expect((await days(p.id))[0]).toMatchObject({ punch_in: iso(`${d} 09:10:00`), punch_out: iso(`${d} 18:10:00`) });
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'device.clock-correction').execute();
    expect(audit).toHaveLength(1);
    const bad = await t.app.inject({ method: 'POST', url: `/api/devices/${id}/clock-correction`, headers: admin(), payload: { from: d, to: daysAgo(8), seconds: 0 } });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a new hire the PIN of their code, keeps PINs unique, and lists who needs one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/employee', headers: admin(), payload: { name: 'Meenakshi Sundaram', email: 'meenakshi@example.com', position: 'Analyst', salary: 40000 } });
    expect(res.statusCode).toBeLessThan(300);
    const row = await db().selectFrom('employees').select(['user_id', 'employee_id', 'device_pin']).where('employee_id', '=', res.json().employeeId ?? res.json().employee?.employeeId).executeTakeFirst();
    const created = row ?? (await db().selectFrom('employees').select(['user_id', 'employee_id', 'device_pin']).orderBy('user_id', 'desc').limit(1).executeTakeFirstOrThrow());
    expect(created.device_pin).toBe(created.employee_id.replace(/\D/g, '').replace(/^0+/, ''));
    const other = await t.employee();
    const dup = await t.app.inject({ method: 'PUT', url: `/api/attendance/punches/pins/${other.id}`, headers: admin(), payload: { devicePin: `00${created.device_pin}` } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toMatch(/already belongs to/);
    expect((await t.app.inject({ method: 'PUT', url: `/api/attendance/punches/pins/${other.id}`, headers: admin(), payload: { devicePin: '12a' } })).statusCode).toBe(400);
    const needs = (await t.app.inject({ method: 'GET', url: '/api/attendance/punches/needs-pin', headers: admin() })).json();
    expect(needs).toEqual(expect.arrayContaining([expect.objectContaining({ employeeId: other.employeeId })]));
  });

  it("shows a device's punch in the dashboard's next poll", async () => {
    const p = await person();
    // Just after midnight a punch still belongs to yesterday's shift: poll both days.
    const today = istDeviceTime(new Date()).slice(0, 10);
    const poll = (etag?: string) => t.app.inject({ method: 'GET', url: `/api/attendance?startDate=${daysAgo(1)}&endDate=${today}`, headers: { ...admin(), ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await poll();
    await device().pushAttlog([[p.pin, istDeviceTime(new Date(Date.now() - 120_000))]]);
    const second = await poll(first.headers.etag as string);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(expect.arrayContaining([expect.objectContaining({ employeeId: p.employeeId, source: 'device' })]));
    // A later punch only moves the punch-out: still a new answer.
    await device().pushAttlog([[p.pin, istDeviceTime(new Date(Date.now() - 60_000))]]);
    expect((await poll(second.headers.etag as string)).statusCode).toBe(200);
  });

  it('imports a punch file (CSV, .xlsx, device TXT) through the same path, previewed first', async () => {
    const p = await person();
    const d = daysAgo(9);
    const upload = (content: string | Buffer, name: string, dryRun = false) => {
      const { payload, headers } = csvFile(content as string, name);
      return t.app.inject({ method: 'POST', url: `/api/attendance/punches/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...admin(), ...headers }, payload });
    };
    const [dd, mm, yyyy] = [d.slice(8, 10), d.slice(5, 7), d.slice(0, 4)];
    const csv = `employeeId,dateTime\n${p.employeeId},${dd}/${mm}/${yyyy} 09:14\n${p.employeeId},${d} 18:05:00\nEMP9999,${d} 09:00\n${p.employeeId},yesterday\n`;
    const preview = await upload(csv, 'punches.csv', true);
    expect(preview.json()).toMatchObject({ dryRun: true, counts: { added: 2, unchanged: 0, failed: 2 } });
    expect(preview.json().errors.join(' ')).toMatch(/EMP9999/);
    expect(await days(p.id)).toEqual([]);
    const done = await upload(csv, 'punches.csv');
    expect(done.json()).toMatchObject({ dryRun: false, counts: { added: 2, failed: 2 }, reportId: expect.any(String) });
    expect((await days(p.id))[0]).toMatchObject({ date: d, punch_in: iso(`${d} 09:14:00`), punch_out: iso(`${d} 18:05:00`) });
    // Again: nothing new.
    expect((await upload(csv, 'punches.csv')).json().counts).toMatchObject({ added: 0, unchanged: 2 });
    // The device software's export: PIN, tab, time, status fields; a later punch widens the day.
    const txt = `  ${p.pin}\t${d} 19:30:00\t1\t0\t1\t0\n  ${p.pin}\t${d} 08:59:00\t0\t0\t1\t0\n`;
    expect((await upload(txt, '1_attlog.dat')).json().counts).toMatchObject({ added: 2, failed: 0 });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Punches').addRows([['PIN', 'Date', 'Time'], [p.pin, d, '20:10:00']]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(xlsx, 'punches.xlsx')).json().counts).toMatchObject({ added: 1, failed: 0 });
    expect((await days(p.id))[0]).toMatchObject({ punch_in: iso(`${d} 08:59:00`), punch_out: iso(`${d} 20:10:00`), source: 'device' });
    const bad = await upload('who,when\n1,2\n', 'bad.csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/employeeId or pin/);
  });

  it('makes one punch of the same records pushed through two server instances at once', async () => {
    const second = await reopenApp(t, new MemoryMailer(), new Date());
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const other = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const people = await Promise.all(Array.from({ length: 5 }, () => person()));
      const d = daysAgo(7);
      const records = people.flatMap((p) => ['09:01:00', '13:00:00', '13:30:00', '18:45:00'].map((time) => [p.pin, `${d} ${time}`] as const));
      // The two halves overlap, each sent to both instances, all at once.
      const a = records.slice(0, 14);
      const b = records.slice(6);
      const answers = await Promise.all([new SimulatedDevice(base, 'GATE0001').pushAttlog(a), new SimulatedDevice(other, 'GATE0001').pushAttlog(b), new SimulatedDevice(other, 'GATE0001').pushAttlog(a), new SimulatedDevice(base, 'GATE0001').pushAttlog(b)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const ids = people.map((p) => p.id);
      expect(Number((await db().selectFrom('punches').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', ids).executeTakeFirstOrThrow()).n)).toBe(20);
      const rows = await db().selectFrom('attendance').selectAll().where('user_id', 'in', ids).execute();
      expect(rows).toHaveLength(5);
      for (const r of rows) expect(r).toMatchObject({ date: d, punch_in: iso(`${d} 09:01:00`), punch_out: iso(`${d} 18:45:00`) });
    } finally {
      await second.close();
    }
  });
});
