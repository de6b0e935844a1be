import { EMPLOYEE_MSG } from '../employee-records';
import { LEAVE_POLICY_MSG } from '../../../shared/leave-policy/leave-policy-messages';
import type { EmployeeBalances, LeaveType } from '../../../shared/schemas/leave-policy';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

const NOW = new Date('2026-09-01T06:30:00.000Z');

describe.each(engines)('leave policy on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice', joinedOn: '2026-07-10' });
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = t.admin.token, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const casualBody = { name: 'Casual', yearlyEntitlement: 12, accrual: 'yearly', proRate: true, carryForwardCap: 0, halfDayAllowed: true, paid: true };
  const fileLeave = async (userId: number, start: string, end: string, status: 'approved' | 'pending', extra: object = {}) =>
    t.ctx.database.db
      .insertInto('leaves')
      .values({ user_id: userId, start_date: start, end_date: end, reason: 'r', status, created_at: NOW.toISOString(), leave_type_id: null, day_part: null, days: null, ...extra })
      .execute();
  const myBalances = async (token = alice.token) => {
    const res = await call('GET', '/api/leave-balances/me', token);
    expect(res.statusCode).toBe(200);
    return res.json() as EmployeeBalances;
  };
  const balanceOf = (b: EmployeeBalances, type: string) => b.balances.find((x) => x.leaveType === type)!;

  it('seeds Casual (the default), Sick and Earned', async () => {
    const types: LeaveType[] = (await call('GET', '/api/leave-types', alice.token)).json();
    expect(types.map((x) => [x.name, x.yearlyEntitlement, x.accrual, x.isDefault])).toEqual([
      ['Casual', 12, 'yearly', true],
      ['Sick', 12, 'yearly', false],
      ['Earned', 15, 'monthly', false],
      ['Leave Without Pay', 0, 'yearly', false], // migration 013
    ]);
  });

  it('lets an admin add and change a type, refuses a second type of the same name, and audits both', async () => {
    const created = await call('POST', '/api/leave-types', t.admin.token, { ...casualBody, name: 'Paternity', yearlyEntitlement: 5, paid: true, halfDayAllowed: false });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect((await call('POST', '/api/leave-types', t.admin.token, { ...casualBody, name: 'paternity' })).json()).toEqual({
      msg: LEAVE_POLICY_MSG.typeNameTaken('paternity'),
      fieldErrors: { name: LEAVE_POLICY_MSG.typeNameTaken('paternity') },
    });
    // A name and a code that both clash are named together, the msg the name's.
    const both = await call('PUT', `/api/leave-types/${id}`, t.admin.token, { ...casualBody, name: 'sick', code: 'el' });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual({
      msg: LEAVE_POLICY_MSG.typeNameTaken('sick'),
      fieldErrors: { name: LEAVE_POLICY_MSG.typeNameTaken('sick'), code: LEAVE_POLICY_MSG.typeCodeTaken('EL') },
    });
    const changed = await call('PUT', `/api/leave-types/${id}`, t.admin.token, { ...casualBody, name: 'Paternity', yearlyEntitlement: 7.5 });
    expect(changed.json()).toMatchObject({ name: 'Paternity', yearlyEntitlement: 7.5 });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'leave_type').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['leave-type.create', 'leave-type.update']);
  });

  it('refuses entitlements that are not whole or half days, and unknown types', async () => {
    const res = await call('POST', '/api/leave-types', t.admin.token, { ...casualBody, name: 'Odd', yearlyEntitlement: 1.25 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/whole or half number of days/);
    expect((await call('PUT', '/api/leave-types/999', t.admin.token, casualBody)).statusCode).toBe(404);
  });

  it('keeps the default type offered', async () => {
    const casual = ((await call('GET', '/api/leave-types')).json() as LeaveType[]).find((x) => x.isDefault)!;
    const res = await call('PUT', `/api/leave-types/${casual._id}`, t.admin.token, { ...casualBody, active: false });
    expect(res.json()).toMatchObject({ active: true, isDefault: true });
  });

  it('keeps a holiday calendar: one holiday per date, listed by year, removable once', async () => {
    const added = await call('POST', '/api/holidays', t.admin.token, { date: '2026-10-02', name: 'Gandhi Jayanti' });
    expect(added.statusCode).toBe(201);
    expect((await call('POST', '/api/holidays', t.admin.token, { date: '2026-10-02', name: 'Again' })).json()).toEqual({ msg: LEAVE_POLICY_MSG.holidayExists('2026-10-02'), fieldErrors: { date: LEAVE_POLICY_MSG.holidayExists('2026-10-02') } });
    await call('POST', '/api/holidays', t.admin.token, { date: '2027-01-26', name: 'Republic Day' });
    expect((await call('GET', '/api/holidays?year=2026', alice.token)).json()).toEqual([{ _id: added.json()._id, date: '2026-10-02', name: 'Gandhi Jayanti', optional: false, repeatsYearly: false, firstDate: '2026-10-02' }]);
    expect((await call('DELETE', `/api/holidays/${added.json()._id}`)).json()).toEqual({ msg: LEAVE_POLICY_MSG.holidayRemoved });
    expect((await call('DELETE', `/api/holidays/${added.json()._id}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/holidays', t.admin.token, { date: '2026-02-30', name: 'No such day' })).statusCode).toBe(400);
  });

  it('keeps the leave year and the weekly offs as company settings', async () => {
    expect((await call('GET', '/api/leave-settings', alice.token)).json()).toEqual({ leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } });
    const settings = { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [2, 4] } };
    expect((await call('PUT', '/api/leave-settings', t.admin.token, settings)).statusCode).toBe(200);
    expect((await call('GET', '/api/leave-settings', alice.token)).json()).toEqual(settings);
    expect((await call('PUT', '/api/leave-settings', t.admin.token, { ...settings, leaveYearStartMonth: 7 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/leave-settings', t.admin.token, { ...settings, weeklyOff: { weekdays: [0, 1, 2, 3, 4, 5, 6], saturdays: [] } })).statusCode).toBe(400);
  });

  describe('balances', () => {
    it("pro-rates a mid-year joiner's accrual: joined 10 July in an April year → 9 of 12 months", async () => {
      await call('PUT', '/api/leave-settings', t.admin.token, { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [] } });
      const b = await myBalances();
      expect(b.employeeId).toBe(alice.employeeId);
      // Casual: 12 × 9/12 = 9. Earned: 15 a year monthly, July to September begun → 15 × 3/12 = 3.75 → 3.5.
      expect(balanceOf(b, 'Casual')).toMatchObject({ year: '2026-27', accrued: 9, taken: 0, pending: 0, available: 9 });
      expect(balanceOf(b, 'Earned')).toMatchObject({ accrued: 3.5, available: 3.5 });
    });

    it('takes approved and pending leave off, counting working days only (older requests counted on read)', async () => {
      await call('POST', '/api/holidays', t.admin.token, { date: '2026-08-15', name: 'Independence Day' });
      // Friday 14 to Monday 17 August: Saturday is a holiday, Sunday the weekly off → 2 days.
      await fileLeave(alice.id, '2026-08-14', '2026-08-17', 'approved');
      // A recorded half day of Sick leave.
      const sick = ((await call('GET', '/api/leave-types')).json() as LeaveType[]).find((x) => x.name === 'Sick')!;
      await fileLeave(alice.id, '2026-09-04', '2026-09-04', 'pending', { leave_type_id: Number(sick._id), day_part: 'first-half', days: 0.5 });
      const b = await myBalances();
      // Casual, calendar year: joined 10 July → July to December = 6 months → 6 days.
      expect(balanceOf(b, 'Casual')).toMatchObject({ year: '2026', accrued: 6, taken: 2, pending: 0, available: 4 });
      expect(balanceOf(b, 'Sick')).toMatchObject({ accrued: 6, taken: 0, pending: 0.5, available: 5.5 });
    });

    it("gives admins everyone's balances, or one employee's, and 404 for an unknown one", async () => {
      const bob = await t.employee({ name: 'Bob', joinedOn: '2020-01-01' });
      const report: EmployeeBalances[] = (await call('GET', '/api/leave-balances')).json();
      expect(report.map((r) => [r.employeeId, balanceOf(r, 'Casual').available])).toEqual([
        [alice.employeeId, 6],
        [bob.employeeId, 12],
      ]);
      const one: EmployeeBalances[] = (await call('GET', `/api/leave-balances?employeeId=${bob.employeeId}`)).json();
      expect(one.map((r) => r.name)).toEqual(['Bob']);
      const unknown = await call('GET', '/api/leave-balances?employeeId=EMP9999');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { msg: EMPLOYEE_MSG.notFound }]);
    });
  });
});
