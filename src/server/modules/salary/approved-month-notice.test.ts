/**
 * A decision that reaches an approved month says so in its answer: a leave approved or cancelled, a
 * correction approved, a salary revision dated inside the month. Decisions about open months, and
 * rejections, answer as before. Through app.inject on a real database.
 */
import { approveQuietly, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('decisions that reach an approved month, on %s', (engine) => {
  let t: TestApp;
  let person: TestEmployee;

  const send = (method: 'POST' | 'PUT', url: string, payload: object, token = t.admin.token) => t.app.inject({ method, url, headers: auth(token), payload });

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    person = await t.employee({ name: 'Maria Iyer', email: 'maria@test.local', salaryPaise: 30_000_00, joinedOn: '2025-04-01' });
    // Absent on 27 and 28 October, so a leave or a correction there changes the month's pay.
    await seedAttendance(t, person.id, '2026-10', { except: ['2026-10-27', '2026-10-28'] });
    await approveQuietly(t, '2026-10');
  });
  afterEach(() => t.close());

  const requestLeave = async (startDate: string, endDate = startDate) => {
    const res = await send('POST', '/api/leave', { startDate, endDate, reason: 'Fever' }, person.token);
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };

  it('an approved leave in an approved month answers with the note; the register then shows live data differs', async () => {
    const id = await requestLeave('2026-10-27');
    const res = await send('PUT', `/api/leave/approve/${id}`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      msg: expect.any(String),
      approvedMonth: {
        months: ['2026-10'],
        msg: expect.stringContaining('October 2026 is already approved, and this leave falls in it: the approved slips stay as they are.'),
      },
    });
    const register = (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json();
    expect(register.liveDiffers).toMatchObject({ count: 1, people: [{ employeeId: person.employeeId, name: 'Maria Iyer' }] });

    // Cancelling that approved leave reaches the month again.
    const cancel = await send('PUT', `/api/leave/cancel/${id}`, { reason: 'Came in after all' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().approvedMonth).toMatchObject({ months: ['2026-10'], msg: expect.stringContaining('the cancelled leave falls in it') });
  });

  it("a manager who approves such a leave is told HR settles it, with nothing about paying it", async () => {
    const boss = await t.employee({ name: 'Meera Manager', email: 'meera@test.local', joinedOn: '2025-04-01' });
    await t.ctx.database.db.updateTable('employees').set({ manager_id: boss.id }).where('user_id', '=', person.id).execute();
    const id = await requestLeave('2026-10-27');
    const res = await send('PUT', `/api/leave/approve/${id}`, { status: 'approved' }, boss.token);
    expect(res.statusCode).toBe(200);
    const { msg } = res.json().approvedMonth as { msg: string };
    expect(msg).toBe('October 2026 is already approved, and this leave falls in it: the approved slips stay as they are. HR sees the change in the Payroll Register and settles it.');
  });

  it('a leave across an approved and an open month names the approved one; rejections and open months say nothing', async () => {
    const across = await requestLeave('2026-10-28', '2026-11-03');
    expect((await send('PUT', `/api/leave/approve/${across}`, { status: 'approved' })).json().approvedMonth.months).toEqual(['2026-10']);
    const open = await requestLeave('2026-11-10');
    expect((await send('PUT', `/api/leave/approve/${open}`, { status: 'approved' })).json()).not.toHaveProperty('approvedMonth');
    const refused = await requestLeave('2026-10-27');
    expect((await send('PUT', `/api/leave/approve/${refused}`, { status: 'rejected' })).json()).not.toHaveProperty('approvedMonth');
  });

  it('an approved attendance correction of a day in an approved month answers with the note', async () => {
    const asked = await send('POST', '/api/attendance/corrections', { date: '2026-10-27', inTime: '09:30', outTime: '18:00', kind: 'client-site', reason: 'Forgot to punch' }, person.token);
    expect(asked.statusCode).toBe(201);
    const res = await send('PUT', `/api/attendance/corrections/${asked.json()._id}`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().approvedMonth).toEqual({ months: ['2026-10'], msg: expect.stringContaining('the corrected day (2026-10-27) falls in it') });
  });

  it('a salary revision dated inside the approved month says the month keeps its slips and the difference is arrears next month', async () => {
    const res = await send('PUT', `/api/employee/edit/${person.id}`, { name: 'Maria Iyer', email: 'maria@test.local', salary: 36_000, salaryEffectiveFrom: '2026-10-01', salaryChangeReason: 'Annual raise' });
    expect(res.statusCode).toBe(200);
    expect(res.json().approvedMonth).toEqual({
      months: ['2026-10'],
      msg: expect.stringMatching(/^The new salary starts inside an approved month \(October 2026\), whose slips stay as approved: the difference, ₹[\d,]+, is added as arrears to the November 2026 slip\.$/),
    });
    // A raise from the open month reaches no approved month.
    const later = await send('PUT', `/api/employee/edit/${person.id}`, { name: 'Maria Iyer', email: 'maria@test.local', salary: 40_000, salaryEffectiveFrom: '2026-11-01' });
    expect(later.json()).toEqual({ msg: expect.any(String) });
  });
});
