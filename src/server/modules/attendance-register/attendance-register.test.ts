/**
 * The monthly attendance register: codes per day on the company's calendar, totals, search, pages,
 * the CSV and .xlsx downloads, refusals; and that its loss-of-pay days are the salary slip's.
 */
import ExcelJS from 'exceljs';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import { seededRandom } from '../../../shared/seeded-random';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { createSalaryRepository } from '../salary';
import { computeSlip } from '../salary';
import { REGISTER_MSG } from './register-messages';

// 2026-09-10 in Kolkata: August is over, September runs to the 9th.
const NOW = new Date('2026-09-10T06:30:00.000Z');
const TODAY = '2026-09-10';

describe.each(engines)('attendance register on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  let bob: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice Rao', joinedOn: '2026-01-05' });
    bob = await t.employee({ name: 'Bob Das', joinedOn: '2026-08-12' });
    // Sundays and the 2nd and 4th Saturdays off; Friday 14 August a holiday.
    const settings = await t.app.inject({ method: 'PUT', url: '/api/leave-settings', headers: auth(t.admin.token), payload: { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [2, 4] } } });
    expect(settings.statusCode).toBe(200);
    const holiday = await t.app.inject({ method: 'POST', url: '/api/holidays', headers: auth(t.admin.token), payload: { date: '2026-08-14', name: 'Eve of Independence Day' } });
    expect(holiday.statusCode).toBe(201);
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const mark = (userId: number, date: string, status: string) =>
    db().insertInto('attendance').values({ user_id: userId, date, status, punch_in: null, punch_out: null }).execute();
  const casualId = async () => (await db().selectFrom('leave_types').select('id').where('name', '=', 'Casual').executeTakeFirstOrThrow()).id;
  const approve = async (userId: number, start: string, end: string, typeId: number | null, dayPart: 'first-half' | null = null) =>
    db()
      .insertInto('leaves')
      .values({ user_id: userId, start_date: start, end_date: end, reason: 'Family', status: 'approved', decided_by: t.admin.id, decided_at: `${start}T00:00:00.000Z`, created_at: `${start}T00:00:00.000Z`, leave_type_id: typeId, day_part: dayPart, days: null })
      .execute();
  const page = async (query: string, token = t.admin.token) => t.app.inject({ method: 'GET', url: `/api/attendance/register?${query}`, headers: auth(token) });
  const rowOf = (body: RegisterPage, employeeId: string) => body.rows.find((r) => r.employeeId === employeeId)!;
  const codeOn = (body: RegisterPage, employeeId: string, day: number) => rowOf(body, employeeId).codes[day - 1];

  /** The slip's LOP dates and paid days, through the server's own path (salary repository + computeSlip). */
  async function slipDays(userId: number, month: string) {
    const repo = createSalaryRepository(db(), t.ctx.database.dialect);
    const employee = (await repo.findEmployee({ userId }))!;
    const days = (await repo.loadMonthDays([userId], month)).get(userId)!;
    const slip = computeSlip(DEFAULT_PAYROLL_POLICY, employee, days, month, TODAY);
    return { lopDates: slip.lopDates, paid: slip.days.paid, lop: slip.days.lop };
  }

  it('codes every day on the company calendar and totals the row', async () => {
    const casual = await casualId();
    await mark(alice.id, '2026-08-03', 'P');
    await mark(alice.id, '2026-08-04', 'H');
    await mark(alice.id, '2026-08-05', 'A');
    // 6 August: no record at all. 7-10 August: Casual leave over the 2nd Saturday and a Sunday.
    await approve(alice.id, '2026-08-07', '2026-08-10', casual);
    await approve(alice.id, '2026-08-12', '2026-08-12', casual, 'first-half');
    await mark(alice.id, '2026-08-13', 'P');
    await mark(bob.id, '2026-08-12', 'P');
    // A request from before leave types has no type: the default (Casual).
    await approve(bob.id, '2026-08-13', '2026-08-13', null);

    const res = await page('month=2026-08');
    expect(res.statusCode).toBe(200);
    const body = res.json<RegisterPage>();
    expect(body).toMatchObject({ month: '2026-08', monthLabel: 'August 2026', today: TODAY, total: 2, offset: 0 });
    expect(body.days).toHaveLength(31);
    expect(body.days[13]).toEqual({ date: '2026-08-14', weekday: 5, kind: 'holiday' });
    expect(body.days[7]!.kind).toBe('weekly-off');
    expect(body.days[0]!.kind).toBe('working'); // the 1st Saturday is worked
    expect(body.leaveTypes.map((l) => l.code).slice(0, 3)).toEqual(['CL', 'SL', 'EL']);

    const a = alice.employeeId;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((d) => codeOn(body, a, d))).toEqual(
      ['A', 'WO', 'P', 'HD', 'A', 'A', 'L-CL', 'WO', 'WO', 'L-CL', 'A', 'HL-CL', 'P', 'H', 'A', 'WO'],
    );
    const aliceRow = rowOf(body, a);
    // Working days: 31 - 5 Sundays - 2 Saturdays = 24; paid = 24 - LOP; the half day (HD) is paid as half a day: ½ LOP.
    expect(aliceRow.totals).toEqual({ present: 2, halfDays: 1, leave: { CL: 2.5 }, lop: 17.5, lateMarks: 0, lateMarkLop: 0, holidays: 1, weeklyOffs: 7, paidDays: 6.5 });
    const b = bob.employeeId;
    expect(rowOf(body, b).codes.slice(0, 13)).toEqual([...Array(11).fill('–'), 'P', 'L-CL']);
    expect(rowOf(body, b).codes[13]).toBe('H');

    // The slip of each agrees: its LOP dates are the register's A days.
    for (const [e, id] of [[alice, a], [bob, b]] as const) {
      const slip = await slipDays(e.id, '2026-08');
      const row = rowOf(body, id);
      expect(row.codes.flatMap((c, i) => (c === 'A' ? [`2026-08-${String(i + 1).padStart(2, '0')}`] : []))).toEqual(slip.lopDates);
      expect(row.totals.lop).toBe(slip.lop);
      expect(row.totals.lop).toBe(slip.lopDates.length + row.totals.halfDays / 2);
      expect(row.totals.paidDays).toBe(slip.paid);
    }
  });

  it('the slip and the register agree on loss of pay for many employees with random months', async () => {
    const casual = await casualId();
    const unpaid = (await db().selectFrom('leave_types').select('id').where('name', '=', 'Leave Without Pay').executeTakeFirstOrThrow()).id;
    const random = seededRandom(14);
    const people: TestEmployee[] = [alice, bob];
    for (let i = 0; i < 12; i++) people.push(await t.employee({ name: `Person ${i}`, joinedOn: `2026-0${7 + Math.floor(random() * 2)}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` }));
    const rows: { user_id: number; date: string; status: string; punch_in: null; punch_out: null }[] = [];
    for (const p of people) {
      for (let d = 1; d <= 30; d++) {
        const date = `2026-09-${String(d).padStart(2, '0')}`;
        const r = random();
        if (r < 0.6) rows.push({ user_id: p.id, date, status: r < 0.5 ? 'P' : r < 0.55 ? 'H' : 'A', punch_in: null, punch_out: null });
      }
      for (let d = 1; d <= 31; d++) {
        const date = `2026-08-${String(d).padStart(2, '0')}`;
        const r = random();
        if (r < 0.7) rows.push({ user_id: p.id, date, status: r < 0.6 ? 'P' : r < 0.65 ? 'H' : 'A', punch_in: null, punch_out: null });
      }
      if (random() < 0.5) await approve(p.id, '2026-08-27', '2026-09-02', casual);
      // Leave Without Pay: shown as L-LWP, and loss of pay on the slip and in the row's total.
      if (random() < 0.5) await approve(p.id, '2026-08-17', '2026-08-19', unpaid);
    }
    await db().insertInto('attendance').values(rows).execute();

    for (const month of ['2026-08', '2026-09']) {
      const body = (await page(`month=${month}&limit=5`)).json<RegisterPage>();
      expect(body.total).toBe(people.length);
      const all = [...body.rows];
      for (let offset = 5; offset < body.total; offset += 5) all.push(...(await page(`month=${month}&limit=5&offset=${offset}`)).json<RegisterPage>().rows);
      expect(all.map((r) => r.employeeId)).toEqual(people.map((p) => p.employeeId).sort());
      let lop = 0;
      let unpaidDays = 0;
      for (const p of people) {
        const row = all.find((r) => r.employeeId === p.employeeId)!;
        const slip = await slipDays(p.id, month);
        const lopCode = (c: string) => c === 'A' || c === 'L-LWP';
        expect(row.codes.flatMap((c, i) => (lopCode(c) ? [`${month}-${String(i + 1).padStart(2, '0')}`] : []))).toEqual(slip.lopDates);
        // The slip's LOP: its whole days and ½ for each half day on a working day (paid as half by default).
        expect(row.totals.lop).toBe(slip.lop);
        unpaidDays += row.codes.filter((c) => c === 'L-LWP').length;
        expect(row.totals.paidDays).toBe(slip.paid);
        lop += slip.lopDates.length;
      }
      expect(lop).toBeGreaterThan(0);
      if (month === '2026-08') expect(unpaidDays).toBeGreaterThan(0);
    }
    // September is the current month: from today on nothing is over yet.
    const september = (await page('month=2026-09')).json<RegisterPage>();
    for (const row of september.rows) {
      row.codes.slice(9).forEach((code, i) => {
        const kind = september.days[9 + i]!.kind;
        if (code !== 'P' && code !== 'HD') expect(code).toBe(kind === 'working' ? (code.startsWith('L-') ? code : '') : kind === 'holiday' ? 'H' : 'WO');
      });
    }
  });

  it('searches by name, email or employee ID in any case, and pages', async () => {
    expect((await page('month=2026-08&q=ALICE')).json<RegisterPage>().rows.map((r) => r.employeeId)).toEqual([alice.employeeId]);
    expect((await page(`month=2026-08&q=${bob.employeeId.toLowerCase()}`)).json<RegisterPage>().rows.map((r) => r.name)).toEqual(['Bob Das']);
    expect((await page('month=2026-08&q=%25')).json<RegisterPage>().total).toBe(0);
    const second = (await page('month=2026-08&limit=1&offset=1')).json<RegisterPage>();
    expect(second).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(second.rows).toHaveLength(1);
    // Bob had not joined by the end of July.
    expect((await page('month=2026-07')).json<RegisterPage>().rows.map((r) => r.employeeId)).toEqual([alice.employeeId]);
  });

  it('refuses a bad or future month, bad paging and employees with a {msg}', async () => {
    for (const query of ['month=2026-13', 'month=August', '', 'month=2026-08&limit=501', 'month=2026-08&offset=-1', 'month=2026-08&limit=x']) {
      const res = await page(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: expect.any(String) });
    }
    expect((await page('month=2026-13')).json()).toEqual({ msg: 'querystring month must be a month written YYYY-MM, such as 2026-10' });
    expect((await page('month=2026-10')).json()).toEqual({ msg: REGISTER_MSG.futureMonth('October 2026') });
    expect((await page('month=2026-08', alice.token)).statusCode).toBe(403);
    const download = await t.app.inject({ method: 'GET', url: '/api/attendance/register/download?month=2026-08&format=pdf', headers: auth(t.admin.token) });
    expect(download.statusCode).toBe(400);
    expect(download.json()).toEqual({ msg: expect.any(String) });
    const future = await t.app.inject({ method: 'GET', url: '/api/attendance/register/download?month=2027-01', headers: auth(t.admin.token) });
    expect(future.json()).toEqual({ msg: REGISTER_MSG.futureMonth('January 2027') });
  });

  it('downloads CSV and .xlsx with the same cells, formulas escaped', async () => {
    await db().updateTable('users').set({ name: '=HYPERLINK("http://x","y")' }).where('id', '=', bob.id).execute();
    await mark(alice.id, '2026-08-03', 'P');
    const csv = await t.app.inject({ method: 'GET', url: '/api/attendance/register/download?month=2026-08&format=csv', headers: auth(t.admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="attendance_register_2026-08.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    const types = (await page('month=2026-08')).json<RegisterPage>().leaveTypes.map((l) => `Leave ${l.code}`);
    const header = ['Employee ID', 'Name', 'Email', ...Array.from({ length: 31 }, (_, i) => `${i + 1} ${['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'][i % 7]}`), 'Present', 'Half days', ...types, 'Late marks', 'Overtime (hours)', 'Loss of pay', 'Holidays', 'Weekly offs', 'Paid days'];
    expect(lines[0]).toBe(header.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${alice.employeeId},Alice Rao,${alice.email},A,WO,P,A,`));
    expect(lines[2]).toContain(`${bob.employeeId},"'=HYPERLINK(""http://x"",""y"")"`);

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/attendance/register/download?month=2026-08&format=xlsx&q=alice', headers: auth(t.admin.token) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="attendance_register_2026-08.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.getWorksheet('Register 2026-08')!;
    expect(ws.rowCount).toBe(2);
    const values = (ws.getRow(2).values as unknown[]).slice(1);
    expect(values.slice(0, 6)).toEqual([alice.employeeId, 'Alice Rao', alice.email, 'A', 'WO', 'P']);
    expect(values.slice(34)).toEqual([1, 0, ...types.map(() => 0), 0, 0, 22, 1, 7, 2]);
    expect(wb.getWorksheet('Legend')!.getRow(2).values).toEqual([undefined, 'P', 'Present']);
  });
});
