/**
 * Comp-off on both engines, the worked example "comp-off earned and expiring": a Sunday worked whole
 * and a holiday worked half earn 1 and 0.5 days once the manager approves them; a day of
 * compensatory-off leave spends the credit that expires first; the other lapses on its last day, so
 * leave after it is refused. Also the refusals (a working day, a day not worked, twice, too old, comp-off
 * off) and who may decide.
 */
import { DEFAULT_DAY_RULES, type DayRules } from '../../../shared/schemas/day-rules';
import type { CompOff, CompOffMine } from '../../../shared/schemas/comp-off';
import type { LeaveBalanceRow } from '../../../shared/schemas/leave-policy';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { createApprovalSweeps } from '../approval-sweeps';
import { isUniqueViolation } from '../../db/unique-violation';

const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
const RULES: DayRules = { ...DEFAULT_DAY_RULES, fullDayMinutes: 8 * 60, halfDayMinutes: 4 * 60, compOff: { enabled: true, expiryDays: 30 } };

describe.each(engines)('comp-off on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  let meera: TestEmployee;
  let bob: TestEmployee;
  let clock = ist('2026-08-17', '10:00:00');

  beforeEach(async () => {
    clock = ist('2026-08-17', '10:00:00');
    t = await createTestApp(engine, { overrides: { now: () => clock } });
    alice = await t.employee({ name: 'Alice Rao', joinedOn: '2026-01-05' });
    meera = await t.employee({ name: 'Meera Iyer', joinedOn: '2025-01-05' });
    bob = await t.employee({ name: 'Bob Das', joinedOn: '2025-01-05' });
    await t.ctx.database.db.updateTable('employees').set({ manager_id: meera.id }).where('user_id', '=', alice.id).execute();
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  /** A closed day of Alice's, punched from `from` to `to` (Kolkata time), with the status the rules gave it. */
  const worked = (date: string, from: string, to: string, status: 'P' | 'H') =>
    t.ctx.database.db
      .insertInto('attendance')
      .values({ user_id: alice.id, date, status, punch_in: ist(date, from).toISOString(), punch_out: ist(date, to).toISOString(), source: 'web' })
      .execute();
  const mine = async () => (await call('GET', '/api/comp-off/mine', alice.token)).json<CompOffMine>();

  it('earns a day for a Sunday and half for a holiday, spends the first to expire, and lets the other lapse', async () => {
    expect((await call('PUT', '/api/day-rules', t.admin.token, RULES)).statusCode).toBe(200);
    expect((await call('POST', '/api/holidays', t.admin.token, { date: '2026-08-15', name: 'Independence Day' })).statusCode).toBe(201);
    await worked('2026-08-02', '09:30:00', '18:30:00', 'P'); // a Sunday, worked whole
    await worked('2026-08-04', '09:30:00', '18:30:00', 'P'); // a Tuesday: a working day
    await worked('2026-08-15', '10:00:00', '15:00:00', 'H'); // the holiday, worked half

    const before = await mine();
    expect(before).toMatchObject({ enabled: true, expiryDays: 30, balance: { earned: 0, available: 0 } });
    expect(before.eligible).toEqual([
      { date: '2026-08-15', dayOff: 'holiday', days: 0.5, workedMinutes: 300 },
      { date: '2026-08-02', dayOff: 'weekly-off', days: 1, workedMinutes: 540 },
    ]);

    // Refused, naming the field: a working day, a Sunday not worked, a day in the future.
    const working = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-04', reason: 'Release' });
    expect(working.statusCode).toBe(400);
    expect(working.json()).toEqual({ msg: '2026-08-04 was a working day: comp-off is earned on a holiday or weekly off', fieldErrors: { workDate: '2026-08-04 was a working day: comp-off is earned on a holiday or weekly off' } });
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-09', reason: 'x' })).json().fieldErrors).toEqual({ workDate: 'You have no attendance on 2026-08-09 that earns a comp-off' });
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-23', reason: 'x' })).json().fieldErrors).toEqual({ workDate: 'workDate must not be in the future' });
    expect((await call('POST', '/api/comp-off', alice.token, { reason: '' })).json().fieldErrors).toMatchObject({ workDate: 'workDate is required', reason: 'reason is required' });

    const sunday = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Release weekend' });
    expect(sunday.statusCode).toBe(201);
    const sundayId = sunday.json()._id as string;
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'again' })).json()).toEqual({ msg: 'A comp-off for 2026-08-02 is already pending' });
    const holidayId = (await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-15', reason: 'Server move' })).json()._id as string;

    // Who decides: not Alice, not Bob; Meera, her manager, sees both in her team view and approves.
    expect((await call('PUT', `/api/comp-off/${sundayId}`, alice.token, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comp-off/${sundayId}`, bob.token, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('GET', '/api/comp-off', alice.token)).statusCode).toBe(403);
    // Both wait for Meera, and for HR: the bell's count has them.
    expect((await call('GET', '/api/team/summary', meera.token)).json()).toMatchObject({ hasReports: true, waiting: 2 });
    expect((await call('GET', '/api/team/summary', t.admin.token)).json()).toMatchObject({ waiting: 2 });
    const team = (await call('GET', '/api/comp-off?scope=team&status=pending', meera.token)).json<CompOff[]>();
    expect(team.map((c) => [c.workDate, c.canDecide])).toEqual([
      ['2026-08-15', true],
      ['2026-08-02', true],
    ]);
    expect((await call('PUT', `/api/comp-off/${sundayId}`, meera.token, { status: 'approved', remark: 'Thanks' })).json()).toEqual({ msg: 'Comp-off approved' });
    expect((await call('PUT', `/api/comp-off/${sundayId}`, t.admin.token, { status: 'rejected' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/comp-off/${holidayId}`, t.admin.token, { status: 'approved' })).statusCode).toBe(200);

    const approved = await mine();
    expect(approved.balance).toEqual({ earned: 1.5, expired: 0, taken: 0, pending: 0, available: 1.5 });
    expect(approved.eligible).toEqual([]);
    expect(approved.requests.map((r) => [r.workDate, r.status, r.expiresOn, r.decidedBy])).toEqual([
      ['2026-08-15', 'approved', '2026-09-14', 'Admin'],
      ['2026-08-02', 'approved', '2026-09-01', 'Meera Iyer'],
    ]);

    // Usable as leave: a day of the compensatory-off type, approved like any leave, spends the Sunday's credit.
    const typeId = approved.leaveTypeId!;
    const leave = await call('POST', '/api/leave', alice.token, { startDate: '2026-08-20', endDate: '2026-08-20', reason: 'Comp-off', leaveTypeId: typeId });
    expect(leave.statusCode).toBe(201);
    expect((await call('PUT', `/api/leave/approve/${leave.json()._id}`, meera.token, { status: 'approved' })).statusCode).toBe(200);
    expect((await mine()).balance).toEqual({ earned: 1.5, expired: 0, taken: 1, pending: 0, available: 0.5 });
    const { balances } = (await call('GET', '/api/leave-balances/me', alice.token)).json<{ balances: LeaveBalanceRow[] }>();
    expect(balances.find((b) => b.leaveTypeId === typeId)).toMatchObject({ leaveType: 'Compensatory Off', available: 0.5, taken: 1, expired: 0 });

    // The holiday's half day lapses after 14 September: leave on the 21st finds nothing to spend.
    const late = await call('POST', '/api/leave', alice.token, { startDate: '2026-09-21', endDate: '2026-09-21', dayPart: 'first-half', reason: 'Comp-off', leaveTypeId: typeId });
    expect(late.statusCode).toBe(409);
    clock = ist('2026-09-15', '10:00:00');
    expect((await mine()).balance).toEqual({ earned: 1.5, expired: 0.5, taken: 1, pending: 0, available: 0 });

    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'comp-off').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['comp-off.request', 'comp-off.request', 'comp-off.approved', 'comp-off.approved']);
  });

  it('refuses a day older than the expiry, and every request while comp-off is off', async () => {
    await worked('2026-07-12', '09:30:00', '18:30:00', 'P'); // a Sunday, 36 days back
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-07-12', reason: 'x' })).json()).toEqual({ msg: 'Comp-off is not in use: ask HR.' });
    expect((await mine())).toMatchObject({ enabled: false, leaveTypeId: null, eligible: [] });
    expect((await call('PUT', '/api/day-rules', t.admin.token, RULES)).statusCode).toBe(200);
    const old = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-07-12', reason: 'x' });
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors).toEqual({ workDate: 'workDate is more than 30 days ago: a comp-off for it would already have expired' });
    // Saving the rules without compOff keeps it as saved.
    const { compOff: _left, ...withoutCompOff } = RULES;
    expect((await call('PUT', '/api/day-rules', t.admin.token, withoutCompOff)).statusCode).toBe(200);
    expect((await call('GET', '/api/day-rules', t.admin.token)).json().compOff).toEqual({ enabled: true, expiryDays: 30 });
  });

  it('lets a day whose request was rejected be asked for again, never twice while one is live', async () => {
    expect((await call('PUT', '/api/day-rules', t.admin.token, RULES)).statusCode).toBe(200);
    await worked('2026-08-02', '09:30:00', '18:30:00', 'P');
    const first = (await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Release weekend' })).json()._id as string;
    expect((await call('PUT', `/api/comp-off/${first}`, meera.token, { status: 'rejected', remark: 'Not agreed beforehand' })).statusCode).toBe(200);
    // The day is eligible again, and a new request for it is taken.
    expect((await mine()).eligible.map((d) => d.date)).toEqual(['2026-08-02']);
    const again = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Agreed with Meera now' });
    expect(again.statusCode).toBe(201);
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'third' })).json()).toEqual({ msg: 'A comp-off for 2026-08-02 is already pending' });
    expect((await call('PUT', `/api/comp-off/${again.json()._id}`, meera.token, { status: 'approved' })).statusCode).toBe(200);
    const refused = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'third' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: 'A comp-off for 2026-08-02 is already approved' });
    const after = await mine();
    expect(after.eligible).toEqual([]);
    expect(after.requests.map((r) => [r.workDate, r.status])).toEqual([
      ['2026-08-02', 'approved'],
      ['2026-08-02', 'rejected'],
    ]);
    expect(after.balance).toMatchObject({ earned: 1, available: 1 });
    // The database itself holds the rule: a second live row for the day is refused.
    const live = { user_id: alice.id, work_date: '2026-08-02', days: 1, day_off: 'weekly-off' as const, reason: 'x', status: 'pending' as const, created_at: clock.toISOString() };
    expect(await t.ctx.database.db.insertInto('comp_offs').values(live).execute().then(() => false, isUniqueViolation)).toBe(true);
    await t.ctx.database.db.insertInto('comp_offs').values({ ...live, status: 'rejected' }).execute();
  });

  it("lets the requester withdraw their own pending request: gone from every pending list and the sweeps, the day free again", async () => {
    expect((await call('PUT', '/api/day-rules', t.admin.token, RULES)).statusCode).toBe(200);
    await worked('2026-08-02', '09:30:00', '18:30:00', 'P');
    await worked('2026-08-09', '09:30:00', '18:30:00', 'P');
    const id = (await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Release weekend' })).json()._id as string;
    const decided = (await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-09', reason: 'Server move' })).json()._id as string;
    const withdraw = (who: TestEmployee | string, requestId: string, payload: object = {}) => call('POST', `/api/comp-off/${requestId}/withdraw`, typeof who === 'string' ? who : who.token, payload);

    // Nobody else withdraws it: not her manager, not Bob, not HR; an unknown id is a 404; bad input names the field.
    for (const other of [meera, bob]) expect((await withdraw(other, id)).json()).toEqual({ msg: 'You may withdraw only your own comp-off requests' });
    expect((await withdraw(meera, id)).statusCode).toBe(403);
    expect((await withdraw(t.admin.token, id)).statusCode).toBe(403);
    expect((await withdraw(alice, '987654')).statusCode).toBe(404);
    const bad = await withdraw(alice, id, { reason: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/reason/);
    expect((await withdraw(alice, id, { why: 'x' })).statusCode).toBe(400);

    const done = await withdraw(alice, id, { reason: '  Plans changed  ' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ msg: 'Comp-off request withdrawn' });
    const again = await withdraw(alice, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'This comp-off request is already withdrawn: only a pending one can be withdrawn' });
    // A decided one stays as decided.
    expect((await call('PUT', `/api/comp-off/${decided}`, meera.token, { status: 'approved' })).statusCode).toBe(200);
    expect((await withdraw(alice, decided)).json()).toEqual({ msg: 'This comp-off request is already approved: only a pending one can be withdrawn' });
    // Nor can it be decided now.
    expect((await call('PUT', `/api/comp-off/${id}`, meera.token, { status: 'approved' })).statusCode).toBe(409);

    // Kept in her own list with its reason; in no pending list, the bell or the sweeps.
    const own = (await mine()).requests.find((r) => r._id === id);
    expect(own).toMatchObject({ status: 'withdrawn', remark: 'Plans changed' });
    expect((await call('GET', '/api/comp-off?scope=team&status=pending', meera.token)).json<CompOff[]>()).toEqual([]);
    expect((await call('GET', '/api/comp-off?status=pending', t.admin.token)).json<CompOff[]>()).toEqual([]);
    expect((await call('GET', '/api/team/summary', meera.token)).json()).toMatchObject({ waiting: 0 });
    expect((await call('GET', '/api/team/summary', t.admin.token)).json()).toMatchObject({ waiting: 0 });
    clock = ist('2026-09-10', '10:00:00');
    await t.ctx.database.db.updateTable('employees').set({ manager_id: null }).where('user_id', '=', alice.id).execute();
    expect(await createApprovalSweeps(t.ctx).sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    expect((await t.ctx.database.db.selectFrom('comp_offs').select(['stage', 'escalated_at']).where('id', '=', Number(id)).executeTakeFirstOrThrow())).toEqual({ stage: 'manager', escalated_at: null });

    // The day is free to ask for again; the withdrawal is audited.
    clock = ist('2026-08-17', '12:00:00');
    expect((await mine()).eligible.map((d) => d.date)).toEqual(['2026-08-02']);
    expect((await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Agreed after all' })).statusCode).toBe(201);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_json']).where('entity_id', '=', id).where('action', '=', 'comp-off.withdrawn').execute();
    expect(audit).toEqual([{ action: 'comp-off.withdrawn', actor_id: alice.id, after_json: JSON.stringify({ status: 'withdrawn', reason: 'Plans changed' }) }]);
  });

  it('sends a request that waited for its manager too long to HR as well, who may decide it', async () => {
    expect((await call('PUT', '/api/day-rules', t.admin.token, RULES)).statusCode).toBe(200);
    await worked('2026-08-02', '09:30:00', '18:30:00', 'P');
    const id = (await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-02', reason: 'Release weekend' })).json()._id as string;
    const sweep = () => createApprovalSweeps(t.ctx).sweep();
    const listed = async (token: string, url: string) => (await call('GET', url, token)).json<CompOff[]>().find((c) => c._id === id);
    const waitingTooLong = async () => (await call('GET', '/api/notifications', t.admin.token)).json<{ items: { title: string }[] }>().items.filter((n) => n.title === 'Alice Rao asks for comp-off (waiting too long)');

    clock = ist('2026-08-20', '10:00:00'); // three days: not more than the default three
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    expect((await listed(t.admin.token, '/api/comp-off'))?.escalated).toBeUndefined();
    expect(await waitingTooLong()).toEqual([]);

    clock = ist('2026-08-21', '10:00:00');
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 1 });
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });
    await t.app.notifications.idle();
    expect(await waitingTooLong()).toHaveLength(1);
    expect(await listed(meera.token, '/api/comp-off?scope=team')).toMatchObject({ stage: 'manager', escalated: true, canDecide: true });
    expect(await listed(t.admin.token, '/api/comp-off?status=pending')).toMatchObject({ escalated: true, canDecide: true });
    expect((await call('GET', '/api/team/summary', t.admin.token)).json()).toMatchObject({ waiting: 1 });
    // Alice's own list says nothing of it.
    expect((await mine()).requests[0]).not.toHaveProperty('escalated');

    expect((await call('PUT', `/api/comp-off/${id}`, t.admin.token, { status: 'approved', remark: 'Meera is away' })).json()).toEqual({ msg: 'Comp-off approved' });
    expect((await listed(t.admin.token, '/api/comp-off'))).toMatchObject({ status: 'approved', canDecide: false });
    expect((await listed(t.admin.token, '/api/comp-off'))?.escalated).toBeUndefined();
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 0, escalated: 0 });

    // With escalation off, a request never escalates; one whose requester has no manager now moves to HR.
    expect((await call('PUT', '/api/approval-settings', t.admin.token, { skipLevel: false, escalateAfterDays: null })).statusCode).toBe(200);
    await worked('2026-08-09', '10:00:00', '19:00:00', 'P'); // the next Sunday
    const late = await call('POST', '/api/comp-off', alice.token, { workDate: '2026-08-09', reason: 'Server move' });
    expect(late.statusCode).toBe(201);
    clock = ist('2026-09-10', '10:00:00');
    await t.ctx.database.db.updateTable('employees').set({ manager_id: null }).where('user_id', '=', alice.id).execute();
    expect(await sweep()).toEqual({ handedOver: 0, toHr: 1, escalated: 0 });
    expect((await call('GET', '/api/comp-off', t.admin.token)).json<CompOff[]>().find((c) => c._id === late.json()._id)).toMatchObject({ stage: 'hr', canDecide: true });
  });
});
