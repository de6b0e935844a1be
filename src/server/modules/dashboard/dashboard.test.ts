import type { AdminDashboardSummary, EmployeeDashboardFigures } from '../../../shared/schemas/dashboard';
import type { AbsentToday } from '../../../shared/schemas/attendance';
import { SERVER_MSG } from '../../../shared/messages';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { approveQuietly } from '../../test/salary-test-helpers';

// 11:30 in Asia/Kolkata (the test app's zone) on Tuesday 10 March 2026.
const NOW = new Date('2026-03-10T06:00:00.000Z');
const TODAY = '2026-03-10';

describe.each(engines)('dashboard figures on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  let bob: TestEmployee;
  let carol: TestEmployee;
  let gone: TestEmployee;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice' });
    bob = await t.employee({ name: 'Bob' });
    // Joined this month: no complete month to have a slip for yet.
    carol = await t.employee({ name: 'Carol', joinedOn: '2026-03-02' });
    gone = await t.employee({ name: 'Gone' });
  });
  afterEach(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  const db = () => t.ctx.database.db;
  const at = NOW.toISOString();

  const attend = (e: TestEmployee, date: string, status = 'P', punchOut: string | null = `${date}T12:30:00.000Z`) =>
    db().insertInto('attendance').values({ user_id: e.id, date, status, punch_in: `${date}T03:40:00.000Z`, punch_out: punchOut }).execute();
  const leave = (e: TestEmployee, start: string, end: string, status: 'pending' | 'approved' | 'rejected') =>
    db().insertInto('leaves').values({ user_id: e.id, start_date: start, end_date: end, reason: 'Family', status, created_at: at }).execute();
  const task = (e: TestEmployee, status: 'assigned' | 'in-progress' | 'completed') =>
    db().insertInto('tasks').values({ user_id: e.id, title: 'Report', description: 'Two pages', status, assigned_by: t.admin.id, created_at: at, updated_at: at }).execute();
  const payrollRun = async (month: string, status: 'running' | 'done', items: ('sent' | 'failed' | 'pending')[]) => {
    const run = await db()
      .insertInto('payroll_runs')
      .values({ month, status, total: items.length, created_by: t.admin.id, created_at: at, finished_at: status === 'done' ? at : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = [alice, bob, carol];
    for (const [i, item] of items.entries()) {
      await db().insertInto('payroll_run_items').values({ run_id: run.id, user_id: people[i]!.id, status: item, error: item === 'failed' ? '550 mailbox unavailable' : null, updated_at: at }).execute();
    }
    return String(run.id);
  };

  /** A company with a history: punches, leave of every status, tasks, and a deactivated employee. */
  async function seedCompany() {
    await attend(alice, TODAY, 'P', null); // punched in, still at work
    await attend(alice, '2026-03-02');
    await attend(alice, '2026-03-03');
    await attend(alice, '2026-03-04', 'H');
    await attend(alice, '2026-03-05', 'A', null);
    await attend(alice, '2026-02-27'); // last month: not this month's
    await attend(bob, '2026-03-09');

    await leave(alice, '2025-12-30', '2026-01-02', 'approved'); // 2 of its days are this year's
    await leave(alice, '2026-01-05', '2026-01-07', 'approved'); // 3 days
    await leave(alice, '2026-03-09', '2026-03-11', 'approved'); // covers today; 2 days taken so far
    await leave(alice, '2026-02-10', '2026-02-12', 'rejected');
    await leave(alice, '2026-04-01', '2026-04-02', 'pending');
    await leave(bob, '2026-03-10', '2026-03-10', 'approved'); // covers today
    await leave(bob, '2026-03-01', '2026-03-09', 'approved'); // ended yesterday
    await leave(gone, '2026-03-10', '2026-03-12', 'approved'); // covers today, but Gone has left
    await leave(gone, '2026-05-01', '2026-05-01', 'pending');

    await task(alice, 'assigned');
    await task(alice, 'in-progress');
    await task(alice, 'completed');
    await task(bob, 'assigned');
    await task(carol, 'completed');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/employee/${gone.id}`, headers: auth(t.admin.token) });
    expect(removed.statusCode).toBe(200);
  }

  describe('GET /api/dashboard/summary', () => {
    it('counts active employees, who is on leave today, pending requests, open tasks and the last payroll run', async () => {
      await seedCompany();
      await payrollRun('2026-01', 'done', ['sent', 'sent', 'sent']);
      await payrollRun('2026-02', 'running', ['sent', 'failed', 'pending']);

      const res = await get('/api/dashboard/summary', t.admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const summary: AdminDashboardSummary = res.json();
      expect(summary).toEqual({
        date: TODAY,
        activeEmployees: 3,
        onLeaveToday: 2,
        // Both pending requests, as the Leave Requests list shows them (Gone's included).
        pendingLeaveRequests: 2,
        pendingAttendanceCorrections: 0,
        openTasks: 3,
        lastPayrollRun: {
          _id: expect.any(String),
          month: '2026-02',
          status: 'running',
          total: 3,
          sent: 1,
          failed: 1,
          pending: 1,
          createdAt: at,
          finishedAt: null,
        },
        // Alice punched in (her leave does not make her absent or on leave too), Bob is on leave,
        // Carol has no punch on a working day; Gone left. 1 + 1 + 1 + 0 = 3 employed.
        today: { employed: 3, present: 1, onLeave: 1, absent: 1, off: 0, dayOff: null },
      });
    });

    it('adds up today: present + absent + on leave + off today = employed (joined by today, not left)', async () => {
      await seedCompany();
      // Not employed yet today: counted nowhere.
      const future = await t.employee({ name: 'Future', joinedOn: '2026-04-01' });
      await leave(future, TODAY, TODAY, 'approved');
      // On leave and without a punch: on leave, not absent.
      const dev = await t.employee({ name: 'Dev' });
      await leave(dev, '2026-03-09', '2026-03-12', 'approved');
      // A non-present record (A) is no punch in: absent.
      const eve = await t.employee({ name: 'Eve' });
      await attend(eve, TODAY, 'A', null);
      const hal = await t.employee({ name: 'Hal' });
      await attend(hal, TODAY, 'H');

      const working = (await get('/api/dashboard/summary', t.admin.token)).json<AdminDashboardSummary>().today;
      // Alice, Bob, Carol, Dev, Eve, Hal.
      expect(working).toEqual({ employed: 6, present: 2, onLeave: 2, absent: 2, off: 0, dayOff: null });
      expect(working.present + working.absent + working.onLeave + working.off).toBe(working.employed);
      // The two absent by name, from the same rule: Carol (no punch) and Eve (an A record).
      const absent = (await get('/api/attendance/absent-today', t.admin.token)).json<AbsentToday>();
      expect(absent).toEqual({ date: TODAY, dayOff: null, total: 2, people: [expect.objectContaining({ name: 'Carol' }), expect.objectContaining({ name: 'Eve' })] });
      expect(absent.people[0]).toEqual({ employeeId: expect.stringMatching(/^EMP\d+$/), name: 'Carol', email: expect.any(String) });
      // A search by part of a name, an ID or an email; LIKE's own characters match themselves.
      expect((await get('/api/attendance/absent-today?q=EV', t.admin.token)).json<AbsentToday>()).toMatchObject({ total: 1, people: [{ name: 'Eve' }] });
      expect((await get(`/api/attendance/absent-today?q=${absent.people[0]!.employeeId.toLowerCase()}`, t.admin.token)).json<AbsentToday>().people.map((p) => p.name)).toEqual(['Carol']);
      expect((await get('/api/attendance/absent-today?q=%25', t.admin.token)).json<AbsentToday>().total).toBe(0);
      expect((await get('/api/attendance/absent-today?limit=1', t.admin.token)).json<AbsentToday>()).toMatchObject({ total: 2, people: [{ name: 'Carol' }] });
      const bad = await get('/api/attendance/absent-today?limit=0&q=a%07b', t.admin.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/limit must be between 1 and 2000|q must be one line/);

      // The same day as a holiday: those neither present nor on leave are off today, nobody absent.
      await db().insertInto('holidays').values({ date: TODAY, name: 'Holi', created_at: at }).execute();
      const holiday = (await get('/api/dashboard/summary', t.admin.token)).json<AdminDashboardSummary>().today;
      expect(holiday).toEqual({ employed: 6, present: 2, onLeave: 2, absent: 0, off: 2, dayOff: 'holiday' });
      expect(holiday.present + holiday.absent + holiday.onLeave + holiday.off).toBe(holiday.employed);
      expect((await get('/api/attendance/absent-today', t.admin.token)).json<AbsentToday>()).toEqual({ date: TODAY, dayOff: 'holiday', total: 0, people: [] });
    });

    it('answers zeros and no payroll run for a fresh company', async () => {
      const fresh = await createTestApp(engine, { overrides: { now: () => NOW } });
      try {
        const res = await fresh.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: auth(fresh.admin.token) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          date: TODAY,
          activeEmployees: 0,
          onLeaveToday: 0,
          pendingLeaveRequests: 0,
          pendingAttendanceCorrections: 0,
          openTasks: 0,
          lastPayrollRun: null,
          today: { employed: 0, present: 0, onLeave: 0, absent: 0, off: 0, dayOff: null },
        });
      } finally {
        await fresh.close();
      }
    });

    it('follows the figures as they change: a decided request and a finished task leave the counts', async () => {
      await leave(bob, '2026-03-10', '2026-03-10', 'pending');
      await task(bob, 'assigned');
      const before: AdminDashboardSummary = (await get('/api/dashboard/summary', t.admin.token)).json();
      expect(before).toMatchObject({ onLeaveToday: 0, pendingLeaveRequests: 1, openTasks: 1 });

      const [pending] = (await get('/api/leave?status=pending', t.admin.token)).json() as { _id: string }[];
      const decided = await t.app.inject({ method: 'PUT', url: `/api/leave/approve/${pending!._id}`, headers: auth(t.admin.token), payload: { status: 'approved' } });
      expect(decided.statusCode).toBe(200);
      const [open] = (await get('/api/task', bob.token)).json() as { _id: string }[];
      const done = await t.app.inject({ method: 'PUT', url: `/api/task/${open!._id}`, headers: auth(bob.token), payload: { status: 'completed' } });
      expect(done.statusCode).toBe(200);

      const after: AdminDashboardSummary = (await get('/api/dashboard/summary', t.admin.token)).json();
      expect(after).toMatchObject({ onLeaveToday: 1, pendingLeaveRequests: 0, openTasks: 0 });
    });

    it('is for admins only: 401 without a token, 403 for an employee', async () => {
      const anonymous = await get('/api/dashboard/summary');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ msg: SERVER_MSG.missingToken });
      const employee = await get('/api/dashboard/summary', alice.token);
      expect(employee.statusCode).toBe(403);
      expect(employee.json()).toEqual({ msg: SERVER_MSG.forbidden });
    });
  });

  describe('GET /api/dashboard/me', () => {
    it("answers the caller's own figures: today's punch, days present this month, leave taken this year, open tasks, latest slip", async () => {
      await seedCompany();
      // The latest slip offered is one the employee can download: February, once approved.
      await approveQuietly(t, '2026-02');
      const res = await get('/api/dashboard/me', alice.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const figures: EmployeeDashboardFigures = res.json();
      expect(figures).toEqual({
        date: TODAY,
        today: { status: 'P', punchIn: `${TODAY}T03:40:00.000Z`, punchOut: null },
        // 2, 3 (P), 4 (H) and today; the 5th was an absence and 27 February is last month.
        presentDaysThisMonth: 4,
        // 1-2 January, 5-7 January, 9-10 March (the rest of that leave is still ahead); the rejected one not.
        leaveDaysThisYear: 7,
        leaveYear: '2026',
        openTasks: 2,
        latestSlipMonth: '2026-02',
      });
    });

    it("counts leave from the first day of the company's leave year and names it", async () => {
      await seedCompany();
      await t.app.inject({ method: 'PUT', url: '/api/leave-settings', headers: auth(t.admin.token), payload: { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [] } } });
      // April to March: 10 March 2026 is in leave year 2025-26, which also holds 30 and 31 December 2025.
      expect((await get('/api/dashboard/me', alice.token)).json()).toMatchObject({ leaveDaysThisYear: 9, leaveYear: '2025-26' });
    });

    it("gives each employee only their own: Bob's figures hold none of Alice's", async () => {
      await seedCompany();
      await approveQuietly(t, '2026-02');
      const figures: EmployeeDashboardFigures = (await get('/api/dashboard/me', bob.token)).json();
      expect(figures).toEqual({
        date: TODAY,
        today: null,
        presentDaysThisMonth: 1,
        // 1-9 March, and today.
        leaveDaysThisYear: 10,
        leaveYear: '2026',
        openTasks: 1,
        latestSlipMonth: '2026-02',
      });
    });

    it('has no latest slip for someone who joined this month, and follows a punch out', async () => {
      const before: EmployeeDashboardFigures = (await get('/api/dashboard/me', carol.token)).json();
      expect(before).toMatchObject({ today: null, presentDaysThisMonth: 0, leaveDaysThisYear: 0, openTasks: 0, latestSlipMonth: null });

      expect((await t.app.inject({ method: 'POST', url: '/api/attendance/punch-in', headers: auth(carol.token) })).statusCode).toBe(200);
      const punchedIn: EmployeeDashboardFigures = (await get('/api/dashboard/me', carol.token)).json();
      expect(punchedIn.today).toEqual({ status: 'P', punchIn: at, punchOut: null });
      expect(punchedIn.presentDaysThisMonth).toBe(1);

      expect((await t.app.inject({ method: 'POST', url: '/api/attendance/punch-out', headers: auth(carol.token) })).statusCode).toBe(200);
      const punchedOut: EmployeeDashboardFigures = (await get('/api/dashboard/me', carol.token)).json();
      expect(punchedOut.today).toEqual({ status: 'P', punchIn: at, punchOut: at });
    });

    it('is for employees only: 401 without a token, 403 for an admin, 401 once deactivated', async () => {
      expect((await get('/api/dashboard/me')).statusCode).toBe(401);
      const admin = await get('/api/dashboard/me', t.admin.token);
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({ msg: SERVER_MSG.forbidden });
      await t.app.inject({ method: 'DELETE', url: `/api/employee/${gone.id}`, headers: auth(t.admin.token) });
      expect((await get('/api/dashboard/me', gone.token)).statusCode).toBe(401);
    });
  });
});
