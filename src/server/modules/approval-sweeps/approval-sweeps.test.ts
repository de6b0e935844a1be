import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { createApprovalSweeps } from './approval-sweeps';

// A Monday far ahead, inside the default balances; requests are filed on 2031-03-01.
const DAY = '2031-03-10';

interface Bell {
  unread: number;
  items: { _id: string; kind: string; title: string; body: string; read: boolean }[];
}

describe.each(engines)('approval sweeps and the bell on %s', (engine) => {
  let t: TestApp;
  let boss: TestEmployee; // meera's manager
  let meera: TestEmployee; // ravi's manager
  let ravi: TestEmployee;
  let now: Date;

  beforeEach(async () => {
    now = new Date('2031-03-01T06:00:00Z');
    t = await createTestApp(engine, { overrides: { now: () => now } });
    boss = await t.employee({ name: 'Bina Boss', email: 'bina@example.com', joinedOn: '2030-01-01' });
    meera = await t.employee({ name: 'Meera Manager', email: 'meera@example.com', joinedOn: '2030-01-01' });
    ravi = await t.employee({ name: 'Ravi Report', email: 'ravi@example.com', joinedOn: '2030-01-01' });
    await t.ctx.database.db.updateTable('employees').set({ manager_id: meera.id }).where('user_id', '=', ravi.id).execute();
  });
  afterEach(async () => {
    await t.app.notifications.idle();
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: auth(token) });
  const request = async () => {
    const res = await call(ravi.token, 'POST', '/api/leave', { startDate: DAY, endDate: DAY, reason: 'Family event' });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  const bell = async (token: string) => (await call(token, 'GET', '/api/notifications')).json() as Bell;
  const sweep = () => createApprovalSweeps(t.ctx).sweep();
  const leaving = (userId: number, leftOn: string) =>
    t.ctx.database.db
      .insertInto('employee_statutory')
      .values({ user_id: userId, left_on: leftOn, pf_on_full_wages: 0, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ left_on: leftOn }))
      .execute();
  const managerOf = async (userId: number) => (await t.ctx.database.db.selectFrom('employees').select('manager_id').where('user_id', '=', userId).executeTakeFirstOrThrow()).manager_id;

  it('tells HR once when a request waits for its manager more than the set days; the manager can still decide', async () => {
    const id = await request();
    now = new Date('2031-03-04T06:00:00Z'); // three days: not more than three
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    expect((await bell(t.admin.token)).items.filter((n) => n.title.includes('waiting too long'))).toEqual([]);
    now = new Date('2031-03-05T06:00:00Z');
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 1 });
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    const hr = await bell(t.admin.token);
    expect(hr.items.filter((n) => n.title === 'Ravi Report asks for leave (waiting too long)')).toHaveLength(1);
    expect(hr.items[0]!.body).toContain('It has waited longer than the company allows');
    expect(((await call(t.admin.token, 'GET', '/api/leave')).json() as { _id: string; escalated?: boolean }[]).find((l) => l._id === id)).toMatchObject({ escalated: true });
    expect((await call(meera.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved', remark: 'Late, sorry' })).statusCode).toBe(200);
  });

  it('does not escalate when the setting is off', async () => {
    await call(t.admin.token, 'PUT', '/api/approval-settings', { skipLevel: false, escalateAfterDays: null });
    await request();
    now = new Date('2031-04-01T06:00:00Z');
    expect((await sweep()).escalated).toBe(0);
  });

  it('hands a leaving manager’s report to their own manager after the leaving date, with the waiting request', async () => {
    await t.ctx.database.db.updateTable('employees').set({ manager_id: boss.id }).where('user_id', '=', meera.id).execute();
    const id = await request();
    await leaving(meera.id, '2031-03-02');
    now = new Date('2031-03-02T06:00:00Z'); // the last day: still the manager
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    expect((await call(meera.token, 'GET', '/api/leave?scope=team')).json()).toEqual([expect.objectContaining({ _id: id, canDecide: true })]);

    now = new Date('2031-03-03T06:00:00Z');
    // The leaving date counts at once, before any sweep: nobody decides as that manager.
    expect((await call(boss.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved' })).statusCode).toBe(403);
    expect(await sweep()).toEqual({ handedOver: 1, toHr: 0, escalated: 0 });
    expect(Number(await managerOf(ravi.id))).toBe(boss.id);
    expect((await bell(boss.token)).items[0]).toMatchObject({ kind: 'team.handover', title: 'Ravi Report now reports to you', read: false });
    expect((await call(boss.token, 'PUT', `/api/leave/approve/${id}`, { status: 'approved', remark: 'Covered' })).statusCode).toBe(200);
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', '=', 'employee.manager-handover').execute();
    expect(audit).toEqual([{ action: 'employee.manager-handover', actor_id: null }]);
  });

  it('moves a deactivated manager’s waiting request to HR when nobody manages them, and asks HR to reassign', async () => {
    const id = await request();
    await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', meera.id).execute();
    expect(await sweep()).toEqual({ handedOver: 1, toHr: 1, escalated: 0 });
    expect(await managerOf(ravi.id)).toBeNull();
    const own = (await call(ravi.token, 'GET', '/api/leave')).json() as { _id: string; stage: string }[];
    expect(own[0]).toMatchObject({ _id: id, stage: 'hr' });
    const hr = await bell(t.admin.token);
    expect(hr.items.map((n) => n.kind)).toEqual(expect.arrayContaining(['team.reassign', 'leave.request']));
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
  });

  it('lists only the caller’s own notifications and marks them read, given ones or all', async () => {
    const first = await request();
    await call(meera.token, 'PUT', `/api/leave/approve/${first}`, { status: 'rejected', remark: 'Busy week' });
    const mine = await bell(ravi.token);
    expect(mine.unread).toBe(1);
    expect(mine.items).toEqual([expect.objectContaining({ kind: 'leave.decision', title: 'your leave request was rejected', read: false })]);
    expect(mine.items[0]!.body).toContain('Remark: Busy week');
    const meeras = await bell(meera.token);
    expect(meeras.unread).toBe(1);

    // Another person's id is ignored.
    expect((await call(ravi.token, 'PUT', '/api/notifications/read', { ids: [meeras.items[0]!._id] })).json()).toEqual({ msg: 'Marked read', unread: 1 });
    expect((await bell(meera.token)).unread).toBe(1);
    expect((await call(ravi.token, 'PUT', '/api/notifications/read', { ids: [mine.items[0]!._id] })).json()).toEqual({ msg: 'Marked read', unread: 0 });
    expect((await bell(ravi.token)).items[0]!.read).toBe(true);
    expect((await call(meera.token, 'PUT', '/api/notifications/read', {})).json()).toEqual({ msg: 'Marked read', unread: 0 });
    expect((await call(meera.token, 'PUT', '/api/notifications/read', { ids: ['x'] })).statusCode).toBe(400);
  });
});
