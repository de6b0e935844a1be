import { LEAVE_MSG } from './leave-messages';
import { SERVER_MSG } from '../../../shared/messages';
import type { Leave } from '../../../shared/schemas/leave';
import type { Mailer } from '../../mail/mailer';
import { auth, createdId, createTestApp, engines, storedStatus, type TestApp, type TestEmployee } from '../../test/test-app';
import { approvedLeaveDates, approvedLeaveDatesByUser } from './leave-repository';

const NOW = new Date('2026-03-01T09:30:00.000Z');

describe.each(engines)('leave on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  let bob: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice' });
    bob = await t.employee({ name: 'Bob' });
  });
  afterEach(() => t.close());

  const request = (token: string, body: object) => t.app.inject({ method: 'POST', url: '/api/leave', headers: auth(token), payload: body });
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/leave${query}`, headers: auth(token) });
  const decide = (id: string, body: object, token = t.admin.token) =>
    t.app.inject({ method: 'PUT', url: `/api/leave/approve/${id}`, headers: auth(token), payload: body });
  const leave = (startDate: string, endDate: string, reason = 'Family event') => ({ startDate, endDate, reason });
  /** Files a request that must succeed and returns its id. */
  /** Mail sent to employees (HR is told of each new request too), once the owed mail has gone out. */
  const employeeMail = async () => {
    await t.app.notifications.idle();
    return t.mailer.sent.filter((m) => m.to !== t.admin.email);
  };
  const filed = async (e: TestEmployee, startDate: string, endDate: string) => {
    const res = await request(e.token, leave(startDate, endDate));
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  const statusOf = (id: string) => storedStatus(t.ctx.database.db, 'leaves', id);

  describe('POST /api/leave', () => {
    it('creates a pending request for the caller', async () => {
      const res = await request(alice.token, leave('2026-03-10', '2026-03-12', '  Wedding  '));
      const id = createdId(res, LEAVE_MSG.requested);

      const mine: Leave[] = (await list(alice.token)).json();
      expect(mine).toEqual([
        {
          _id: id,
          employeeId: alice.employeeId,
          name: 'Alice',
          startDate: '2026-03-10',
          endDate: '2026-03-12',
          reason: 'Wedding',
          status: 'pending',
          // Beyond the spec: the company's default type, and Tuesday to Thursday is 3 working days.
          leaveTypeId: expect.stringMatching(/^\d+$/),
          leaveType: 'Casual',
          days: 3,
          createdAt: NOW.toISOString(),
          // Nobody manages Alice, so it waits with HR.
          requester: { employeeId: alice.employeeId, name: 'Alice' },
          stage: 'hr',
          // Pending, so she may withdraw it.
          cancelAction: 'withdraw',
        },
      ]);
    });

    it('requires all three fields, naming the missing one', async () => {
      for (const field of ['startDate', 'endDate', 'reason'] as const) {
        const body: Record<string, string> = leave('2026-03-10', '2026-03-12');
        delete body[field];
        const missing = await request(alice.token, body);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ msg: `${field} is required`, fieldErrors: { [field]: `${field} is required` } });
        const blank = await request(alice.token, { ...leave('2026-03-10', '2026-03-12'), [field]: '   ' });
        expect(blank.statusCode).toBe(400);
        expect(blank.json().msg).toBe(`${field} is required`);
      }
      expect((await list(alice.token)).json()).toEqual([]);
    });

    it('rejects dates that are not real YYYY-MM-DD dates', async () => {
      const impossible = await request(alice.token, leave('2026-02-30', '2026-03-02'));
      expect(impossible.statusCode).toBe(400);
      expect(impossible.json().msg).toBe('startDate: is not a real calendar date');
      const format = await request(alice.token, leave('2026-03-01', '03/05/2026'));
      expect(format.statusCode).toBe(400);
      expect(format.json().msg).toBe('endDate: must be a date written YYYY-MM-DD');
    });

    it('rejects an end date before the start date, but allows a one-day leave', async () => {
      const res = await request(alice.token, leave('2026-03-12', '2026-03-11'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: LEAVE_MSG.endBeforeStart });
      expect((await request(alice.token, leave('2026-03-12', '2026-03-12'))).statusCode).toBe(201);
    });

    it('limits the reason to 1000 characters', async () => {
      const long = await request(alice.token, leave('2026-03-10', '2026-03-10', 'x'.repeat(1001)));
      expect(long.statusCode).toBe(400);
      expect(long.json().msg).toBe('reason must be at most 1000 characters');
      expect((await request(alice.token, leave('2026-03-10', '2026-03-10', 'x'.repeat(1000)))).statusCode).toBe(201);
    });

    it('refuses overlaps with own pending or approved leave, and allows adjacent days', async () => {
      await filed(alice, '2026-03-10', '2026-03-12');
      for (const [start, end] of [
        ['2026-03-12', '2026-03-14'], // shares the last day
        ['2026-03-08', '2026-03-10'], // shares the first day
        ['2026-03-11', '2026-03-11'], // inside
        ['2026-03-01', '2026-03-31'], // around
        ['2026-03-10', '2026-03-12'], // the same
      ]) {
        const res = await request(alice.token, leave(start!, end!));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ msg: LEAVE_MSG.overlaps('2026-03-10', '2026-03-12', 'pending') });
      }
      await filed(alice, '2026-03-13', '2026-03-15');
      await filed(alice, '2026-03-05', '2026-03-09');

      const approvedId = await filed(alice, '2026-04-01', '2026-04-03');
      expect((await decide(approvedId, { status: 'approved' })).statusCode).toBe(200);
      const clash = await request(alice.token, leave('2026-04-03', '2026-04-05'));
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ msg: LEAVE_MSG.overlaps('2026-04-01', '2026-04-03', 'approved') });
    });

    it("allows dates overlapping rejected leave and other employees' leave", async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      expect((await decide(id, { status: 'rejected' })).statusCode).toBe(200);
      await filed(alice, '2026-03-11', '2026-03-13');
      await filed(bob, '2026-03-10', '2026-03-12');
    });

    it('lets exactly one of several concurrent overlapping requests through', async () => {
      const starts = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06'];
      const results = await Promise.all(starts.map((start) => request(alice.token, leave(start, '2026-05-08'))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await list(alice.token)).json()).toHaveLength(1);
    });

    it('is for employees only and needs a token', async () => {
      const admin = await request(t.admin.token, leave('2026-03-10', '2026-03-12'));
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({ msg: SERVER_MSG.forbidden });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/leave', payload: leave('2026-03-10', '2026-03-12') });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/leave', () => {
    it('gives admins every request, newest first, with name and employee id', async () => {
      const first = await filed(alice, '2026-03-10', '2026-03-12');
      const second = await filed(bob, '2026-03-11', '2026-03-11');
      const third = await filed(alice, '2026-04-01', '2026-04-01');
      const res = await list(t.admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-has-more']).toBe('false');
      const all: Leave[] = res.json();
      expect(all.map((l) => l._id)).toEqual([third, second, first]);
      expect(all.map((l) => [l.employeeId, l.name])).toEqual([
        [alice.employeeId, 'Alice'],
        [bob.employeeId, 'Bob'],
        [alice.employeeId, 'Alice'],
      ]);
    });

    it("gives an employee only their own requests, never another's", async () => {
      const mine = await filed(alice, '2026-03-10', '2026-03-12');
      const theirs = await filed(bob, '2026-03-10', '2026-03-12');
      const aliceSees: Leave[] = (await list(alice.token)).json();
      expect(aliceSees.map((l) => l._id)).toEqual([mine]);
      const bobSees: Leave[] = (await list(bob.token)).json();
      expect(bobSees.map((l) => l._id)).toEqual([theirs]);
      expect(bobSees.every((l) => l.employeeId === bob.employeeId)).toBe(true);
    });

    it('filters by status and caps the list at ?limit=, flagging what was left off', async () => {
      const ids = [];
      for (let day = 10; day <= 14; day++) ids.push(await filed(alice, `2026-03-${day}`, `2026-03-${day}`));
      await decide(ids[1]!, { status: 'approved' });
      await decide(ids[3]!, { status: 'approved' });

      const approved = await list(t.admin.token, '?status=approved');
      expect(approved.json().map((l: Leave) => l._id)).toEqual([ids[3], ids[1]]);
      const capped = await list(t.admin.token, '?limit=2');
      expect(capped.json().map((l: Leave) => l._id)).toEqual([ids[4], ids[3]]);
      expect(capped.headers['x-has-more']).toBe('true');
      expect((await list(alice.token, '?status=pending&limit=3')).json()).toHaveLength(3);
      expect((await list(alice.token, '?limit=5')).headers['x-has-more']).toBe('false');
    });

    it('rejects a bad status or limit with 400', async () => {
      for (const query of ['?limit=0', '?limit=2001', '?limit=abc', '?limit=1.5', '?status=maybe']) {
        const res = await list(t.admin.token, query);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/limit|status/);
      }
      expect((await list(t.admin.token, '?limit=2000')).statusCode).toBe(200);
    });
  });

  describe('PUT /api/leave/approve/:id', () => {
    it('approves a pending request, recording who and when, and emails the employee', async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      const res = await decide(id, { status: 'approved' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: LEAVE_MSG.decided('approved') });

      const row = await t.ctx.database.db.selectFrom('leaves').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'approved', decided_by: t.admin.id, decided_at: NOW.toISOString() });
      const [seen] = (await list(alice.token)).json() as Leave[];
      expect(seen).toMatchObject({ status: 'approved', decidedBy: 'Admin', decidedAt: NOW.toISOString() });

      expect((await employeeMail())).toHaveLength(1);
      expect((await employeeMail())[0]!.to).toBe(alice.email);
      expect((await employeeMail())[0]!.subject).toMatch(/approved/);
      expect((await employeeMail())[0]!.text).toContain('2026-03-10 to 2026-03-12');

      const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'leave.approved').execute();
      expect(audit).toEqual([expect.objectContaining({ actor_id: t.admin.id, entity: 'leave', entity_id: id })]);
    });

    it('rejects a pending request and emails the employee', async () => {
      const id = await filed(bob, '2026-03-10', '2026-03-12');
      const res = await decide(id, { status: 'rejected' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: LEAVE_MSG.decided('rejected') });
      expect(await statusOf(id)).toBe('rejected');
      expect((await employeeMail()).map((m) => [m.to, /rejected/.test(m.subject)])).toEqual([[bob.email, true]]);
    });

    it('decides a request only once: 409 the second time, whatever the decision', async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      expect((await decide(id, { status: 'approved' })).statusCode).toBe(200);
      for (const status of ['approved', 'rejected']) {
        const again = await decide(id, { status });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ msg: LEAVE_MSG.alreadyDecided('approved') });
      }
      expect(await statusOf(id)).toBe('approved');
      expect((await employeeMail())).toHaveLength(1);
    });

    it('lets exactly one of two concurrent decisions win', async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      const [a, b] = await Promise.all([decide(id, { status: 'approved' }), decide(id, { status: 'rejected' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'approved' : 'rejected';
      expect(await statusOf(id)).toBe(winner);
      expect((await employeeMail())).toHaveLength(1);
      expect((await employeeMail())[0]!.subject).toContain(winner);
    });

    it('lets exactly one of many concurrent identical approvals win', async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      const results = await Promise.all(Array.from({ length: 5 }, () => decide(id, { status: 'approved' })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect((await employeeMail())).toHaveLength(1);
      expect(await t.ctx.database.db.selectFrom('audit_log').select('id').where('action', '=', 'leave.approved').execute()).toHaveLength(1);
    });

    it('accepts only approved or rejected', async () => {
      const id = await filed(alice, '2026-03-10', '2026-03-12');
      for (const body of [{ status: 'pending' }, { status: 'APPROVED' }, { status: 'maybe' }, {}]) {
        const res = await decide(id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe("status must be 'approved' or 'rejected'");
      }
      expect(await statusOf(id)).toBe('pending');
    });

    it('answers 404 for an unknown id and for a malformed one', async () => {
      const unknown = await decide('999999', { status: 'approved' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ msg: LEAVE_MSG.notFound });
      const malformed = await decide('abc', { status: 'approved' });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ msg: LEAVE_MSG.notFound });
    });

    it('refuses an employee who does not manage the requester, their own request included', async () => {
      const own = await filed(alice, '2026-03-10', '2026-03-12');
      const other = await filed(bob, '2026-03-10', '2026-03-12');
      for (const [id, msg] of [[own, LEAVE_MSG.ownRequest], [other, LEAVE_MSG.notYours]] as const) {
        const res = await decide(id, { status: 'approved' }, alice.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg });
        expect(await statusOf(id)).toBe('pending');
      }
      expect((await employeeMail())).toHaveLength(0);
    });
  });

  describe('approvedLeaveDates (for payroll)', () => {
    it('lists the approved days inside the range, clipped, for that user only', async () => {
      const spanning = await filed(alice, '2026-02-26', '2026-03-02');
      const march = await filed(alice, '2026-03-10', '2026-03-11');
      await filed(alice, '2026-03-20', '2026-03-20'); // stays pending
      const rejected = await filed(alice, '2026-03-25', '2026-03-25');
      const bobs = await filed(bob, '2026-03-16', '2026-03-16');
      for (const id of [spanning, march, bobs]) await decide(id, { status: 'approved' });
      await decide(rejected, { status: 'rejected' });

      const db = t.ctx.database.db;
      const days = await approvedLeaveDates(db, alice.id, '2026-03-01', '2026-03-31');
      expect([...days].sort()).toEqual(['2026-03-01', '2026-03-02', '2026-03-10', '2026-03-11']);
      // February 2026 has 28 days: the span runs over the month end without inventing a 29th.
      expect([...(await approvedLeaveDates(db, alice.id, '2026-02-01', '2026-02-28'))].sort()).toEqual(['2026-02-26', '2026-02-27', '2026-02-28']);
      expect((await approvedLeaveDates(db, alice.id, '2026-04-01', '2026-04-30')).size).toBe(0);
      expect((await approvedLeaveDates(db, bob.id, '2026-03-01', '2026-03-31')).has('2026-03-16')).toBe(true);

      const byUser = await approvedLeaveDatesByUser(db, '2026-03-01', '2026-03-31');
      expect([...byUser.keys()].sort()).toEqual([alice.id, bob.id].sort());
      expect(byUser.get(alice.id)!.size).toBe(4);
      expect([...(await approvedLeaveDatesByUser(db, '2026-03-01', '2026-03-31', [bob.id])).keys()]).toEqual([bob.id]);
    });
  });

  it('keeps the decision when the mail cannot be sent, and logs the failure', async () => {
    await t.close();
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('smtp down')), close() {} };
    t = await createTestApp(engine, { overrides: { now: () => NOW, mailer: failing } });
    const error = jest.spyOn(t.ctx.log, 'error');
    const e = await t.employee();
    const id = await filed(e, '2026-03-10', '2026-03-12');
    const res = await decide(id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('approved');
    await t.app.notifications.idle();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ to: e.email, err: expect.stringContaining('smtp down') }), 'notification mail failed');
  });
});
