/**
 * The leaving date ends working access. Through the leaving date a leaver works as before; from the
 * day after it every token (issued before or after) opens only the read-only former-employee scope
 * (their own slips and tax statements, their name, sign-out) until the company's access date (by
 * default 15 June after the financial year of leaving ends); after that, sign-in and every token fail.
 */
import { LEAVER_MSG } from '../../shared/messages';
import { accessUntil, leaverState } from '../auth/leaver-access';
import { LEAVE_MSG } from '../modules/leaves';
import { recordExit } from '../test/leavers';
import { approveQuietly, seedAttendance, TEST_NOW } from '../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../test/test-app';

describe('the former-employee access date', () => {
  it('is the setting’s day after the financial year of leaving ends', () => {
    const june15 = { month: 6, day: 15 };
    expect(accessUntil('2026-11-10', june15)).toBe('2027-06-15');
    expect(accessUntil('2027-03-31', june15)).toBe('2027-06-15');
    expect(accessUntil('2026-04-01', june15)).toBe('2027-06-15');
    expect(accessUntil('2026-03-31', june15)).toBe('2026-06-15');
    // A day in January to March comes after the following 31 March, so a year later.
    expect(accessUntil('2026-11-10', { month: 1, day: 31 })).toBe('2028-01-31');
    expect(accessUntil('2026-11-10', { month: 3, day: 31 })).toBe('2028-03-31');
    expect(accessUntil('2026-11-10', { month: 4, day: 1 })).toBe('2027-04-01');
  });

  it('leaves the leaving day itself a working day', () => {
    expect(leaverState('2026-11-15', '2026-11-15', { month: 6, day: 15 })).toEqual({ kind: 'employee' });
    expect(leaverState('2026-11-14', '2026-11-15', { month: 6, day: 15 })).toEqual({ kind: 'former-employee', leftOn: '2026-11-14', until: '2027-06-15' });
    expect(leaverState('2026-03-01', '2026-06-15', { month: 6, day: 15 }).kind).toBe('former-employee');
    expect(leaverState('2026-03-01', '2026-06-16', { month: 6, day: 15 })).toEqual({ kind: 'ended', leftOn: '2026-03-01', until: '2026-06-15' });
    expect(leaverState(null, '2026-06-16', { month: 6, day: 15 })).toEqual({ kind: 'employee' });
  });
});

describe.each(engines)('leavers on %s', (engine) => {
  let t: TestApp;
  let now = TEST_NOW;
  beforeEach(async () => {
    now = TEST_NOW; // 2026-11-15, noon in Asia/Kolkata
    t = await createTestApp(engine, { overrides: { now: () => now } });
  });
  afterEach(() => t.close());

  const call = (method: string, url: string, token: string, payload?: object) => t.app.inject({ method: method as 'GET', url, headers: auth(token), payload });
  const signIn = (e: TestEmployee) => t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: e.email, password: e.password } });

  it('refuses punches, corrections, leave and task updates from the day after leaving, with tokens issued before it', async () => {
    const mallory = await t.employee({ name: 'Mallory Attacker' });
    const alice = await t.employee({ name: 'Alice Victim' });
    await seedAttendance(t, mallory.id, '2026-10');
    await approveQuietly(t, '2026-10');
    const task = await call('POST', '/api/task/assign', t.admin.token, { employeeId: mallory.employeeId, title: 'Hand over', description: 'Notes' });
    expect(task.statusCode).toBeLessThan(300);
    const taskId = (await call('GET', '/api/task', mallory.token)).json()[0]._id as string;

    // The leaving day itself is still a working day.
    await recordExit(t, mallory, '2026-11-15');
    expect((await call('POST', '/api/attendance/punch-in', mallory.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/employee/me/access', mallory.token)).json()).toEqual({ scope: 'employee', leftOn: null, accessUntil: null });
    // Leave reaching past the leaving date is refused while still employed.
    const late = await call('POST', '/api/leave', mallory.token, { startDate: '2026-11-16', endDate: '2026-11-18', reason: 'Away' });
    expect([late.statusCode, late.json()]).toEqual([400, { msg: LEAVE_MSG.afterLeaving('2026-11-15') }]);

    // The admin corrects the exit to five days back: the token issued before it now reads only.
    await recordExit(t, mallory, '2026-11-10');
    const readOnly = { msg: LEAVER_MSG.readOnly('2026-11-10', '2027-06-15') };
    const refused = [
      await call('POST', '/api/attendance/punch-out', mallory.token),
      await call('POST', '/api/attendance/corrections', mallory.token, { date: '2026-11-12', inTime: '09:00', outTime: '18:00', kind: 'missed-punch-out', reason: 'Forgot to punch out' }),
      await call('POST', '/api/leave', mallory.token, { startDate: '2026-11-20', endDate: '2026-11-20', reason: 'Away' }),
      await call('PUT', `/api/task/${taskId}`, mallory.token, { status: 'in-progress' }),
      await call('GET', '/api/dashboard/me', mallory.token),
      await call('PUT', `/api/employee/edit/${mallory.id}`, mallory.token, { name: 'Mallory', email: mallory.email }),
      await call('GET', '/api/attendance/employee', mallory.token),
      await call('PUT', '/api/auth/change-password', mallory.token, { oldPassword: mallory.password, newPassword: 'another-Pass-2026' }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json()])).toEqual(refused.map(() => [403, readOnly]));

    // What is left: their own slips and tax statements, their name, and signing out.
    expect((await call('GET', '/api/employee/me/access', mallory.token)).json()).toEqual({ scope: 'former-employee', leftOn: '2026-11-10', accessUntil: '2027-06-15' });
    expect((await call('GET', '/api/employee/me', mallory.token)).json()).toMatchObject({ _id: String(mallory.id) });
    const slips = await call('GET', `/api/salary/slips/${mallory.employeeId}`, mallory.token);
    expect(slips.statusCode).toBe(200);
    expect(slips.json().slips.map((s: { month: string }) => s.month)).toContain('2026-10');
    const pdf = await call('GET', `/api/salary/slip/${mallory.employeeId}/2026-10?format=pdf`, mallory.token);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const statement = await call('GET', `/api/tax/statement/${mallory.employeeId}/2026-27`, mallory.token);
    expect([statement.statusCode, statement.headers['content-type']]).toEqual([200, 'application/pdf']);
    // Never anyone else's.
    expect((await call('GET', `/api/salary/slip/${alice.employeeId}/2026-10`, mallory.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/salary/slips/${alice.employeeId}`, mallory.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/tax/statement/${alice.employeeId}/2026-27`, mallory.token)).statusCode).toBe(403);

    // A new sign-in gets the same read-only scope, not working access.
    const again = await signIn(mallory);
    expect(again.statusCode).toBe(200);
    expect((await call('POST', '/api/attendance/punch-in', again.json().token)).json()).toEqual(readOnly);
    expect((await call('POST', '/api/auth/logout', again.json().token)).statusCode).toBe(200);
    // Nothing of the admin's changes for them, and colleagues work on.
    expect((await call('GET', '/api/employee/me/access', alice.token)).json().scope).toBe('employee');
    expect((await call('POST', '/api/attendance/punch-in', alice.token)).statusCode).toBe(200);
  });

  it("ends every token and sign-in after the company's access date, which the admin may move", async () => {
    const mallory = await t.employee({ name: 'Mallory Attacker' });
    await recordExit(t, mallory, '2026-03-20'); // financial year 2025-26
    // 15 June 2026 has passed on 15 November 2026: nothing opens, and the answer says why.
    const ended = { msg: LEAVER_MSG.ended('2026-06-15') };
    const me = await call('GET', `/api/salary/slips/${mallory.employeeId}`, mallory.token);
    expect([me.statusCode, me.json()]).toEqual([401, ended]);
    const login = await signIn(mallory);
    expect([login.statusCode, login.json()]).toEqual([401, ended]);
    // A wrong password still gets the usual answer: the leaver's state is told only to the owner.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: mallory.email, password: 'not-the-password' } });
    expect(wrong.json().msg).toBe('Invalid email or password');

    // The admin moves the access date to 31 December: the leaver reads again until then.
    const bad = await call('PUT', '/api/company/leaver-access', t.admin.token, { month: 2, day: 30 });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, expect.stringMatching(/day/)]);
    expect((await call('PUT', '/api/company/leaver-access', mallory.token, { month: 12, day: 31 })).statusCode).toBe(401);
    const moved = await call('PUT', '/api/company/leaver-access', t.admin.token, { month: 12, day: 31 });
    expect([moved.statusCode, moved.json()]).toEqual([200, { month: 12, day: 31 }]);
    expect((await call('GET', '/api/company/leaver-access', t.admin.token)).json()).toEqual({ month: 12, day: 31 });
    expect((await signIn(mallory)).statusCode).toBe(200);
    expect((await call('GET', '/api/employee/me/access', mallory.token)).json()).toEqual({ scope: 'former-employee', leftOn: '2026-03-20', accessUntil: '2026-12-31' });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action']).where('action', '=', 'leaver-access.update').execute();
    expect(audit).toHaveLength(1);

    // And on 1 January 2027 it ends.
    now = new Date('2027-01-01T06:30:00Z');
    expect((await call('GET', '/api/employee/me', mallory.token)).json()).toEqual({ msg: LEAVER_MSG.ended('2026-12-31') });
  });
});
