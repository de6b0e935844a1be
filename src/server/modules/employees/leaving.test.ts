/**
 * A leaver, the whole way, on each engine (today 15 November 2026). Deepak left on 15 October: the
 * attendance register shows no A after that day and he is in no register after October; the payroll
 * register pays him to the day; the Employee List, the dashboard's count and Delete treat him as
 * gone but paid. Priya's leaving date is 30 November: she is on notice, still current.
 * October 2026: Sundays 4, 11, 18, 25; 1-15 October holds 13 working days.
 */
import { OVERRIDE_BLOCKING, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { recordExit } from '../../test/leavers';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('leavers on %s', (engine) => {
  let t: TestApp;
  let deepak: TestEmployee;
  let priya: TestEmployee;
  let asha: TestEmployee;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 27_000_00, joinedOn: '2025-04-01' });
    deepak = await t.employee({ name: 'Deepak Nair', email: 'deepak@test.local', salaryPaise: 27_000_00, joinedOn: '2025-04-01' });
    priya = await t.employee({ name: 'Priya Shah', email: 'priya@test.local', salaryPaise: 27_000_00, joinedOn: '2025-04-01' });
    for (const e of [asha, priya]) await seedAttendance(t, e.id, '2026-10');
    await seedAttendance(t, deepak.id, '2026-10', { except: ['2026-10-16', '2026-10-17', '2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23', '2026-10-24', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'] });
    await recordExit(t, deepak, '2026-10-15');
    await recordExit(t, priya, '2026-11-30');
  });
  afterEach(() => t.close());

  it('the registers agree: no A after the leaving date, paid to the day, gone the month after', async () => {
    const att = (await get('/api/attendance/register?month=2026-10&limit=50')).json();
    const row = att.rows.find((r: { employeeId: string }) => r.employeeId === deepak.employeeId);
    expect(row.codes.slice(15)).toEqual(Array(16).fill('–'));
    expect(row.totals).toMatchObject({ lop: 0, paidDays: 13 });
    const pay = (await get('/api/salary/register/2026-10')).json();
    expect(pay.rows.find((r: { employeeId: string }) => r.employeeId === deepak.employeeId)).toMatchObject({ paidDays: 13, lopDays: 0, earnedGross: 13_000 });
    const nov = (await get('/api/attendance/register?month=2026-11&limit=50')).json();
    expect(nov.rows.map((r: { employeeId: string }) => r.employeeId)).toEqual([asha.employeeId, deepak.employeeId, priya.employeeId].filter((id) => id !== deepak.employeeId));
  });

  it('the Employee List, the dashboard and Delete: current by default, left on request, paid people not deleted', async () => {
    const ids = async (q = '') => (await get(`/api/employee${q}`)).json().map((e: { employeeId: string; status: string }) => `${e.employeeId}:${e.status}`);
    expect(await ids()).toEqual([`${asha.employeeId}:active`, `${priya.employeeId}:on-notice`]);
    expect(await ids('?status=left')).toEqual([`${deepak.employeeId}:left`]);
    expect(await ids('?status=all')).toHaveLength(3);
    expect((await get('/api/employee?status=gone')).statusCode).toBe(400);
    expect((await get('/api/dashboard/summary')).json().activeEmployees).toBe(2);
    // The 30-day chart: from 16 October Deepak is not in the workforce, so nobody is absent on a
    // working day Asha and Priya were present (before, he counted absent every day after leaving).
    const chart = (await get('/api/attendance/summary?days=31')).json() as { date: string; present: number; absent: number }[];
    expect(chart.find((d) => d.date === '2026-10-20')).toEqual({ date: '2026-10-20', present: 2, absent: 0 });
    expect(chart.find((d) => d.date === '2026-11-13')).toEqual({ date: '2026-11-13', present: 0, absent: 2 });

    const approve = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/approve', headers: auth(t.admin.token), payload: OVERRIDE_BLOCKING });
    await eventually(async () => (await get(`/api/salary/runs/${approve.json().runId}`)).json().status === 'done', 15_000, 'the slip run');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/employee/${deepak.id}`, headers: auth(t.admin.token) });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('Deepak Nair (' + deepak.employeeId + ') has approved payroll months, so the record stays: record their exit on Edit Employee instead. Delete is for a record entered by mistake');
    // His October stays in payroll and in the ESI return as a leaver.
    expect((await get('/api/salary/register/2026-10')).json().rows.map((r: { employeeId: string }) => r.employeeId)).toContain(deepak.employeeId);
    const mistake = await t.employee({ name: 'Entered Twice', email: 'twice@test.local' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/employee/${mistake.id}`, headers: auth(t.admin.token) })).statusCode).toBe(200);
  });
});
