import { createMailer } from '../../mail/mailer';
import { startTestSmtp, type TestSmtp } from '../../mail/smtp-test-server';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';
import { LEAVE_MSG } from '../leaves';
import { deliverDigests } from './notification-mail';
import { TEAM_MSG } from './team-service';

// Mondays far ahead: working days, inside the default balances.
const DAY = '2031-03-03';
const NEXT = '2031-03-10';

describe.each(engines)('approvals through managers on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let mailer: ReturnType<typeof createMailer>;
  let meera: TestEmployee; // manager
  let ravi: TestEmployee; // reports to meera
  let kiran: TestEmployee; // meera's stand-in
  let now: Date;

  beforeEach(async () => {
    smtp = await startTestSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@test.local', outboxDir: '/tmp', retries: 0 });
    now = new Date('2031-03-01T06:00:00Z');
    t = await createTestApp(engine, { overrides: { mailer, now: () => now } });
    meera = await t.employee({ name: 'Meera Manager', email: 'meera@example.com', joinedOn: '2030-01-01' });
    ravi = await t.employee({ name: 'Ravi Report', email: 'ravi@example.com', joinedOn: '2030-01-01' });
    kiran = await t.employee({ name: 'Kiran Standin', email: 'kiran@example.com', joinedOn: '2030-01-01' });
    await t.ctx.database.db.updateTable('employees').set({ manager_id: meera.id }).where('user_id', '=', ravi.id).execute();
  });
  afterEach(async () => {
    await t.app.notifications.idle();
    await t.close();
    mailer.close();
    await smtp.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: auth(token) });
  const request = async (start = DAY, extra: object = {}) => {
    const res = await call(ravi.token, 'POST', '/api/leave', { startDate: start, endDate: start, reason: 'Family event', ...extra });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  const mailTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
  const own = async () => (await call(ravi.token, 'GET', '/api/leave')).json() as { _id: string; status: string; decidedBy?: string; decidedAs?: string; remark?: string; stage?: string; cancelled?: object }[];

  it('sends a request to the manager by mail, who approves it with a remark; the report sees who and why, and is told', async () => {
    const id = await request();
    await eventually(() => mailTo('meera@example.com').length === 1, 10_000, 'the manager mail');
    const toManager = mailTo('meera@example.com')[0]!;
    expect(toManager.text).toContain('Ravi Report filed a leave request');
    expect(toManager.text).toContain('/employee/team');
    expect(toManager.text).not.toMatch(/salary|₹|rupee/i);

    const team = (await call(meera.token, 'GET', '/api/leave?scope=team')).json();
    expect(team).toEqual([expect.objectContaining({ _id: id, requester: { employeeId: expect.any(String), name: 'Ravi Report' }, stage: 'manager', canDecide: true })]);
    expect((await call(meera.token, 'GET', '/api/team/summary')).json()).toEqual({ hasReports: true, waiting: 1, managerPowers: true });

    const res = await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved', remark: 'Enjoy' });
    expect(res.json()).toEqual({ msg: LEAVE_MSG.decided('approved') });
    expect((await own())[0]).toMatchObject({ status: 'approved', decidedBy: 'Meera Manager', decidedAs: 'manager', remark: 'Enjoy' });
    await eventually(() => mailTo('ravi@example.com').length === 1, 10_000, 'the decision mail');
    expect(mailTo('ravi@example.com')[0]!.text).toContain('was approved by Meera Manager');
    // Sent once only, however often the sweep runs.
    await t.app.notifications.kick();
    await t.app.notifications.kick();
    expect(mailTo('ravi@example.com')).toHaveLength(1);
    expect(mailTo('meera@example.com')).toHaveLength(1);
  });

  it("lists the team's waiting requests first, so the cap never pushes an old one out", async () => {
    const waiting = await request('2031-03-03');
    const decided = [await request('2031-03-04'), await request('2031-03-05')];
    for (const id of decided) expect((await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(200);
    const capped = (await call(meera.token, 'GET', '/api/leave?scope=team&limit=2')).json() as { _id: string; status: string }[];
    expect(capped.map((l) => [l._id, l.status])).toEqual([
      [waiting, 'pending'],
      [decided[1], 'approved'],
    ]);
  });

  it('refuses the requester and strangers with 403, a stand-in decides inside the range only, and it is recorded', async () => {
    const id = await request();
    expect((await call(ravi.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(kiran.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(kiran.token, 'GET', '/api/leave?scope=team')).json()).toEqual([]);
    // Kiran works beside Meera (they share a manager), so Meera may name them.
    const boss = await t.employee({ name: 'Bina Boss', email: 'bina@example.com', joinedOn: '2030-01-01' });
    await t.ctx.database.db.updateTable('employees').set({ manager_id: boss.id }).where('user_id', 'in', [meera.id, kiran.id]).execute();
    const named = await call(meera.token, 'POST', '/api/team/stand-ins', { standInId: String(kiran.id), from: '2031-03-01', to: '2031-03-05' });
    expect(named.statusCode).toBe(201);
    // A stand-in sees what they may decide, not the team's data.
    expect(((await call(kiran.token, 'GET', '/api/leave?scope=team')).json() as { _id: string }[]).map((l) => l._id)).toEqual([id]);
    expect((await call(kiran.token, 'GET', '/api/team/attendance')).json().members).toEqual([]);
    now = new Date('2031-03-06T06:00:00Z');
    expect((await call(kiran.token, 'PUT', `/api/leave/approve/${id}`, { status: 'rejected' })).statusCode).toBe(403);
    now = new Date('2031-03-05T06:00:00Z');
    expect((await call(kiran.token, 'PUT', `/api/leave/approve/${id}`, { status: 'rejected', remark: 'Cover is short' })).statusCode).toBe(200);
    expect((await own())[0]).toMatchObject({ status: 'rejected', decidedBy: 'Kiran Standin', decidedAs: 'stand-in', remark: 'Cover is short' });
  });

  it('offers as stand-ins the manager’s reports, own manager and the people beside them, names only', async () => {
    const db = t.ctx.database.db;
    const boss = await t.employee({ name: 'Bina Boss', email: 'bina@example.com', joinedOn: '2030-01-01' });
    const stranger = await t.employee({ name: 'Sam Stranger', email: 'sam@example.com', joinedOn: '2030-01-01' });
    await db.updateTable('employees').set({ manager_id: boss.id }).where('user_id', 'in', [meera.id, kiran.id]).execute();
    const res = await call(meera.token, 'GET', '/api/team/stand-in-candidates');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: String(boss.id), employeeId: boss.employeeId, name: 'Bina Boss', relation: 'manager' },
      { _id: String(kiran.id), employeeId: kiran.employeeId, name: 'Kiran Standin', relation: 'peer' },
      { _id: String(ravi.id), employeeId: ravi.employeeId, name: 'Ravi Report', relation: 'report' },
    ]);
    expect(res.body).not.toContain(String(stranger.employeeId));
    expect(res.body).not.toMatch(/salary|email/i);
    // Someone who manages nobody and has no manager has nobody to offer.
    expect((await call(stranger.token, 'GET', '/api/team/stand-in-candidates')).json()).toEqual([]);

    // The server holds the same line: nobody outside the offer, however they got the id.
    const name = (token: string, who: TestEmployee) => call(token, 'POST', '/api/team/stand-ins', { standInId: String(who.id), from: '2031-03-01', to: '2031-03-05' });
    const refused = await name(meera.token, stranger);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ msg: TEAM_MSG.standInNotCandidate });
    expect(refused.json().msg).toMatch(/^standInId: /);
    expect((await name(stranger.token, meera)).json()).toEqual({ msg: TEAM_MSG.standInNotCandidate });
    expect((await name(meera.token, meera)).json()).toEqual({ msg: TEAM_MSG.standInSelf });
    for (const who of [boss, kiran, ravi]) expect((await name(meera.token, who)).statusCode).toBe(201);
    // A candidate who has since been deactivated is no longer offered, nor accepted.
    await db.updateTable('users').set({ active: 0 }).where('id', '=', kiran.id).execute();
    expect((await name(meera.token, kiran)).json()).toEqual({ msg: TEAM_MSG.standInUnknown });
    expect(((await call(meera.token, 'GET', '/api/team/stand-ins')).json() as { name: string }[]).map((s) => s.name).sort()).toEqual(['Bina Boss', 'Kiran Standin', 'Ravi Report']);
  });

  it('adds reports’ reports to the view with the skip-level setting, and leaves the deciding with the direct manager', async () => {
    const db = t.ctx.database.db;
    const boss = await t.employee({ name: 'Bina Boss', email: 'bina@example.com', joinedOn: '2030-01-01' });
    await db.updateTable('employees').set({ manager_id: boss.id }).where('user_id', '=', meera.id).execute();
    const id = await request();
    const names = async (url: string) => ((await call(boss.token, 'GET', url)).json() as { name: string }[]).map((p) => p.name).sort();
    const view = async () => ({
      today: ((await call(boss.token, 'GET', '/api/team/attendance')).json().members as { name: string }[]).map((p) => p.name).sort(),
      balances: await names('/api/team/leave-balances'),
      requests: ((await call(boss.token, 'GET', '/api/leave?scope=team')).json() as { _id: string; canDecide: boolean }[]).map((l) => [l._id, l.canDecide]),
    });
    expect(await view()).toEqual({ today: ['Meera Manager'], balances: ['Meera Manager'], requests: [] });

    expect((await call(t.admin.token, 'PUT', '/api/approval-settings', { skipLevel: true, escalateAfterDays: 3 })).statusCode).toBe(200);
    expect(await view()).toEqual({ today: ['Meera Manager', 'Ravi Report'], balances: ['Meera Manager', 'Ravi Report'], requests: [[id, false]] });
    expect((await call(boss.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(200);
  });

  it('routes a manager-then-HR type through both, an HR-only type and a person without a manager to HR', async () => {
    const db = t.ctx.database.db;
    const sick = await db.selectFrom('leave_types').select('id').where('name', '=', 'Sick').executeTakeFirstOrThrow();
    await db.updateTable('leave_types').set({ route: 'manager-then-hr' }).where('id', '=', sick.id).execute();
    const id = await request(DAY, { leaveTypeId: String(sick.id) });
    expect((await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).json()).toEqual({ msg: LEAVE_MSG.sentToHr });
    expect((await own())[0]).toMatchObject({ status: 'pending', stage: 'hr', managerApproval: { by: 'Meera Manager', as: 'manager' } });
    // The manager's part is done: a second manager approval is not theirs to give.
    expect((await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(t.admin.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(200);
    expect((await own())[0]).toMatchObject({ status: 'approved', decidedAs: 'admin' });
    await eventually(() => mailTo('admin@test.local').length >= 1, 10_000, 'HR told');

    await db.updateTable('leave_types').set({ route: 'hr' }).where('id', '=', sick.id).execute();
    await request(NEXT, { leaveTypeId: String(sick.id) });
    expect((await own())[0]).toMatchObject({ stage: 'hr' });
    const lone = await call(meera.token, 'POST', '/api/leave', { startDate: DAY, endDate: DAY, reason: 'Trip' });
    expect(lone.statusCode).toBe(201);
    expect(((await call(meera.token, 'GET', '/api/leave')).json() as { stage: string }[])[0]!.stage).toBe('hr');
  });

  it('withdraws, asks to cancel, and cancels approved leave with a reason, restoring the balance', async () => {
    const balance = async () => ((await call(ravi.token, 'GET', '/api/leave-balances/me')).json().balances as { leaveType: string; available: number }[])[0]!.available;
    const before = await balance();
    const pending = await request();
    expect(await balance()).toBe(before - 1);
    // Each list says what its caller may do: the requester withdraws; the manager has nothing to cancel yet.
    expect((await own())[0]).toMatchObject({ cancelAction: 'withdraw' });
    expect(((await call(meera.token, 'GET', '/api/leave?scope=team')).json() as object[])[0]).not.toHaveProperty('cancelAction');
    expect((await call(ravi.token, 'PUT', `/api/leave/cancel/${pending}`, {})).json()).toEqual({ msg: LEAVE_MSG.withdrawn });
    expect(await balance()).toBe(before);
    expect((await own())[0]).toMatchObject({ status: 'cancelled', cancelled: { by: 'Ravi Report', reason: null } });

    const id = await request(NEXT);
    await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' });
    const teamRow = async (token: string) => ((await call(token, 'GET', '/api/leave?scope=team')).json() as { _id: string; cancelAction?: string }[]).find((l) => l._id === id);
    expect((await own())[0]).toMatchObject({ cancelAction: 'ask' });
    expect(await teamRow(meera.token)).toMatchObject({ cancelAction: 'cancel' });
    expect(((await call(t.admin.token, 'GET', '/api/leave')).json() as { _id: string }[]).find((l) => l._id === id)).toMatchObject({ cancelAction: 'cancel' });
    expect(await teamRow(kiran.token)).toBeUndefined();
    expect((await call(ravi.token, 'PUT', `/api/leave/cancel/${id}`, { reason: 'Trip called off' })).json()).toEqual({ msg: LEAVE_MSG.cancelAsked });
    expect((await own())[0]).toMatchObject({ status: 'approved', cancelRequested: { reason: 'Trip called off' } });
    // Asked once: the requester has nothing more to do; the manager still cancels.
    expect((await own())[0]).not.toHaveProperty('cancelAction');
    expect(await teamRow(meera.token)).toMatchObject({ cancelAction: 'cancel', cancelRequested: { reason: 'Trip called off' } });
    expect((await call(meera.token, 'PUT', `/api/leave/cancel/${id}`, {})).statusCode).toBe(400);
    expect((await call(kiran.token, 'PUT', `/api/leave/cancel/${id}`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(meera.token, 'PUT', `/api/leave/cancel/${id}`, { reason: 'As asked' })).json()).toEqual({ msg: LEAVE_MSG.cancelled });
    expect(await balance()).toBe(before);
    expect((await own())[0]).toMatchObject({ status: 'cancelled', cancelled: { by: 'Meera Manager', reason: 'As asked' } });
    expect((await own())[0]).not.toHaveProperty('cancelAction');
    expect(await teamRow(meera.token)).not.toHaveProperty('cancelAction');
  });

  it('offers no asking to cancel approved leave once it has started', async () => {
    const id = await request();
    await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' });
    now = new Date(`${DAY}T06:00:00Z`);
    expect((await own())[0]).not.toHaveProperty('cancelAction');
    expect((await call(ravi.token, 'PUT', `/api/leave/cancel/${id}`, {})).statusCode).toBe(409);
  });

  it('lets a manager decide a report’s attendance correction, and tells both', async () => {
    now = new Date('2031-03-05T06:00:00Z');
    const day = '2031-03-03';
    const res = await call(ravi.token, 'POST', '/api/attendance/corrections', { date: day, inTime: '09:30', outTime: '18:00', kind: 'missed-punch-out', reason: 'Forgot' });
    expect(res.statusCode).toBe(201);
    await eventually(() => mailTo('meera@example.com').length === 1, 10_000, 'the correction mail');
    const list = (await call(meera.token, 'GET', '/api/attendance/corrections?scope=team')).json();
    expect(list).toEqual([expect.objectContaining({ requester: { employeeId: expect.any(String), name: 'Ravi Report' }, canDecide: true })]);
    expect((await call(meera.token, 'GET', '/api/attendance/corrections')).statusCode).toBe(403);
    expect((await call(meera.token, 'PUT', `/api/attendance/corrections/${res.json()._id}`, { status: 'approved', remark: 'ok' })).statusCode).toBe(200);
    await eventually(() => mailTo('ravi@example.com').length === 1, 10_000, 'the correction decision mail');
  });

  it('keeps a digest reader’s mail for one daily summary, sent once', async () => {
    await call(meera.token, 'PUT', '/api/notifications/preferences', { digest: true });
    await request();
    await request(NEXT);
    await t.app.notifications.kick();
    expect(mailTo('meera@example.com')).toHaveLength(0);
    expect(await deliverDigests(t.ctx)).toBe(0); // the same day: nothing yet
    now = new Date('2031-03-02T06:00:00Z');
    expect(await deliverDigests(t.ctx)).toBe(1);
    expect(await deliverDigests(t.ctx)).toBe(0);
    const digest = mailTo('meera@example.com');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text.match(/Ravi Report filed a leave request/g)).toHaveLength(2);
  });

  it('turns manager powers off with the email-only sign-in: requests go to HR, a manager decides nothing', async () => {
    const t2 = await createTestApp(engine, { env: { EMPLOYEE_LOGIN: 'email-only' } });
    try {
      const [m, r] = [await t2.employee({ email: 'm@example.com' }), await t2.employee({ email: 'r@example.com' })];
      await t2.ctx.database.db.updateTable('employees').set({ manager_id: m.id }).where('user_id', '=', r.id).execute();
      const res = await t2.app.inject({ method: 'POST', url: '/api/leave', headers: auth(r.token), payload: { startDate: DAY, endDate: DAY, reason: 'x' } });
      expect((await t2.app.inject({ method: 'PUT', url: `/api/leave/approve/${res.json()._id}`, headers: auth(m.token), payload: { status: 'approved' } })).statusCode).toBe(403);
      expect((await t2.app.inject({ method: 'GET', url: '/api/team/summary', headers: auth(m.token) })).json()).toEqual({ hasReports: false, waiting: 0, managerPowers: false });
    } finally {
      await t2.close();
    }
  });
});
