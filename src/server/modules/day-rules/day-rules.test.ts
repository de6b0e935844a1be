/**
 * The day's rules and verified web punching on both engines: minimums (a 35-second day is not a full
 * day, a half day pays half in the register and on the slip), breaks (a second punch-in after a
 * punch-out, counted time without the break), overtime, an overnight punch-out filed on the day of
 * its punch-in, device days counted by the same minimums; the punch policy (web off, geofence with
 * its distance in the refusal, office networks through TRUST_PROXY) and its refusals of bad input.
 */
import ExcelJS from 'exceljs';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import type { DayRules, PunchPolicy } from '../../../shared/schemas/day-rules';
import { DEFAULT_DAY_RULES } from '../../../shared/schemas/day-rules';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { storePunches } from '../punches';

/** An instant from a Kolkata wall-clock time. */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

const RULES: DayRules = { ...DEFAULT_DAY_RULES, fullDayMinutes: 8 * 60, halfDayMinutes: 4 * 60, allowBreaks: true, overtime: { ...DEFAULT_DAY_RULES.overtime, enabled: true } };
const PUNE = { name: 'Pune office', latitude: 18.5204, longitude: 73.8567, radiusMeters: 200 };

describe.each(engines)("the day's rules and web punching on %s", (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  let clock = ist('2026-08-03', '09:00:00');
  const setup = async (env?: Record<string, string>) => {
    t = await createTestApp(engine, { overrides: { now: () => clock }, ...(env ? { env } : {}) });
    alice = await t.employee({ name: 'Alice Rao', joinedOn: '2026-01-05', salaryPaise: 2_600_000 });
  };
  afterEach(() => t.close());

  const put = (url: string, payload: unknown, token = t.admin.token) => t.app.inject({ method: 'PUT', url, headers: auth(token), payload: payload as object });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const punchAt = (kind: 'in' | 'out', at: Date, body?: object, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) => {
    clock = at;
    return t.app.inject({ method: 'POST', url: `/api/attendance/punch-${kind}`, headers: { ...auth(alice.token), ...extra.headers }, ...(body ? { payload: body } : {}), ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}) });
  };
  const record = async (date: string) => {
    const rows = (await get(`/api/attendance?date=${date}`)).json<AttendanceRecord[]>();
    return rows.find((r) => r.email === alice.email);
  };

  describe('the rules', () => {
    beforeEach(() => setup());

    it('answers the defaults, saves with an audit entry, and refuses bad rules naming the field', async () => {
      expect((await get('/api/day-rules')).json()).toEqual(DEFAULT_DAY_RULES);
      expect((await put('/api/day-rules', RULES)).json()).toEqual({ msg: "The day's rules are saved" });
      expect((await get('/api/day-rules')).json()).toEqual(RULES);
      const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', '=', 'day-rules.update').execute();
      expect(audit).toHaveLength(1);
      const bad = await put('/api/day-rules', { ...RULES, halfDayMinutes: 600 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ halfDayMinutes: 'halfDayMinutes must be less than fullDayMinutes' });
      const low = await put('/api/day-rules', { ...RULES, overtime: { ...RULES.overtime, rate: 1.5 } });
      expect(low.json().fieldErrors).toEqual({ 'overtime.rate': 'rate must be at least 2 (twice the ordinary rate)' });
      expect((await put('/api/day-rules', RULES, alice.token)).statusCode).toBe(403);
    });

    it('without rules a 35-second day is still a full day, and a second punch-in is a 409 as the spec has it', async () => {
      expect((await punchAt('in', ist('2026-08-03', '15:14:57'))).statusCode).toBe(200);
      expect((await punchAt('out', ist('2026-08-03', '15:15:32'))).statusCode).toBe(200);
      expect(await record('2026-08-03')).toMatchObject({ status: 'P', source: 'web', punchMethod: 'web', verified: false });
      const again = await punchAt('in', ist('2026-08-03', '15:20:00'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: 'Already punched in today' });
    });

    it('counts a 35-second day as absent and a 5-hour day as a half day, and payroll pays them so', async () => {
      expect((await put('/api/day-rules', RULES)).statusCode).toBe(200);
      const db = t.ctx.database.db;
      // Every other working day of August 2026 is a full day (26 working days, Sundays off).
      for (let d = 1; d <= 31; d++) {
        const date = `2026-08-${String(d).padStart(2, '0')}`;
        if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0 || date === '2026-08-04' || date === '2026-08-05') continue;
        await db.insertInto('attendance').values({ user_id: alice.id, date, status: 'P', punch_in: ist(date, '09:30:00').toISOString(), punch_out: ist(date, '18:30:00').toISOString() }).execute();
      }
      await punchAt('in', ist('2026-08-04', '15:14:57'));
      const out = await punchAt('out', ist('2026-08-04', '15:15:32'));
      expect(out.json().record).toMatchObject({ status: 'A' });
      await punchAt('in', ist('2026-08-05', '09:30:00'));
      await punchAt('out', ist('2026-08-05', '14:30:00'));
      expect(await record('2026-08-05')).toMatchObject({ status: 'H', workedMinutes: 300, hoursWorked: 5 });

      clock = ist('2026-09-10', '12:00:00');
      const row = (await get('/api/attendance/register?month=2026-08')).json<RegisterPage>().rows.find((r) => r.employeeId === alice.employeeId)!;
      // 26 working days: one absent (the 35-second day), one half day paid half.
      expect(row.totals).toMatchObject({ lop: 1.5, paidDays: 24.5 });
      const slip = await get(`/api/salary/slip/${alice.employeeId}/2026-08`);
      expect(slip.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(slip.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const cells = new Map<string, unknown>();
      ws.eachRow((r) => r.eachCell((c) => cells.set(String(c.value), ws.getCell(c.row, Number(c.col) + 1).value)));
      expect(cells.get('Paid Days')).toBe(24.5);
      // ₹26,000 for 24.5 of 26 days.
      expect(cells.get('Total Earnings')).toBe(24_500);
    });

    it('lets a person punch in again after a break, counts the day without the break, and records overtime', async () => {
      expect((await put('/api/day-rules', RULES)).statusCode).toBe(200);
      expect((await get('/api/punch-policy/mine', alice.token)).json()).toEqual({ webAllowed: true, geofenceRequired: false, networkRequired: false, allowBreaks: true });
      await punchAt('in', ist('2026-08-03', '08:00:00'));
      await punchAt('out', ist('2026-08-03', '13:00:00'));
      const back = await punchAt('in', ist('2026-08-03', '14:00:00'));
      expect(back.statusCode).toBe(200);
      expect(back.json().record).toMatchObject({ status: 'P', punchOut: null });
      // A second punch-in while in is still a 409.
      expect((await punchAt('in', ist('2026-08-03', '14:05:00'))).statusCode).toBe(409);
      const out = await punchAt('out', ist('2026-08-03', '19:40:00'));
      expect(out.statusCode).toBe(200);
      // 5 h + 5 h 40 m = 10 h 40 m of work (the hour's break excluded): 1 h 40 m beyond a 9-hour day.
      expect(await record('2026-08-03')).toMatchObject({ status: 'P', workedMinutes: 640, overtimeMinutes: 100, punchIn: ist('2026-08-03', '08:00:00').toISOString(), punchOut: ist('2026-08-03', '19:40:00').toISOString() });
      const raw = await t.ctx.database.db.selectFrom('punches').select(['source', 'status', 'verified']).where('user_id', '=', alice.id).orderBy('punched_at').execute();
      expect(raw).toEqual([0, 1, 2, 3].map((i) => ({ source: 'web', status: i % 2 ? 'out' : 'in', verified: 0 })));      // The register reports the month's overtime, in its JSON and in its file.
      const row = (await get('/api/attendance/register?month=2026-08')).json<RegisterPage>().rows.find((r) => r.employeeId === alice.employeeId)!;
      expect(row.overtimeMinutes).toBe(100);
      const csv = (await get('/api/attendance/register/download?month=2026-08&format=csv')).body.split('\n');
      const header = csv[0]!.split(',');
      const cells = csv.find((line) => line.startsWith(alice.employeeId))!.split(',');
      expect(cells[header.indexOf('Overtime (hours)')]).toBe('1.67');
    });

    it('files an overnight punch-out on the day of the punch-in', async () => {
      expect((await put('/api/day-rules', RULES)).statusCode).toBe(200);
      await punchAt('in', ist('2026-08-03', '22:00:00'));
      const out = await punchAt('out', ist('2026-08-04', '06:00:00'));
      expect(out.statusCode).toBe(200);
      expect(out.json().record).toMatchObject({ date: '2026-08-03', status: 'P', workedMinutes: 480 });
      expect(await record('2026-08-04')).toBeUndefined();
    });

    it("counts a device's day by the same minimums", async () => {
      expect((await put('/api/day-rules', RULES)).statusCode).toBe(200);
      const { dialect, db } = t.ctx.database;
      const batch = (times: string[]) => ({ source: 'file' as const, timeZone: 'Asia/Kolkata', dayZone: 'Asia/Kolkata', receivedAt: clock, punches: times.map((sentTime) => ({ pin: null, userId: alice.id, sentTime })) });
      clock = ist('2026-08-06', '20:00:00');
      await db.transaction().execute((trx) => storePunches(trx, dialect, batch(['2026-08-06 09:00:00', '2026-08-06 09:00:35']) as never, clock));
      expect(await record('2026-08-06')).toMatchObject({ status: 'A', workedMinutes: 0 });
      await db.transaction().execute((trx) => storePunches(trx, dialect, batch(['2026-08-06 15:00:00']) as never, clock));
      // Three punches: the first pair counts, the last is an open stretch: still short of a half day.
      expect(await record('2026-08-06')).toMatchObject({ status: 'A' });
      await db.transaction().execute((trx) => storePunches(trx, dialect, batch(['2026-08-06 19:00:00']) as never, clock));
      expect(await record('2026-08-06')).toMatchObject({ status: 'H', workedMinutes: 240 });
    });
  });

  describe('the punch policy', () => {
    beforeEach(() => setup({ TRUST_PROXY: '1' }));
    const policy = (over: Partial<PunchPolicy> = {}): PunchPolicy => ({ rule: { webAllowed: true, geofenceRequired: true, networkRequired: false }, sites: [PUNE], networks: [], ...over });

    it('refuses a punch outside every site saying how far, and takes one inside as verified', async () => {
      expect((await put('/api/punch-policy', policy())).json()).toEqual({ msg: 'Punch policy saved' });
      const none = await punchAt('in', ist('2026-08-03', '09:00:00'));
      expect(none.statusCode).toBe(400);
      expect(none.json().msg).toBe('Your location is needed to punch: allow location access in the browser and try again.');
      // About 2.3 km north of the office.
      const far = await punchAt('in', ist('2026-08-03', '09:00:00'), { latitude: 18.5411, longitude: 73.8567, accuracy: 20 });
      expect(far.statusCode).toBe(403);
      expect(far.json()).toEqual({ msg: 'You are 2.3 km from Pune office; punching is allowed within 200 m.' });
      const vague = await punchAt('in', ist('2026-08-03', '09:00:00'), { latitude: 18.5204, longitude: 73.8567, accuracy: 5000 });
      expect(vague.statusCode).toBe(400);
      const inside = await punchAt('in', ist('2026-08-03', '09:00:00'), { latitude: 18.5212, longitude: 73.8569, accuracy: 30 });
      expect(inside.statusCode).toBe(200);
      expect(inside.json().record).toMatchObject({ punchMethod: 'web-site:Pune office', verified: true });
      const raw = await t.ctx.database.db.selectFrom('punches').select(['source', 'verified', 'verify_type']).where('user_id', '=', alice.id).execute();
      expect(raw).toEqual([{ source: 'web', verified: 1, verify_type: 'web-site:Pune office' }]);
    });

    it('refuses web punches for a person whose own rule turns them off, and follows the company again when cleared', async () => {
      expect((await put('/api/punch-policy', policy({ rule: { webAllowed: true, geofenceRequired: false, networkRequired: false } }))).statusCode).toBe(200);
      expect((await put(`/api/punch-policy/employees/${alice.id}`, { rule: { webAllowed: false, geofenceRequired: false, networkRequired: false } })).json()).toEqual({ msg: 'Punch rule of Alice Rao saved' });
      expect((await get('/api/punch-policy/employees')).json()).toEqual([{ userId: String(alice.id), employeeId: alice.employeeId, name: 'Alice Rao', rule: { webAllowed: false, geofenceRequired: false, networkRequired: false } }]);
      const off = await punchAt('in', ist('2026-08-03', '09:00:00'));
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ msg: 'Web punching is off for you: punch on the office device.' });
      expect((await put(`/api/punch-policy/employees/${alice.id}`, { rule: null })).statusCode).toBe(200);
      expect((await punchAt('in', ist('2026-08-03', '09:00:00'))).statusCode).toBe(200);
    });

    it("a person's own rule beats the company's both ways: a field worker punches from anywhere, an office worker must be at a site", async () => {
      const bob = await t.employee({ name: 'Bob Nair', joinedOn: '2026-01-05', salaryPaise: 2_600_000 });
      const anywhere = { webAllowed: true, geofenceRequired: false, networkRequired: false };
      const atSite = { webAllowed: true, geofenceRequired: true, networkRequired: false };
      // The company asks for a site; Alice is a field worker.
      expect((await put('/api/punch-policy', policy())).statusCode).toBe(200);
      expect((await get(`/api/punch-policy/employees/${alice.id}`)).json()).toEqual({ employeeId: alice.employeeId, name: 'Alice Rao', own: null, effective: atSite });
      expect((await put(`/api/punch-policy/employees/${alice.id}`, { rule: anywhere })).statusCode).toBe(200);
      expect((await get(`/api/punch-policy/employees/${alice.id}`)).json()).toEqual({ employeeId: alice.employeeId, name: 'Alice Rao', own: anywhere, effective: anywhere });
      expect((await get('/api/punch-policy/mine', alice.token)).json()).toEqual({ ...anywhere, allowBreaks: false });
      expect((await get('/api/punch-policy/mine', bob.token)).json()).toEqual({ ...atSite, allowBreaks: false });
      const field = await punchAt('in', ist('2026-08-03', '09:00:00'));
      expect(field.statusCode).toBe(200);
      expect(field.json().record).toMatchObject({ punchMethod: 'web', verified: false });
      const audit = await t.ctx.database.db.selectFrom('audit_log').select(['entity_id', 'before_json', 'after_json']).where('action', '=', 'employee.punch-rule-change').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.entity_id).toBe(alice.employeeId);
      expect(JSON.parse(audit[0]!.after_json!)).toEqual(anywhere);

      // The company lets anyone punch anywhere; Bob must be at the office.
      expect((await put('/api/punch-policy', policy({ rule: anywhere }))).statusCode).toBe(200);
      expect((await put(`/api/punch-policy/employees/${bob.id}`, { rule: atSite })).statusCode).toBe(200);
      const bobAt = (body?: object) => t.app.inject({ method: 'POST', url: '/api/attendance/punch-in', headers: auth(bob.token), ...(body ? { payload: body } : {}) });
      expect((await bobAt()).statusCode).toBe(400);
      const far = await bobAt({ latitude: 18.5411, longitude: 73.8567, accuracy: 20 });
      expect(far.json()).toEqual({ msg: 'You are 2.3 km from Pune office; punching is allowed within 200 m.' });
      expect((await bobAt({ latitude: 18.5212, longitude: 73.8569, accuracy: 30 })).json().record).toMatchObject({ punchMethod: 'web-site:Pune office', verified: true });
      const own = (await get('/api/punch-policy/employees')).json<{ name: string }[]>().map((r) => r.name).sort();
      expect(own).toEqual(['Alice Rao', 'Bob Nair']);

      // Admins only; an unknown person is a 404; a bad rule names its field.
      expect((await put(`/api/punch-policy/employees/${bob.id}`, { rule: anywhere }, alice.token)).statusCode).toBe(403);
      expect((await get(`/api/punch-policy/employees/${bob.id}`, alice.token)).statusCode).toBe(403);
      expect((await get('/api/punch-policy/employees/999999')).statusCode).toBe(404);
      const bad = await put(`/api/punch-policy/employees/${bob.id}`, { rule: { webAllowed: 'yes', geofenceRequired: false, networkRequired: false } });
      expect(bad.statusCode).toBe(400);
    });

    it('checks the office network on the address TRUST_PROXY gives, and refuses a bad range naming its row', async () => {
      const bad = await put('/api/punch-policy', policy({ rule: { webAllowed: true, geofenceRequired: false, networkRequired: true }, networks: [{ name: 'HQ', cidr: '203.0.113.0/24' }, { name: 'Bad', cidr: '999.1.1.1/8' }] }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ 'networks.1.cidr': '999.1.1.1/8 is not an address range like 203.0.113.0/24' });
      expect((await put('/api/punch-policy', policy({ rule: { webAllowed: true, geofenceRequired: false, networkRequired: true }, networks: [{ name: 'HQ', cidr: '203.0.113.0/24' }] }))).statusCode).toBe(200);
      const home = await punchAt('in', ist('2026-08-03', '09:00:00'), undefined, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(home.statusCode).toBe(403);
      expect(home.json()).toEqual({ msg: "Punch from the office network: this connection (198.51.100.7) is not one of the office's." });
      const office = await punchAt('in', ist('2026-08-03', '09:00:00'), undefined, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.40' } });
      expect(office.statusCode).toBe(200);
      expect(office.json().record).toMatchObject({ punchMethod: 'web-network', verified: true });
    });
  });
});
