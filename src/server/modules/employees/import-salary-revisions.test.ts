/**
 * A changed salary in an update import is a salary revision, as on Edit Employee. Today is
 * 5 December 2026; August to October 2026 are approved at ₹22,000. The worked figures are those of
 * salary/salary-revisions.test.ts: a raise to ₹26,400 from 1 August owes 4,400 a month for August,
 * September and October, 13,200 in all, paid on the November slip; October itself stays at ₹22,000.
 */
import { approveQuietly, seedAttendance } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { csvFile } from '../../test/multipart';

const NOW = new Date('2026-12-05T06:30:00Z');

describe.each(engines)('salary revisions from the employee import on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 22_000_00, joinedOn: '2025-04-01' });
    const setUp = await t.app.inject({
      method: 'PUT',
      url: `/api/employee/edit/${asha.id}`,
      headers: auth(t.admin.token),
      payload: { name: 'Asha Rao', email: asha.email, statutory: { stateOfWork: 'KA', uan: '100427607286', bankAccount: '001234567890', ifsc: 'SBIN0001234' } },
    });
    expect(setUp.statusCode).toBe(200);
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });
  function upload(csv: string, query: string) {
    const file = csvFile(csv, 'raises.csv');
    return t.app.inject({ method: 'POST', url: `/api/employee/upload${query}`, headers: { ...auth(t.admin.token), ...file.headers }, payload: file.payload });
  }
  const history = async () => (await get(`/api/salary/history/${asha.id}`)).json();
  const rowOf = async (month: string) => (await get(`/api/salary/register/${month}`)).json().rows.find((r: { employeeId: string }) => r.employeeId === asha.employeeId);

  it('a raise dated inside approved months: a dry run writes nothing, the import pays arrears and keeps the approved months', async () => {
    for (const m of ['2026-08', '2026-09', '2026-10', '2026-11']) await seedAttendance(t, asha.id, m);
    for (const m of ['2026-08', '2026-09', '2026-10']) await approveQuietly(t, m);
    const csv = `employeeId,salary,salaryEffectiveFrom\n${asha.employeeId},"26,400",01/08/2026\n`;

    const dry = await upload(csv, '?mode=update&dryRun=true');
    expect(dry.json()).toMatchObject({ dryRun: true, counts: { updated: 1, failed: 0 }, rows: [{ row: 2, employeeId: asha.employeeId, result: 'updated' }] });
    expect(await history()).toMatchObject({ salary: 22_000, revisions: [], arrears: [] });
    expect((await t.ctx.database.db.selectFrom('payroll_arrears').select('id').execute()).length).toBe(0);

    const real = await upload(csv, '?mode=update');
    expect(real.json()).toMatchObject({ dryRun: false, counts: { updated: 1, failed: 0 } });
    const after = await history();
    expect(after.salary).toBe(26_400);
    expect(after.revisions.map((r: { effectiveFrom: string; salary: number; appliesFrom: string | null; reason: string }) => [r.effectiveFrom, r.salary, r.appliesFrom, r.reason])).toEqual([
      ['2026-08-01', 26_400, '2026-11', 'Salary changed by the import of raises.csv'],
      ['2025-04-01', 22_000, null, 'Salary before the first recorded revision'],
    ]);
    expect(after.arrears.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(13_200);
    expect(after.arrears.every((l: { payMonth: string }) => l.payMonth === '2026-11')).toBe(true);
    // October keeps what it was approved with; November pays the new salary and the arrears.
    expect(await rowOf('2026-10')).toMatchObject({ monthlyGross: 22_000, earnedGross: 22_000 });
    expect(await rowOf('2026-11')).toMatchObject({ monthlyGross: 26_400, arrears: 13_200, earnedGross: 39_600, deductions: { pf: 2_376 } });

    // The same file again changes nothing: the salary is already 26,400.
    expect((await upload(csv, '?mode=update')).json().rows).toEqual([{ row: 2, employeeId: asha.employeeId, result: 'unchanged' }]);
    expect((await history()).revisions).toHaveLength(2);
  });

  it('without a day, the raise takes effect from the first day of the earliest month not yet approved', async () => {
    for (const m of ['2026-10', '2026-11']) await seedAttendance(t, asha.id, m);
    await approveQuietly(t, '2026-10');
    const res = await upload(`employeeId,salary\n${asha.employeeId},25000\n`, '?mode=upsert');
    expect(res.json().counts).toMatchObject({ updated: 1, failed: 0 });
    const after = await history();
    expect(after.revisions[0]).toMatchObject({ effectiveFrom: '2026-11-01', salary: 25_000, appliesFrom: null });
    expect(after.arrears).toEqual([]);
    expect(await rowOf('2026-11')).toMatchObject({ monthlyGross: 25_000, earnedGross: 25_000 });
  });

  it('refuses a day after today, before joining or unreadable, naming salaryEffectiveFrom, and writes nothing of that row', async () => {
    const csv =
      'employeeId,salary,salaryEffectiveFrom,position\n' +
      `${asha.employeeId},30000,20/12/2026,Lead\n` + // row 2: after today
      `${asha.employeeId.toLowerCase()},30000,01-Jan-2025,Lead\n` + // row 3: before joining (and the same person twice)
      `${asha.employeeId},30000,31/02/2026,Lead\n`; // row 4: no such day
    const res = await upload(csv, '?mode=update');
    const rows = res.json().rows as { row: number; result: string; error?: string }[];
    expect(rows.find((r) => r.row === 2)).toMatchObject({ result: 'failed', error: expect.stringContaining('salaryEffectiveFrom 2026-12-20 is after today') });
    expect(rows.find((r) => r.row === 3)).toMatchObject({ result: 'failed' });
    expect(rows.find((r) => r.row === 4)).toMatchObject({ result: 'failed', error: expect.stringMatching(/^salaryEffectiveFrom: "31\/02\/2026" is not a real calendar date/) });

    const early = await upload(`employeeId,salary,salaryEffectiveFrom\n${asha.employeeId},30000,01-Jan-2025\n`, '?mode=update');
    expect(early.json().rows).toEqual([expect.objectContaining({ result: 'failed', error: 'salaryEffectiveFrom 2025-01-01 is before the joining date 2025-04-01' })]);

    const me = (await get(`/api/employee/${asha.id}`)).json();
    expect(me).toMatchObject({ salary: 22_000, position: 'Engineer' });
    expect(await history()).toMatchObject({ revisions: [], arrears: [] });
  });

  it('all or nothing: a refused day leaves every row as it was', async () => {
    const ravi = await t.employee({ name: 'Ravi', email: 'ravi@test.local', salaryPaise: 18_000_00, joinedOn: '2025-04-01' });
    const csv = `employeeId,salary,salaryEffectiveFrom\n${ravi.employeeId},19000,\n${asha.employeeId},30000,20/12/2026\n`;
    const res = await upload(csv, '?mode=update&atomic=true');
    expect(res.json()).toMatchObject({ dryRun: false, counts: { updated: 0, failed: 1 } });
    expect((await get(`/api/employee/${ravi.id}`)).json().salary).toBe(18_000);
    expect((await get(`/api/salary/history/${ravi.id}`)).json().revisions).toEqual([]);
  });

  it('the template lists salaryEffectiveFrom and says what it takes', async () => {
    const csv = await get('/api/employee/upload/template?format=csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^employeeId,name,email,position,salary,salaryEffectiveFrom,joiningDate,/);
  });
});
