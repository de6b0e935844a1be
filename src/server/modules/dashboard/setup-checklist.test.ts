/** The set-up checklist ticks each step itself as what it asks for is done, through the real routes. */
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-26T06:00:00Z');

describe.each(engines)('the set-up checklist on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const checklist = async () => (await t.app.inject({ url: '/api/dashboard/setup', headers: admin() })).json() as { steps: { key: string; label: string; done: boolean }[]; complete: boolean };
  const doneKeys = async () => (await checklist()).steps.filter((s) => s.done).map((s) => s.key);

  it('starts with nothing done and ticks each step as the admin does it', async () => {
    const empty = await checklist();
    expect(empty).toEqual({
      complete: false,
      steps: [
        { key: 'profile', label: 'Company profile', done: false },
        { key: 'leave-policy', label: 'Leave policy', done: false },
        { key: 'holidays', label: 'Holidays', done: false },
        { key: 'employees', label: 'Employees', done: false },
        { key: 'statutory', label: 'Statutory details', done: false },
        { key: 'opening-balances', label: 'Go-live date and opening balances', done: false },
        { key: 'first-payroll', label: 'First payroll', done: false },
      ],
    });

    await t.app.inject({ method: 'PUT', url: '/api/leave-settings', headers: admin(), payload: { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [2, 4] } } });
    await t.app.inject({ method: 'POST', url: '/api/holidays', headers: admin(), payload: { date: '2026-12-25', name: 'Christmas' } });
    expect(await doneKeys()).toEqual(['leave-policy', 'holidays']);

    const asha = await t.employee({ name: 'Asha Rao', joinedOn: '2022-03-01' });
    const edit = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${asha.id}`, headers: admin(), payload: { name: 'Asha Rao', email: asha.email, position: 'Engineer', salary: 50000, statutory: { pan: 'ABCPR1234K' } } });
    expect(edit.statusCode).toBe(200);
    expect(await doneKeys()).toEqual(['leave-policy', 'holidays', 'employees', 'statutory']);

    // Opening balances need both the go-live date and a balance.
    await t.app.inject({ method: 'PUT', url: '/api/company/go-live', headers: admin(), payload: { goLiveDate: '2026-10-01', payBasis: 'attendance', inviteOnImport: 'now' } });
    expect(await doneKeys()).not.toContain('opening-balances');
    await t.app.inject({ method: 'PUT', url: '/api/leave-balances/opening', headers: admin(), payload: { employeeId: asha.employeeId, leaveType: 'EL', days: 12 } });
    expect(await doneKeys()).toContain('opening-balances');

    await t.ctx.database.db.insertInto('company_settings').values({ key: 'profile', value_json: JSON.stringify({ legalName: 'Acme Pvt Ltd' }), updated_at: NOW.toISOString() }).execute();
    await t.ctx.database.db.insertInto('payroll_approvals').values({ month: '2026-10', approved_by: t.admin.id, approved_at: NOW.toISOString(), version: 1, run_id: null, employees: 1, net_paise: 1 }).execute();
    expect(await checklist()).toMatchObject({ complete: true });
  });

  it('is for admins', async () => {
    const e = await t.employee();
    expect((await t.app.inject({ url: '/api/dashboard/setup', headers: auth(e.token) })).statusCode).toBe(403);
  });
});
