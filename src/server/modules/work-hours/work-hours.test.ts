/**
 * Working hours on both engines: the company's shift and a person's own, each record's hours, late
 * arrival and early leaving on the attendance lists, the late-mark rule on the salary slip (xlsx and
 * PDF) and in the monthly register, which agree; and refusals of bad settings.
 */
import ExcelJS from 'exceljs';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import type { WorkHoursSettings } from '../../../shared/schemas/work-hours';
import { pdfText } from '../../test/pdf-text';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

// 2026-09-10 12:00 in Kolkata (UTC+5:30): August is over.
const NOW = new Date('2026-09-10T06:30:00.000Z');
const RULE_ON: WorkHoursSettings = {
  shift: { start: '09:30', end: '18:30', graceMinutes: 15 },
  lateMarkRule: { enabled: true, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 },
};

/** An instant from a Kolkata wall-clock time. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

describe.each(engines)('working hours on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice Rao', joinedOn: '2026-01-05', salaryPaise: 3_000_000 });
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const punch = (userId: number, date: string, inAt: string | null, outAt: string | null, status = 'P') =>
    db()
      .insertInto('attendance')
      .values({ user_id: userId, date, status, punch_in: inAt && ist(date, inAt), punch_out: outAt && ist(date, outAt) })
      .execute();
  const put = (url: string, payload: unknown, token = t.admin.token) => t.app.inject({ method: 'PUT', url, headers: auth(token), payload: payload as object });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const adminRecords = async (query: string) => (await get(`/api/attendance?${query}`)).json<AttendanceRecord[]>();

  it('answers the defaults, saves settings with an audit entry, and times each record on the lists', async () => {
    expect((await get('/api/work-hours')).json()).toEqual({ shift: { start: '09:30', end: '18:30', graceMinutes: 15 }, lateMarkRule: { enabled: false, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 } });
    const saved = await put('/api/work-hours', { ...RULE_ON, shift: { start: '09:00', end: '18:00', graceMinutes: 10 } });
    expect(saved.json()).toEqual({ msg: 'Working hours saved' });
    const audit = await db().selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('action', '=', 'work-hours.update').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!).shift.start).toBe('09:00');

    // Tuesday 1 September (a working day).
    await punch(alice.id, '2026-09-01', '09:10', '17:00'); // exactly at start + grace: not late; 60 minutes early
    await punch(alice.id, '2026-09-02', '09:11', '18:05'); // 11 minutes after start: late
    await punch(alice.id, '2026-09-03', '09:45', null); // missing punch-out: no hours, not early
    await punch(alice.id, '2026-09-06', '11:00', '12:00'); // a Sunday (weekly off): never late or early

    const byDate = new Map((await adminRecords('startDate=2026-09-01&endDate=2026-09-06')).map((r) => [r.date, r]));
    expect(byDate.get('2026-09-01')).toMatchObject({ hoursWorked: 7.83, lateMinutes: 0, earlyMinutes: 60 });
    expect(byDate.get('2026-09-02')).toMatchObject({ hoursWorked: 8.9, lateMinutes: 11, earlyMinutes: 0 });
    expect(byDate.get('2026-09-03')).toMatchObject({ hoursWorked: null, lateMinutes: 45, earlyMinutes: 0 });
    expect(byDate.get('2026-09-06')).toMatchObject({ dayOff: 'weekly-off', hoursWorked: 1, lateMinutes: 0, earlyMinutes: 0 });

    // The employee's own list carries the same figures.
    const own = (await get('/api/attendance/employee?startDate=2026-09-01&endDate=2026-09-03', alice.token)).json<AttendanceRecord[]>();
    expect(own.map((r) => [r.date, r.lateMinutes, r.earlyMinutes])).toEqual([
      ['2026-09-03', 45, 0],
      ['2026-09-02', 11, 0],
      ['2026-09-01', 0, 60],
    ]);
  });

  it("applies a person's own shift, overnight included, and goes back to the company's when cleared", async () => {
    await punch(alice.id, '2026-09-01', '22:20', null);
    await db().updateTable('attendance').set({ punch_out: ist('2026-09-02', '05:30') }).where('user_id', '=', alice.id).execute();
    const before = (await adminRecords('date=2026-09-01'))[0]!;
    // On the company's 09:30-18:30 she is 770 minutes late and not early (she left the next morning).
    expect(before).toMatchObject({ hoursWorked: 7.17, lateMinutes: 770, earlyMinutes: 0 });

    const set = await put(`/api/work-hours/employees/${alice.id}`, { shift: { start: '22:00', end: '06:00', graceMinutes: 20 } });
    expect(set.json()).toEqual({ msg: 'Working hours of Alice Rao saved' });
    expect((await get(`/api/work-hours/employees/${alice.id}`)).json()).toEqual({
      employeeId: alice.employeeId,
      name: 'Alice Rao',
      own: { start: '22:00', end: '06:00', graceMinutes: 20 },
      effective: { start: '22:00', end: '06:00', graceMinutes: 20 },
    });
    // 22:20 is exactly start + grace; the shift ends at 06:00 the next day, so 05:30 is 30 minutes early.
    expect((await adminRecords('date=2026-09-01'))[0]).toMatchObject({ lateMinutes: 0, earlyMinutes: 30 });

    expect((await put(`/api/work-hours/employees/${alice.id}`, { shift: null })).json()).toEqual({ msg: "Alice Rao now keeps the company's working hours" });
    expect((await adminRecords('date=2026-09-01'))[0]).toMatchObject({ lateMinutes: 770 });
    const audit = await db().selectFrom('audit_log').select(['before_json', 'after_json']).where('action', '=', 'employee.shift-change').orderBy('id').execute();
    expect(audit.map((a) => [a.before_json, a.after_json])).toEqual([
      ['null', JSON.stringify({ start: '22:00', end: '06:00', graceMinutes: 20 })],
      [JSON.stringify({ start: '22:00', end: '06:00', graceMinutes: 20 }), 'null'],
    ]);
  });

  it('refuses bad settings with 400 {msg}, and non-admins with 403', async () => {
    const bad: [unknown, RegExp][] = [
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, start: '9:30' } }, /start must be a time written HH:MM/],
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, end: '24:00' } }, /end must be a time written HH:MM/],
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, end: '09:30' } }, /end must differ from start/],
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, graceMinutes: 121 } }, /graceMinutes must be from 0 to 120/],
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, graceMinutes: -1 } }, /graceMinutes must be from 0 to 120/],
      [{ ...RULE_ON, shift: { ...RULE_ON.shift, graceMinutes: '15' } }, /graceMinutes must be a number/],
      [{ ...RULE_ON, lateMarkRule: { ...RULE_ON.lateMarkRule, daysPerStep: 0.3 } }, /daysPerStep/],
      [{ ...RULE_ON, lateMarkRule: { ...RULE_ON.lateMarkRule, marksPerStep: 0 } }, /marksPerStep must be from 1 to 31/],
      [{ ...RULE_ON, extra: 1 }, /extra/],
      [{ shift: RULE_ON.shift }, /lateMarkRule/],
    ];
    // A shift that ends as it starts names its end, so the form marks that field.
    expect((await put('/api/work-hours', { ...RULE_ON, shift: { ...RULE_ON.shift, end: '09:30' } })).json().fieldErrors).toHaveProperty(['shift.end']);
    for (const [payload, msg] of bad) {
      const res = await put('/api/work-hours', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    const own = await put(`/api/work-hours/employees/${alice.id}`, { shift: { start: '25:00', end: '06:00', graceMinutes: 5 } });
    expect(own.statusCode).toBe(400);
    expect(own.json().msg).toMatch(/start must be a time/);
    expect((await put('/api/work-hours/employees/999999', { shift: null })).statusCode).toBe(404);
    expect((await put('/api/work-hours', RULE_ON, alice.token)).statusCode).toBe(403);
    expect((await get(`/api/work-hours/employees/${alice.id}`, alice.token)).statusCode).toBe(403);
    expect((await get('/api/work-hours', alice.token)).statusCode).toBe(200);
    // Nothing was stored by the refusals.
    expect(await db().selectFrom('company_settings').select('key').where('key', '=', 'work-hours').execute()).toEqual([]);
  });

  describe('the late-mark rule: 5 late marks, 2 free, every 3 more = ½ day', () => {
    // August 2026: Sundays off (the default rule), 26 working days.
    async function fiveLateMarks(punchIn = '09:50') {
      const late = ['2026-08-03', '2026-08-04', '2026-08-05', '2026-08-06', '2026-08-07'];
      for (const date of late) await punch(alice.id, date, punchIn, '18:30');
      // On time, at the grace's edge, and a late punch-in on a Sunday: none is a mark.
      await punch(alice.id, '2026-08-10', '09:30', '18:30');
      await punch(alice.id, '2026-08-11', '09:45', '18:30');
      await punch(alice.id, '2026-08-09', '10:30', '12:30');
      // Present on every other working day, so the only loss of pay is the late marks'.
      for (let day = 12; day <= 31; day += 1) {
        const date = `2026-08-${String(day).padStart(2, '0')}`;
        if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) await punch(alice.id, date, '09:25', '18:40');
      }
      for (const date of ['2026-08-01', '2026-08-08']) await punch(alice.id, date, '09:20', '18:40');
    }
    const registerRow = async () => (await get('/api/attendance/register?month=2026-08')).json<RegisterPage>().rows.find((r) => r.employeeId === alice.employeeId)!;

    it('costs nothing while the rule is off, but the marks are counted', async () => {
      await fiveLateMarks();
      const row = await registerRow();
      expect(row.totals).toMatchObject({ lateMarks: 5, lateMarkLop: 0, lop: 0, paidDays: 26 });
    });

    it('costs no more than the time lost (Code on Wages s.20): 5 marks of 20 minutes are 0.19 day, not the rule\'s ½', async () => {
      await fiveLateMarks();
      expect((await put('/api/work-hours', RULE_ON)).statusCode).toBe(200);
      // 100 minutes of a 540-minute shift: 0.185 day; ₹30,000 × (26 − 100/540) ÷ 26 = 29,786.32.
      const row = await registerRow();
      expect(row.totals).toMatchObject({ lateMarks: 5, lateMarkLop: 0.19, lop: 0.19, paidDays: 25.81 });
      const slip = await get(`/api/salary/slip/${alice.employeeId}/2026-08`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(slip.rawPayload as unknown as ArrayBuffer);
      const cells = new Map<string, unknown>();
      const ws = wb.worksheets[0]!;
      ws.eachRow((r) => r.eachCell((c) => cells.set(String(c.value), ws.getCell(c.row, Number(c.col) + 1).value)));
      expect(cells.get('Late Marks')).toBe('5 (0.19 day LOP)');
      expect(cells.get('Total Earnings')).toBe(29_786);
      expect(cells.has('Late marks: loss of pay limited to the 100 minutes actually lost (Code on Wages s.20).')).toBe(true);
    });

    it('is ½ day of loss of pay on the slip (xlsx and PDF) and in the register, which agree, when more time was lost', async () => {
      // 5 marks of 2 hours: 600 minutes, more than the rule's ½ day (270).
      await fiveLateMarks('11:30');
      expect((await put('/api/work-hours', RULE_ON)).statusCode).toBe(200);

      const row = await registerRow();
      expect(row.totals).toMatchObject({ lateMarks: 5, lateMarkLop: 0.5, lop: 0.5, paidDays: 25.5 });

      const xlsx = await get(`/api/salary/slip/${alice.employeeId}/2026-08`);
      expect(xlsx.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const cells = new Map<string, unknown>();
      ws.eachRow((r) => r.eachCell((c) => cells.set(String(c.value), ws.getCell(c.row, Number(c.col) + 1).value)));
      expect(cells.get('LOP Days')).toBe(row.totals.lop);
      expect(cells.get('Paid Days')).toBe(row.totals.paidDays);
      expect(cells.get('Late Marks')).toBe('5 (½ day LOP)');

      const pdf = await get(`/api/salary/slip/${alice.employeeId}/2026-08?format=pdf`);
      expect(pdf.statusCode).toBe(200);
      const { text } = await pdfText(pdf.rawPayload);
      expect(text).toContain('Late Marks');
      expect(text).toContain('5 (½ day LOP)');

      // ₹30,000 for 25.5 of 26 working days: earned gross 29,423.
      const register = await get('/api/salary/register/2026-08');
      expect(register.statusCode).toBe(200);
      expect(JSON.stringify(register.json())).toContain('"lopDays":0.5');
    });

    it('leaves a person with their own shift to it: the same punches are on time for a 10:00 start', async () => {
      await fiveLateMarks();
      await put('/api/work-hours', RULE_ON);
      await put(`/api/work-hours/employees/${alice.id}`, { shift: { start: '10:00', end: '19:00', graceMinutes: 0 } });
      // Only the 10:30 punch-in on a Sunday was after 10:00, and Sundays expect nobody.
      expect((await registerRow()).totals).toMatchObject({ lateMarks: 0, lop: 0 });
    });
  });
});
