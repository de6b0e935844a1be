/**
 * Salary revisions and arrears through the API on each engine. Today is 5 December 2026; August to
 * October 2026 are approved at ₹22,000 when a raise to ₹26,400 from 1 August is entered.
 *
 * Each of August, September and October (full attendance): basic 11,000 → 13,200, HRA 4,400 → 5,280,
 * special 6,600 → 7,920: arrears 2,200 + 880 + 1,320 = 4,400 a month, 13,200 in all, with PF wages
 * 2,200 a month (below the ₹15,000 ceiling each month).
 * November at ₹26,400 with the arrears: gross 26,400 + 13,200 = 39,600. PF: 12% of 13,200 = 1,584
 * plus 12% of 6,600 = 792: 2,376. EPS 8.33%: 1,099.56 → 1,100 and 549.78 → 550: 1,650; the employer's
 * EPF share 484 + 242 = 726. Karnataka PT 200; TDS nil. Net 39,600 − 2,376 − 200 = 37,024.
 */
import { pdfText } from '../../test/pdf-text';
import { approveQuietly, seedAttendance } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

const NOW = new Date('2026-12-05T06:30:00Z');

describe.each(engines)('salary revisions and arrears on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 22_000_00, joinedOn: '2025-04-01' });
    await edit(asha, { statutory: { stateOfWork: 'KA', uan: '100427607286', bankAccount: '001234567890', ifsc: 'SBIN0001234' } });
    for (const m of ['2026-08', '2026-09', '2026-10', '2026-11']) await seedAttendance(t, asha.id, m);
  });
  afterEach(() => t.close());

  function edit(e: TestEmployee, extra: object) {
    return t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(t.admin.token), payload: { name: 'Asha Rao', email: e.email, ...extra } });
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });
  const rowOf = async (month: string) => (await get(`/api/salary/register/${month}`)).json().rows.find((r: { employeeId: string }) => r.employeeId === asha.employeeId);

  it('a raise back-dated into approved months pays arrears next month, into its ECR, and a re-run never re-prices', async () => {
    for (const m of ['2026-08', '2026-09', '2026-10']) await approveQuietly(t, m);
    const res = await edit(asha, { salary: 26_400, salaryEffectiveFrom: '2026-08-01', salaryChangeReason: 'Annual raise from August' });
    expect(res.statusCode).toBe(200);

    const history = (await get(`/api/salary/history/${asha.id}`)).json();
    expect(history).toMatchObject({ employeeId: asha.employeeId, salary: 26_400, defaultEffectiveFrom: '2026-11-01' });
    expect(history.revisions.map((r: { effectiveFrom: string; salary: number; appliesFrom: string | null }) => [r.effectiveFrom, r.salary, r.appliesFrom])).toEqual([
      ['2026-08-01', 26_400, '2026-11'],
      ['2025-04-01', 22_000, null],
    ]);
    expect(history.revisions[0]).toMatchObject({ reason: 'Annual raise from August', enteredBy: 'Admin' });
    expect(history.arrears).toHaveLength(9);
    expect(history.arrears.every((l: { payMonth: string }) => l.payMonth === '2026-11')).toBe(true);
    expect(history.arrears.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(13_200);

    // October re-run for another reason: Asha's October stays at ₹22,000.
    const rerun = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/rerun', headers: auth(t.admin.token), payload: { reason: 'Checking after the raise' } });
    expect(rerun.json()).toMatchObject({ changed: 0 });
    expect(await rowOf('2026-10')).toMatchObject({ monthlyGross: 22_000, earnedGross: 22_000 });

    const nov = (await get('/api/salary/register/2026-11')).json();
    const row = nov.rows[0];
    expect(row).toMatchObject({ monthlyGross: 26_400, arrears: 13_200, earnedGross: 39_600, deductions: { pf: 2_376, professionalTax: 200, tds: 0 }, employer: { eps: 1_650, epf: 726 }, net: 37_024 });
    expect(nov.warnings).toContainEqual(expect.objectContaining({ employeeId: asha.employeeId, kind: 'arrears', text: expect.stringContaining('arrears of ₹13,200 for August 2026, September 2026, October 2026') }));

    await approveQuietly(t, '2026-11');
    const ecr = await get('/api/salary/files/2026-11/ecr');
    expect(ecr.body).toBe('100427607286#~#Asha Rao#~#39600#~#19800#~#19800#~#19800#~#2376#~#1650#~#726#~#0#~#0\r\n');
    expect((await t.app.inject({ method: 'POST', url: '/api/salary/payments/2026-11/batches', headers: auth(t.admin.token) })).statusCode).toBe(201);
    const bank = await get('/api/salary/files/2026-11/bank');
    expect(bank.body).toContain('37024.00');

    const pdf = await t.app.inject({ method: 'GET', url: `/api/salary/slip/${asha.employeeId}/2026-11?format=pdf`, headers: auth(asha.token) });
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain('Arrears: Basic (August 2026)');
    expect(text).toContain('Arrears: Special Allowance (October 2026)');

    // With November approved, a raise without a day takes effect from 1 December; no arrears.
    const later = await edit(asha, { salary: 27_000 });
    expect(later.statusCode).toBe(200);
    const after = (await get(`/api/salary/history/${asha.id}`)).json();
    expect(after.revisions[0]).toMatchObject({ effectiveFrom: '2026-12-01', salary: 27_000, appliesFrom: null, reason: 'Salary changed on Edit Employee' });
    expect(after.arrears).toHaveLength(9);
  });

  it('refuses a day after today or before joining, naming the field', async () => {
    const future = await edit(asha, { salary: 30_000, salaryEffectiveFrom: '2026-12-20' });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toContain('salaryEffectiveFrom');
    const early = await edit(asha, { salary: 30_000, salaryEffectiveFrom: '2025-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toContain('salaryEffectiveFrom');
    expect((await get(`/api/salary/history/${asha.id}`)).json()).toMatchObject({ salary: 22_000, revisions: [], arrears: [] });
    const bad = await edit(asha, { salary: 30_000, salaryEffectiveFrom: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('salaryEffectiveFrom');
  });

  it('a raise from the 16th of an open month pays each half at its rate, and the register says so', async () => {
    const res = await edit(asha, { salary: 33_000, salaryEffectiveFrom: '2026-11-16' });
    expect(res.statusCode).toBe(200);
    // November: 12 working days at 22,000 and 13 at 33,000, of 25: 10,560 + 17,160 = 27,720.
    expect(await rowOf('2026-11')).toMatchObject({ monthlyGross: 33_000, earnedGross: 27_720 });
    const nov = (await get('/api/salary/register/2026-11')).json();
    expect(nov.warnings).toContainEqual(expect.objectContaining({ employeeId: asha.employeeId, kind: 'salary-change', text: 'Asha Rao: the salary changed in the month; paid ₹22,000 from 2026-11-01 (12 paid days), ₹33,000 from 2026-11-16 (13 paid days)' }));
    // October is not touched.
    expect(await rowOf('2026-10')).toMatchObject({ earnedGross: 22_000 });
  });

  it('employees cannot read a salary history or send an effective day', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/salary/history/${asha.id}`, headers: auth(asha.token) })).statusCode).toBe(403);
    const own = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${asha.id}`, headers: auth(asha.token), payload: { name: 'Asha Rao', email: asha.email, salaryEffectiveFrom: '2026-11-01' } });
    expect(own.statusCode).toBe(403);
  });
});
