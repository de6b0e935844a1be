import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import { instantInZone, timeInZone } from '../../../shared/attendance-corrections/zone-time';
import type { Correction } from '../../../shared/schemas/attendance-correction';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { SERVER_MSG } from '../../../shared/messages';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { presenceDays } from '../attendance';

// 11:30 in Asia/Kolkata (the test app's zone) on Tuesday 10 March 2026.
const NOW = new Date('2026-03-10T06:00:00.000Z');
const TODAY = '2026-03-10';

describe('company wall-clock times', () => {
  it('turns HH:MM of a company day into the instant and back', () => {
    expect(instantInZone('2026-03-05', '09:30', 'Asia/Kolkata').toISOString()).toBe('2026-03-05T04:00:00.000Z');
    expect(timeInZone('2026-03-05T04:00:00.000Z', 'Asia/Kolkata')).toBe('09:30');
    // Across a DST change: New York moved to summer time on 8 March 2026.
    expect(instantInZone('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(instantInZone('2026-03-06', '09:00', 'America/New_York').toISOString()).toBe('2026-03-06T14:00:00.000Z');
    expect(timeInZone('2026-03-09T13:00:00.000Z', 'America/New_York')).toBe('09:00');
  });
});

describe.each(engines)('attendance corrections on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let bob: TestEmployee;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao' });
    bob = await t.employee({ name: 'Bob Iyer' });
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });
  const ask = (e: { token: string }, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/attendance/corrections', headers: auth(e.token), payload: body });
  const day = (date: string, extra: Record<string, unknown> = {}) => ({
    date,
    inTime: '09:30',
    outTime: '18:15',
    kind: 'missed-punch-in',
    reason: 'Forgot my access card at home',
    ...extra,
  });
  const decide = (id: string, status: string, token = t.admin.token) =>
    t.app.inject({ method: 'PUT', url: `/api/attendance/corrections/${id}`, headers: auth(token), payload: { status } });
  const filed = async (e: TestEmployee, body: Record<string, unknown>) => {
    const res = await ask(e, body);
    expect(res.statusCode).toBe(201);
    return (res.json() as { _id: string })._id;
  };
  const own = async (e: TestEmployee) => (await get('/api/attendance/corrections/me', e.token)).json() as Correction[];
  const dayRecords = async (date: string) => (await get(`/api/attendance?date=${date}`, t.admin.token)).json() as AttendanceRecord[];
  const audit = async () => (await get('/api/audit', t.admin.token)).json() as AuditEntryView[];
  const leave = (e: TestEmployee, start: string, end: string, status: 'pending' | 'approved' | 'rejected') =>
    db().insertInto('leaves').values({ user_id: e.id, start_date: start, end_date: end, reason: 'Family', status, created_at: NOW.toISOString() }).execute();
  const attend = (e: TestEmployee, date: string, punchIn: string | null, punchOut: string | null, status = 'P') =>
    db().insertInto('attendance').values({ user_id: e.id, date, status, punch_in: punchIn, punch_out: punchOut }).execute();

  describe('the worked example: a correction that turns an Absent into a Present', () => {
    it('creates the missing record on approval, as every attendance view shows it, and audits both sides', async () => {
      const date = '2026-03-05';
      // Before: no record that day, so the admin's list has nothing for Asha and the chart counts her absent.
      expect(await dayRecords(date)).toEqual([]);
      const chart = async () => ((await get('/api/attendance/summary?days=10', t.admin.token)).json() as AttendanceSummaryDay[]).find((d) => d.date === date);
      expect(await chart()).toEqual({ date, present: 0, absent: 2 });

      const res = await ask(asha, day(date));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ msg: CORRECTION_MSG.requested, _id: expect.stringMatching(/^\d+$/) });
      const id = (res.json() as { _id: string })._id;

      const [mine] = await own(asha);
      expect(mine).toEqual({
        _id: id,
        employeeId: asha.employeeId,
        name: 'Asha Rao',
        date,
        inTime: '09:30',
        outTime: '18:15',
        kind: 'missed-punch-in',
        reason: 'Forgot my access card at home',
        status: 'pending',
        original: null,
        createdAt: NOW.toISOString(),
        // Nobody manages Asha, so it waits with HR.
        requester: { employeeId: asha.employeeId, name: 'Asha Rao' },
        stage: 'hr',
      });
      // Pending changes nothing yet.
      expect(await dayRecords(date)).toEqual([]);
      expect((await get('/api/attendance/corrections?status=pending', t.admin.token)).json()).toEqual([{ ...mine, canDecide: true }]);
      expect((await get('/api/dashboard/summary', t.admin.token)).json()).toMatchObject({ pendingLeaveRequests: 0, pendingAttendanceCorrections: 1 });

      const approved = await decide(id, 'approved');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({ msg: CORRECTION_MSG.decided('approved') });

      // After: a Present record with the asked-for times (09:30 and 18:15 in Kolkata).
      const [record] = await dayRecords(date);
      expect(record).toEqual({
        _id: expect.any(String),
        employeeId: asha.employeeId,
        email: asha.email,
        name: expect.any(String),
        date,
        status: 'P',
        punchIn: '2026-03-05T04:00:00.000Z',
        punchOut: '2026-03-05T12:45:00.000Z',
        source: 'web',
        // Against the default 09:30–18:30 shift: on time, 8¾ hours, out 15 minutes early.
        hoursWorked: 8.75,
        lateMinutes: 0,
        earlyMinutes: 15,
      });
      const ownRecords = (await get(`/api/attendance/employee?startDate=${date}&endDate=${date}`, asha.token)).json() as AttendanceRecord[];
      expect(ownRecords).toEqual([record]);
      expect(await chart()).toEqual({ date, present: 1, absent: 1 });
      // Payroll reads presence from the same records: the day is a present day for the slip now.
      expect(await presenceDays(db(), asha.id, { from: '2026-03-01', to: '2026-03-09' })).toEqual([date]);
      expect((await get('/api/dashboard/summary', t.admin.token)).json()).toMatchObject({ pendingAttendanceCorrections: 0 });
      expect((await own(asha))[0]).toMatchObject({ status: 'approved', decidedBy: 'Admin', decidedAt: NOW.toISOString(), original: null });

      const entries = await audit();
      const created = entries.find((e) => e.action === 'attendance.created-by-correction')!;
      expect(created).toMatchObject({
        actor: { _id: String(t.admin.id), name: 'Admin' },
        entity: 'attendance',
        entityId: record!._id,
        before: null,
        after: {
          date,
          status: 'P',
          punchIn: '2026-03-05T04:00:00.000Z',
          punchOut: '2026-03-05T12:45:00.000Z',
          correctionId: id,
          kind: 'missed-punch-in',
          reason: 'Forgot my access card at home',
        },
      });
      expect(entries.find((e) => e.action === 'attendance-correction.approved')).toMatchObject({
        entity: 'attendance-correction',
        entityId: id,
        before: { status: 'pending' },
        after: { status: 'approved' },
      });
      expect(entries.find((e) => e.action === 'attendance-correction.request')).toMatchObject({
        actor: { _id: String(asha.id) },
        entityId: id,
        before: null,
        after: { date, punchIn: '2026-03-05T04:00:00.000Z', punchOut: '2026-03-05T12:45:00.000Z', status: 'pending' },
      });
    });
  });

  describe('correcting a day that has a record', () => {
    it("sets a forgotten punch-out, keeps the original in the correction and the audit log, and the list's ETag moves", async () => {
      const date = '2026-03-06';
      await attend(asha, date, '2026-03-06T03:40:00.000Z', null);
      const id = await filed(asha, day(date, { inTime: '09:10', outTime: '17:45', kind: 'missed-punch-out', reason: 'Left in a hurry' }));
      expect((await own(asha))[0]!.original).toEqual({ status: 'P', inTime: '09:10', outTime: null });

      expect((await decide(id, 'approved')).statusCode).toBe(200);
      expect((await dayRecords(date))[0]).toMatchObject({ status: 'P', punchIn: '2026-03-06T03:40:00.000Z', punchOut: '2026-03-06T12:15:00.000Z' });
      const corrected = (await audit()).find((e) => e.action === 'attendance.corrected')!;
      expect(corrected.before).toEqual({ date, status: 'P', punchIn: '2026-03-06T03:40:00.000Z', punchOut: null });
      expect(corrected.after).toMatchObject({ date, status: 'P', punchIn: '2026-03-06T03:40:00.000Z', punchOut: '2026-03-06T12:15:00.000Z', correctionId: id });
    });

    it("turns a complete day's wrong times around, and a poller holding the old answer gets the new one (no stale 304)", async () => {
      const date = '2026-03-09';
      await attend(asha, date, '2026-03-09T06:30:00.000Z', '2026-03-09T12:30:00.000Z');
      const url = `/api/attendance?date=${date}`;
      const first = await get(url, t.admin.token);
      const etag = first.headers.etag as string;
      expect((await get(url, t.admin.token, { 'if-none-match': etag })).statusCode).toBe(304);

      // Worked at a client's office from 09:00; punched in only on reaching ours at noon.
      const id = await filed(asha, day(date, { inTime: '09:00', outTime: '18:00', kind: 'client-site', reason: 'At the client office till noon' }));
      // A pending request changes nothing the list shows: still 304.
      expect((await get(url, t.admin.token, { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await decide(id, 'approved')).statusCode).toBe(200);

      const after = await get(url, t.admin.token, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect((after.json() as AttendanceRecord[])[0]).toMatchObject({ punchIn: '2026-03-09T03:30:00.000Z', punchOut: '2026-03-09T12:30:00.000Z' });
      expect((await own(asha))[0]!.original).toEqual({ status: 'P', inTime: '12:00', outTime: '18:00' });
    });

    it('makes an absent-coded day present, and leaves a present code (H) as it is', async () => {
      await attend(asha, '2026-03-02', null, null, 'A');
      await attend(asha, '2026-03-03', '2026-03-03T03:30:00.000Z', '2026-03-03T07:30:00.000Z', 'H');
      await decide(await filed(asha, day('2026-03-02')), 'approved');
      await decide(await filed(asha, day('2026-03-03')), 'approved');
      expect((await dayRecords('2026-03-02'))[0]).toMatchObject({ status: 'P', punchIn: '2026-03-02T04:00:00.000Z' });
      expect((await dayRecords('2026-03-03'))[0]).toMatchObject({ status: 'H', punchIn: '2026-03-03T04:00:00.000Z' });
    });
  });

  describe('limits', () => {
    it('refuses a future day, and today until the out time has passed', async () => {
      expect((await ask(asha, day('2026-03-11'))).json()).toEqual({ msg: CORRECTION_MSG.futureDay });
      expect((await ask(asha, day('2026-03-11'))).statusCode).toBe(400);
      // It is 11:30 now.
      const later = await ask(asha, day(TODAY, { inTime: '09:00', outTime: '11:31' }));
      expect(later.statusCode).toBe(400);
      expect(later.json()).toEqual({ msg: CORRECTION_MSG.outInFuture });
      expect((await ask(asha, day(TODAY, { inTime: '09:00', outTime: '11:30' }))).statusCode).toBe(201);
    });

    it('refuses an out time that is not after the in time', async () => {
      for (const [inTime, outTime] of [['18:00', '09:00'], ['09:00', '09:00']]) {
        const res = await ask(asha, day('2026-03-05', { inTime, outTime }));
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(CORRECTION_MSG.outNotAfterIn);
      }
    });

    it.each([
      ['an empty object', null, 'date is required'],
      ['a blank date', { date: '' }, 'date is required'],
      ['a date that does not exist', { date: '2026-02-30' }, 'is not a real calendar date'],
      ['a time without its leading zero', { inTime: '9:30' }, 'must be a time written HH:MM'],
      ['a time past midnight', { outTime: '24:00' }, 'must be a time written HH:MM'],
      ['an unknown kind', { kind: 'holiday' }, 'kind must be one of'],
      ['a blank reason', { reason: '   ' }, 'reason is required'],
      ['an overlong reason', { reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
      ['a number for a time', { inTime: 930 }, 'inTime'],
    ])('answers 400 with a clear msg for %s', async (_case, change, msg) => {
      const res = await ask(asha, change === null ? {} : day('2026-03-05', change));
      expect(res.statusCode).toBe(400);
      expect((res.json() as { msg: string }).msg).toContain(msg);
    });

    it('refuses a day before the employee joined', async () => {
      const carol = await t.employee({ name: 'Carol', joinedOn: '2026-03-02' });
      const res = await ask(carol, day('2026-03-01'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: CORRECTION_MSG.beforeJoining('2026-03-02') });
      expect((await ask(carol, day('2026-03-02'))).statusCode).toBe(201);
    });

    it('refuses a day of approved leave; pending or rejected leave does not hold the day', async () => {
      await leave(asha, '2026-03-03', '2026-03-04', 'approved');
      await leave(asha, '2026-03-05', '2026-03-05', 'pending');
      await leave(asha, '2026-03-06', '2026-03-06', 'rejected');
      const res = await ask(asha, day('2026-03-04'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: CORRECTION_MSG.onLeave('2026-03-04', '2026-03-03', '2026-03-04') });
      expect((await ask(asha, day('2026-03-05'))).statusCode).toBe(201);
      expect((await ask(asha, day('2026-03-06'))).statusCode).toBe(201);
      // Someone else's leave is not hers.
      expect((await ask(bob, day('2026-03-04'))).statusCode).toBe(201);
    });

    it('refuses the approval of a day that has become approved leave since, and changes nothing', async () => {
      const id = await filed(asha, day('2026-03-06'));
      await leave(asha, '2026-03-06', '2026-03-06', 'approved');
      const res = await decide(id, 'approved');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: CORRECTION_MSG.onLeave('2026-03-06', '2026-03-06', '2026-03-06') });
      expect((await own(asha))[0]!.status).toBe('pending');
      expect(await dayRecords('2026-03-06')).toEqual([]);
      // It can still be rejected.
      expect((await decide(id, 'rejected')).statusCode).toBe(200);
    });

    it('takes one live correction per day: a second is a 409 while one is pending or approved, a rejection frees the day', async () => {
      const first = await filed(asha, day('2026-03-05'));
      const again = await ask(asha, day('2026-03-05', { inTime: '10:00' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: CORRECTION_MSG.duplicate('2026-03-05', 'pending') });

      await decide(first, 'rejected');
      const second = await filed(asha, day('2026-03-05', { inTime: '10:00' }));
      await decide(second, 'approved');
      const third = await ask(asha, day('2026-03-05'));
      expect(third.statusCode).toBe(409);
      expect(third.json()).toEqual({ msg: CORRECTION_MSG.duplicate('2026-03-05', 'approved') });
      // Bob's day is his own.
      expect((await ask(bob, day('2026-03-05'))).statusCode).toBe(201);
    });

    it('lets only one of two simultaneous requests for a day stand', async () => {
      const answers = await Promise.all([ask(asha, day('2026-03-05')), ask(asha, day('2026-03-05', { inTime: '10:00' }))]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await own(asha)).toHaveLength(1);
    });
  });

  describe('decisions', () => {
    it('decides once: a second decision, either way, is a 409; a rejection leaves the attendance alone', async () => {
      const id = await filed(asha, day('2026-03-05'));
      const rejected = await decide(id, 'rejected');
      expect(rejected.json()).toEqual({ msg: CORRECTION_MSG.decided('rejected') });
      for (const status of ['approved', 'rejected']) {
        const again = await decide(id, status);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ msg: CORRECTION_MSG.alreadyDecided('rejected') });
      }
      expect(await dayRecords('2026-03-05')).toEqual([]);
      expect((await audit()).filter((e) => e.entityId === id && e.entity === 'attendance-correction').map((e) => e.action)).toEqual([
        'attendance-correction.rejected',
        'attendance-correction.request',
      ]);
    });

    it('of two simultaneous decisions exactly one is taken', async () => {
      const id = await filed(asha, day('2026-03-05'));
      const answers = await Promise.all([decide(id, 'approved'), decide(id, 'rejected')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const records = await dayRecords('2026-03-05');
      expect(records).toHaveLength((await own(asha))[0]!.status === 'approved' ? 1 : 0);
    });

    it('answers 404 for an unknown or malformed id, 400 for a bad status', async () => {
      for (const id of ['987654321', 'abc', '0']) {
        const res = await decide(id, 'approved');
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ msg: CORRECTION_MSG.notFound });
      }
      const id = await filed(asha, day('2026-03-05'));
      const bad = await decide(id, 'maybe');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe("status must be 'approved' or 'rejected'");
    });
  });

  describe('roles and ownership', () => {
    it('an employee sees only their own, cannot list everyone or decide; an admin cannot ask', async () => {
      const mine = await filed(asha, day('2026-03-05'));
      const his = await filed(bob, day('2026-03-05'));
      expect((await own(asha)).map((c) => c._id)).toEqual([mine]);
      expect((await own(bob)).map((c) => c._id)).toEqual([his]);

      const list = await get('/api/attendance/corrections', asha.token);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ msg: SERVER_MSG.forbidden });
      for (const id of [mine, his]) {
        const res = await decide(id, 'approved', asha.token);
        expect(res.statusCode).toBe(403);
      }
      expect((await own(bob))[0]!.status).toBe('pending');
      expect((await ask(t.admin, day('2026-03-05'))).statusCode).toBe(403);
      expect((await get('/api/attendance/corrections/me', t.admin.token)).statusCode).toBe(403);
      // Nothing in the request names anyone: the body's extra keys are not a way to ask for Bob.
      const sneaky = await ask(asha, { ...day('2026-03-06'), userId: bob.id, employeeId: bob.employeeId });
      expect(sneaky.statusCode).toBe(201);
      expect(await own(bob)).toHaveLength(1);
    });

    it('asks for a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/attendance/corrections/me' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/attendance/corrections', payload: day('2026-03-05') })).statusCode).toBe(401);
    });
  });

  describe('lists', () => {
    it('filters by status and pages newest first with ?limit and ?before', async () => {
      const ids = [];
      for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) ids.push(await filed(asha, day(date)));
      await decide(ids[0]!, 'approved');
      await decide(ids[1]!, 'rejected');

      const pending = await get('/api/attendance/corrections?status=pending', t.admin.token);
      expect((pending.json() as Correction[]).map((c) => c._id)).toEqual([ids[3], ids[2]]);
      const page1 = await get('/api/attendance/corrections?limit=3', t.admin.token);
      expect(page1.headers['x-has-more']).toBe('true');
      expect((page1.json() as Correction[]).map((c) => c._id)).toEqual([ids[3], ids[2], ids[1]]);
      const page2 = await get(`/api/attendance/corrections?limit=3&before=${ids[1]}`, t.admin.token);
      expect(page2.headers['x-has-more']).toBe('false');
      expect((page2.json() as Correction[]).map((c) => c._id)).toEqual([ids[0]]);

      for (const query of ['status=done', 'limit=0', 'limit=5000', 'before=x']) {
        const res = await get(`/api/attendance/corrections?${query}`, t.admin.token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toHaveProperty('msg');
      }
    });
  });
});
