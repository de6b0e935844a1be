/**
 * The payroll register preview on each engine: one row per active employee who had joined by the
 * month's end, with the figures of their slip; totals that add up; warnings for missing PAN or bank
 * details, LOP and joiners; the current and future months refused. Figures as in worked-examples.test.ts.
 */
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { REGISTER_COLUMNS } from './register-workbook';
import { XLSX_CONTENT_TYPE } from './slip-workbook';
import { seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';

describe.each(engines)('payroll register on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const register = (month: string, token = t.admin.token) => t.app.inject({ method: 'GET', url: `/api/salary/register/${month}`, headers: auth(token) });
  const setDetails = (id: number, name: string, email: string, statutory: object) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(t.admin.token), payload: { name, email, statutory } });

  it('lists each employee with the slip figures, adds them up, and warns about what needs a look', async () => {
    // ₹18,000 in Karnataka with full details: ESI applies.
    const kavya = await t.employee({ name: 'Kavya Nair', email: 'kavya@test.local', salaryPaise: 18_000_00 });
    await setDetails(kavya.id, 'Kavya Nair', 'kavya@test.local', { stateOfWork: 'KA', pan: 'ABCDE1234F', bankAccount: '123456789012', ifsc: 'SBIN0001234' });
    await seedAttendance(t, kavya.id, '2026-10');
    // ₹45,000 in Maharashtra, no PAN or bank details, two days absent.
    const meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: 45_000_00 });
    await setDetails(meera.id, 'Meera Iyer', 'meera@test.local', { stateOfWork: 'MH', gender: 'female' });
    await seedAttendance(t, meera.id, '2026-10', { except: ['2026-10-06', '2026-10-07'] });
    // Joined on 15 October; not yet joined by October's end: not listed; deactivated: not listed.
    const arjun = await t.employee({ name: 'Arjun Das', email: 'arjun@test.local', salaryPaise: 60_000_00, joinedOn: '2026-10-15' });
    await seedAttendance(t, arjun.id, '2026-10');
    await t.employee({ name: 'Later', email: 'later@test.local', joinedOn: '2026-11-02' });
    const gone = await t.employee({ name: 'Gone', email: 'gone@test.local' });
    await t.app.inject({ method: 'DELETE', url: `/api/employee/${gone.id}`, headers: auth(t.admin.token) });

    const res = await register('2026-10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.month).toBe('2026-10');
    expect(body.rows.map((r: { employeeId: string }) => r.employeeId)).toEqual([kavya.employeeId, meera.employeeId, arjun.employeeId]);
    const [k, m, a] = body.rows;
    // 18,000: PF 1,080, ESI 135, PT nil, TDS nil → net 16,785; employer 330 + 750 + 45 + 45 + 585 = 1,755.
    expect(k).toMatchObject({ earnedGross: 18_000, deductions: { pf: 1_080, esi: 135, professionalTax: 0, tds: 0, total: 1_215 }, net: 16_785, employer: { total: 1_755 } });
    // 45,000 × 25/27 = 41,666.67 → 41,667; basic 20,833, under the ₹25,000 ceiling of October 2026: PF 12% = 2,500;
    // PT ₹200 (a woman above ₹25,000, October) → 38,967. Employer: EPS 8.33% = 1,735, EPF 765, EDLI and admin 104.
    expect(m).toMatchObject({ stateOfWork: 'MH', paidDays: 25, lopDays: 2, earnedGross: 41_667, deductions: { pf: 2_500, esi: 0, professionalTax: 200, tds: 0, total: 2_700 }, net: 38_967 });
    // 60,000 × 15/27 = 33,333.33 → 33,333; basic 16,667: PF 2,000; Karnataka PT 200 → 31,133. EPS 1,388, EPF 612, EDLI and admin 83.
    expect(a).toMatchObject({ paidDays: 15, earnedGross: 33_333, net: 31_133 });
    expect(body.totals).toEqual({
      employees: 3,
      earnedGross: 18_000 + 41_667 + 33_333,
      deductions: { pf: 1_080 + 2_500 + 2_000, esi: 135, professionalTax: 400, tds: 0, total: 1_215 + 2_700 + 2_200 },
      employer: { epf: 330 + 765 + 612, eps: 750 + 1_735 + 1_388, edli: 45 + 104 + 83, pfAdmin: 45 + 104 + 83, esi: 585, total: 1_755 + 2_708 + 2_166 },
      net: 16_785 + 38_967 + 31_133,
    });
    const kinds = body.warnings.map((w: { employeeId: string; kind: string }) => `${w.employeeId} ${w.kind}`);
    // Blocking kinds first (no bank account, PF without a UAN), then the others; by kind, in register order.
    expect(kinds).toEqual([
      `${meera.employeeId} missing-bank`,
      `${arjun.employeeId} missing-bank`,
      `${kavya.employeeId} pf-without-uan`,
      `${meera.employeeId} pf-without-uan`,
      `${arjun.employeeId} pf-without-uan`,
      `${meera.employeeId} missing-pan`,
      `${arjun.employeeId} missing-pan`,
      `${meera.employeeId} lop`,
      `${arjun.employeeId} joiner`,
    ]);
    expect(body.warnings.map((w: { blocking: boolean }) => w.blocking)).toEqual([true, true, true, true, true, false, false, false, false]);
    expect(body.warnings[7]).toEqual({ employeeId: meera.employeeId, name: 'Meera Iyer', kind: 'lop', text: 'Meera Iyer: 2 LOP days (2026-10-06, 2026-10-07)', blocking: false, overridden: null });
    expect(body.liveDiffers).toBeNull();
    // The PF establishment minimum: 45 + 104 + 83 = 232 of admin charges, topped up to ₹500.
    expect(body.pf).toMatchObject({ ceiling: 25_000, adminCharges: 500, adminMinimumTopUp: 268 });
    // October 2026 is in FY 2026-27, whose income-tax table is in force.
    expect(body.incomeTaxEstimated).toBe(false);
  });

  it('exports the register as an .xlsx with the same figures, totals and warnings', async () => {
    const a = await t.employee({ name: '=HYPERLINK("http://x")', email: 'a@test.local', salaryPaise: 18_000_00 });
    await seedAttendance(t, a.id, '2026-10');
    const b = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 45_000_00 });
    await seedAttendance(t, b.id, '2026-10');
    const json = (await register('2026-10')).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10?format=xlsx', headers: auth(t.admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="payroll-register_2026-10.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Register')!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toEqual([...REGISTER_COLUMNS]);
    const col = (name: string) => REGISTER_COLUMNS.indexOf(name as (typeof REGISTER_COLUMNS)[number]) + 1;
    expect(sheet.getRow(3).getCell(col('Name')).value).toBe('\'=HYPERLINK("http://x")');
    expect(sheet.getRow(3).getCell(col('Net Pay')).value).toBe(json.rows[0].net);
    expect(sheet.getRow(4).getCell(col('Professional Tax')).value).toBe(200);
    // ESI coverage and why, beside the figures: ₹18,000 is within the limit, ₹45,000 above it.
    expect(sheet.getRow(3).getCell(col('ESI Coverage')).value).toBe('Covered (≤ ₹21,000)');
    expect(sheet.getRow(4).getCell(col('ESI Coverage')).value).toBe('Not covered (> ₹21,000)');
    expect(json.rows.map((r: { esiCoverage: string }) => r.esiCoverage)).toEqual(['Covered (≤ ₹21,000)', 'Not covered (> ₹21,000)']);
    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(col('Net Pay')).value).toBe(json.totals.net);
    expect(totals.getCell(col('Employer Total')).value).toBe(json.totals.employer.total);
    // 18,000 → 16,785 and 45,000 − PF 2,700 (12% of basic 22,500, under the ₹25,000 ceiling) − PT 200 = 42,100.
    expect(json.totals.net).toBe(16_785 + 42_100);
    const warnings = wb.getWorksheet('Warnings')!;
    expect(warnings.rowCount).toBe(1 + json.warnings.length);
  });

  it('refuses the month not yet over and a future month with a clear msg, and is for admins only', async () => {
    const e = await t.employee();
    const current = await register('2026-11');
    expect(current.statusCode).toBe(400);
    expect(current.json()).toEqual({ msg: 'November 2026 is not over yet: its payroll register can be prepared once the month has ended' });
    expect((await register('2027-01')).json().msg).toMatch(/January 2027 has not started yet/);
    expect((await register('2026-13')).statusCode).toBe(400);
    expect((await register('2026-10', e.token)).statusCode).toBe(403);
  });
});
