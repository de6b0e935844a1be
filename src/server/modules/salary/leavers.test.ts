/**
 * A leaver, PF on full wages and a missing PAN through the API on each engine: the admin sets the
 * opt-in on Update Employee (audited) and the leaving date with an exit (a date before joining is a
 * 400; Update Employee refuses to change it), the slip
 * of the leaving month is paid up to that date and its PDF says so, a later month has no slip (400),
 * the register leaves the leaver out after it and warns in it, and without a PAN the register's TDS
 * is the s.206AA 20%. Figures as in shared/payroll/leavers-and-pan.test.ts.
 */
import { EMPLOYEE_MSG } from '../employee-records';
import { recordExit, withdrawExit } from '../../test/leavers';
import { pdfText } from '../../test/pdf-text';
import { readSlip, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';

describe.each(engines)('leavers, PF on full wages and no PAN on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const edit = (id: number, name: string, email: string, statutory: object) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(t.admin.token), payload: { name, email, statutory } });

  it('saves the opt-in (audited); the leaving date comes only from the exit, which refuses a day before joining', async () => {
    const e = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 60_000_00, joinedOn: '2024-01-15' });
    expect((await edit(e.id, 'Ravi Kumar', 'ravi@test.local', { pfOnFullWages: true })).statusCode).toBe(200);
    await recordExit(t, e, '2026-10-15');
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toMatchObject({ pfOnFullWages: true, leftOn: '2026-10-15' });
    expect((await get('/api/employee/me', e.token)).json().statutory).toMatchObject({ pfOnFullWages: true, leftOn: '2026-10-15' });
    await expect(recordExit(t, e, '2024-01-14')).rejects.toThrow('lastWorkingDay 2024-01-14 is before the joining date 2024-01-15');

    // Edit Employee sends the record back: the same leaving date is no change, and a bad one is still named.
    expect((await edit(e.id, 'Ravi Kumar', 'ravi@test.local', { pfOnFullWages: true, leftOn: '2026-10-15' })).statusCode).toBe(200);
    for (const bad of [{ leftOn: '2026-02-30' }, { leftOn: 'soon' }, { pfOnFullWages: 'yes' }, { leftOn: 20261015 }]) {
      const res = await edit(e.id, 'Ravi Kumar', 'ravi@test.local', bad);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().msg).toBe('string');
    }
    // A changed one (or a cleared one) is the exit's to make: refused naming the field, and nothing else in the body is written.
    for (const leftOn of ['2026-10-31', '', null]) {
      const res = await edit(e.id, 'Ravi Kumar Iyer', 'ravi@test.local', { pfOnFullWages: false, pan: 'ABCDE1234F', leftOn });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.leavingDateByExit, fieldErrors: { 'statutory.leftOn': EMPLOYEE_MSG.leavingDateByExit } });
    }
    const stored = (await get(`/api/employee/${e.id}`)).json();
    expect(stored.name).toBe('Ravi Kumar');
    expect(stored.statutory).toMatchObject({ pfOnFullWages: true, pan: null, leftOn: '2026-10-15' });

    const rows = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'after_json']).where('action', 'in', ['employee.statutory-change', 'employee.exit', 'employee.update']).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['employee.statutory-change', 'employee.exit']);
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ employeeId: e.employeeId, fields: ['pfOnFullWages'], pfOnFullWages: true });
    // Withdrawn: employed again, and an edit sending no leaving date (or none) is fine.
    await withdrawExit(t, e);
    expect((await edit(e.id, 'Ravi Kumar', 'ravi@test.local', { pfOnFullWages: false, leftOn: null })).statusCode).toBe(200);
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toMatchObject({ pfOnFullWages: false, leftOn: null });
  });

  it('pays the leaving month up to the leaving date, has no slip after it, and the register follows', async () => {
    const ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 60_000_00, joinedOn: '2024-01-15' });
    await edit(ravi.id, 'Ravi Kumar', 'ravi@test.local', { pan: 'ABCDE1234F', pfOnFullWages: true });
    await recordExit(t, ravi, '2026-09-15');
    await seedAttendance(t, ravi.id, '2026-09');
    const stays = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 60_000_00, joinedOn: '2024-01-15' });
    await seedAttendance(t, stays.id, '2026-09');
    await seedAttendance(t, stays.id, '2026-10');

    // September 2026: 30 days, Sundays 6, 13, 20, 27 → 26 working days; 16–30 September hold 15 days,
    // two Sundays (20, 27) → 13 unpaid; 13 paid. 60,000 × 13 ÷ 26 = 30,000: basic 15,000 = PF wages;
    // PF on full wages 12% × 15,000 = 1,800 (the ceiling would give the same here).
    const xlsx = await get(`/api/salary/slip/${ravi.employeeId}/2026-09`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSlip(xlsx.rawPayload);
    expect(sheet.values.get('Paid Days')).toBe(13);
    expect(sheet.values.get('Total Earnings')).toBe(30_000);
    const pdf = await get(`/api/salary/slip/${ravi.employeeId}/2026-09?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ')).toContain('30,000.00');

    for (const [url, token] of [
      [`/api/salary/slip/${ravi.employeeId}/2026-10`, t.admin.token],
      [`/api/salary/slip/${ravi.employeeId}/2026-10?format=pdf`, ravi.token],
    ] as const) {
      const after = await get(url, token);
      expect(after.statusCode).toBe(400);
      expect(after.json()).toEqual({ msg: 'There is no salary slip for October 2026: the employee left on 2026-09-15' });
    }

    const september = (await get('/api/salary/register/2026-09')).json();
    expect(september.rows.map((r: { employeeId: string }) => r.employeeId)).toEqual([ravi.employeeId, stays.employeeId]);
    expect(september.rows[0]).toMatchObject({ paidDays: 13, lopDays: 0, earnedGross: 30_000 });
    expect(september.warnings).toContainEqual(expect.objectContaining({ employeeId: ravi.employeeId, kind: 'leaver', text: 'Ravi Kumar left on 2026-09-15: paid up to that day; the last slip' }));
    const october = (await get('/api/salary/register/2026-10')).json();
    expect(october.rows.map((r: { employeeId: string }) => r.employeeId)).toEqual([stays.employeeId]);
  });

  it('deducts TDS at 20% of the taxable salary without a PAN, and says so in the register', async () => {
    // ₹1,50,000 a month in Karnataka, October 2026 (FY 2026-27, its table as FY 2025-26's), no PAN:
    // the month's taxable salary 1,50,000 × (1 − 75,000 ÷ 18,00,000) = 1,43,750; 20% = 28,750,
    // above the projection's 12,567.
    const asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 1_50_000_00, joinedOn: '2024-01-15' });
    await edit(asha.id, 'Asha Rao', 'asha@test.local', { stateOfWork: 'KA' });
    await seedAttendance(t, asha.id, '2026-10');
    const register = (await get('/api/salary/register/2026-10')).json();
    expect(register.rows[0].deductions.tds).toBe(28_750);
    const warning = register.warnings.find((w: { kind: string }) => w.kind === 'missing-pan');
    // October 2026 is in Tax Year 2026-27: the Income-tax Act 2025's s.397(2), which replaced s.206AA.
    expect(warning.text).toBe("Asha Rao has no PAN: TDS is at least 20% of the month's taxable salary (Income-tax Act 2025 s.397(2)): applied here");

    await edit(asha.id, 'Asha Rao', 'asha@test.local', { pan: 'ABCDE1234F' });
    expect((await get('/api/salary/register/2026-10')).json().rows[0].deductions.tds).toBe(12_567);
  });
});
