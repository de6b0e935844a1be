/**
 * The ESI sheet and the ECR through the real app on each engine, across approved months:
 * - Ravi Kumar, ₹20,000 in April 2026 (approved), raised to ₹22,000 before August: covered to the
 *   end of the April–September period, so August's sheet lists him with 31 days and ₹22,000
 *   (0.75% = 165, 3.25% = 715) and the register says why; October starts a new period above the
 *   ₹21,000 limit, so October's sheet lists him with 0 days, ₹0 and reason 4 (out of coverage).
 * - Meera Iyer, ₹45,000 with an IP number from an earlier employer, never covered here: not on
 *   October's sheet, as she was not covered in September either.
 * - Lata Menon, ₹18,000, no attendance at all in October (27 working days, 31 days): the ECR's NCP
 *   days are 31 and the ESI sheet has 0 days, ₹0 and reason 1 (on leave).
 * - A state without a professional tax table (Kerala) blocks approval with a 409 naming it.
 */
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, type TestApp } from '../../../test/test-app';
import { approveQuietly, seedAttendance, TEST_NOW } from '../../../test/salary-test-helpers';

describe.each(engines)('ESI contribution periods and NCP days on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const file = (month: string, kind: string) => t.app.inject({ method: 'GET', url: `/api/salary/files/${month}/${kind}`, headers: auth(t.admin.token) });
  async function esiRows(month: string): Promise<unknown[][]> {
    const res = await file(month, 'esi');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }
  const setDetails = (id: number, name: string, email: string, statutory: object) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(t.admin.token), payload: { name, email, statutory } });

  it('keeps ESI to the period\'s end, reports reason 4 in October, and a month without pay as 31 NCP days and reason 1', async () => {
    const ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 20_000_00 });
    expect((await setDetails(ravi.id, 'Ravi Kumar', 'ravi@test.local', { stateOfWork: 'KA', uan: '100427607286', esiNumber: '3112345678' })).statusCode).toBe(200);
    const lata = await t.employee({ name: 'Lata Menon', email: 'lata@test.local', salaryPaise: 18_000_00 });
    expect((await setDetails(lata.id, 'Lata Menon', 'lata@test.local', { stateOfWork: 'KA', uan: '100000000002', esiNumber: '1000000002' })).statusCode).toBe(200);
    const meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: 45_000_00 });
    expect((await setDetails(meera.id, 'Meera Iyer', 'meera@test.local', { stateOfWork: 'KA', uan: '100257274743', esiNumber: '2000000003' })).statusCode).toBe(200);
    for (const month of ['2026-04', '2026-08', '2026-09', '2026-10']) await seedAttendance(t, ravi.id, month);
    for (const month of ['2026-04', '2026-08', '2026-09']) await seedAttendance(t, lata.id, month);
    for (const month of ['2026-04', '2026-08', '2026-09', '2026-10']) await seedAttendance(t, meera.id, month);

    await approveQuietly(t, '2026-04');
    await t.ctx.database.db.updateTable('employees').set({ salary_paise: 22_000_00 }).where('user_id', '=', ravi.id).execute();

    // August: the register says why Ravi is still covered, and the sheet lists him.
    const register = (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-08', headers: auth(t.admin.token) })).json();
    const raviRow = register.rows.find((r: { employeeId: string }) => r.employeeId === ravi.employeeId);
    expect(raviRow).toMatchObject({ deductions: { esi: 165 }, employer: { esi: 715 }, esiCoverage: 'Covered to period end: ₹20,000 in April 2026' });
    expect(register.rows.find((r: { employeeId: string }) => r.employeeId === meera.employeeId).esiCoverage).toBe('Not covered (> ₹21,000)');
    expect(register.warnings).toContainEqual(expect.objectContaining({ employeeId: ravi.employeeId, kind: 'esi', text: 'Ravi Kumar: ESI covered to period end: ₹20,000 in April 2026 (ESI (Central) Rules r.50)' }));
    await approveQuietly(t, '2026-08');
    expect(await esiRows('2026-08')).toEqual([
      ['3112345678', 'Ravi Kumar', 31, 22_000],
      ['1000000002', 'Lata Menon', 31, 18_000],
    ]);

    // October: a new period at ₹22,000; Lata has no attendance at all; Meera was not covered in September.
    await approveQuietly(t, '2026-09');
    await approveQuietly(t, '2026-10');
    expect(await esiRows('2026-10')).toEqual([
      ['3112345678', 'Ravi Kumar', 0, 0, 4],
      ['1000000002', 'Lata Menon', 0, 0, 1],
    ]);
    const ecr = await file('2026-10', 'ecr');
    expect(ecr.body).toContain('100000000002#~#Lata Menon#~#0#~#0#~#0#~#0#~#0#~#0#~#0#~#31#~#0\r\n');
    // Ravi worked every day: no NCP day.
    expect(ecr.body).toMatch(/^100427607286#~#Ravi Kumar#~#22000#~#.*#~#0#~#0\r\n/);
  });

  it('refuses to approve a month with a state that has no professional tax table, naming it', async () => {
    const anu = await t.employee({ name: 'Anu Thomas', email: 'anu@test.local', salaryPaise: 40_000_00 });
    expect((await setDetails(anu.id, 'Anu Thomas', 'anu@test.local', { stateOfWork: 'KL' })).statusCode).toBe(200);
    await seedAttendance(t, anu.id, '2026-10');
    const register = (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json();
    expect(register.warnings).toContainEqual(expect.objectContaining({ employeeId: anu.employeeId, kind: 'no-pt-table', blocking: true, text: expect.stringContaining('Kerala (KL)') }));
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/approve', headers: auth(t.admin.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      "October 2026 cannot be approved: no professional tax table for Kerala (KL) in October 2026 (1 employee). Add the state's professional tax table, or correct the employees' state of work",
    );
    // Corrected to a state without professional tax, the month is approved.
    expect((await setDetails(anu.id, 'Anu Thomas', 'anu@test.local', { stateOfWork: 'DL' })).statusCode).toBe(200);
    await approveQuietly(t, '2026-10');
  });
});
