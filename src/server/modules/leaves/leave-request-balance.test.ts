/**
 * Leave requests with types, working days and balances, as worked examples: the arithmetic is written
 * beside each figure. Seeded types: Casual (default; 12 a year at the start of the year, pro-rated,
 * nothing carried, half days), Sick, Earned (15 a year, monthly, 30 carried, no half days) and Leave
 * Without Pay (unpaid). Weekly off: Sunday, unless a test says otherwise.
 */
import { LEAVE_REQUEST_MSG } from '../../../shared/leave-policy/leave-request';
import type { Leave } from '../../../shared/schemas/leave';
import type { EmployeeBalances, LeaveType } from '../../../shared/schemas/leave-policy';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('leave requests with types and balances on %s', (engine) => {
  let t: TestApp;
  /** The app's clock; a test moves it to the day it is about. */
  let now = new Date('2026-07-15T04:30:00.000Z');
  beforeEach(async () => {
    now = new Date('2026-07-15T04:30:00.000Z');
    t = await createTestApp(engine, { overrides: { now: () => now } });
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const request = (e: TestEmployee, body: object) => call('POST', '/api/leave', e.token, { reason: 'Family event', ...body });
  const decide = (id: string, status: 'approved' | 'rejected') => call('PUT', `/api/leave/approve/${id}`, t.admin.token, { status });
  const types = async () => (await call('GET', '/api/leave-types', t.admin.token)).json() as LeaveType[];
  const typeId = async (name: string) => (await types()).find((x) => x.name === name)!._id;
  const changeType = async (name: string, change: Partial<LeaveType>) => {
    const { _id, isDefault: _default, ...body } = (await types()).find((x) => x.name === name)!;
    expect((await call('PUT', `/api/leave-types/${_id}`, t.admin.token, { ...body, ...change })).statusCode).toBe(200);
  };
  const balance = async (e: TestEmployee, type: string, asOf?: string) => {
    const res = await call('GET', `/api/leave-balances/me${asOf ? `?asOf=${asOf}` : ''}`, e.token);
    return (res.json() as EmployeeBalances).balances.find((b) => b.leaveType === type)!;
  };
  const filed = async (e: TestEmployee, body: object) => {
    const res = await request(e, body);
    expect(res.json()).toMatchObject({ msg: 'Leave request submitted' });
    return res.json()._id as string;
  };
  const stored = (id: string) => t.ctx.database.db.selectFrom('leaves').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

  it('seeds Leave Without Pay: unpaid, nothing to accrue, half days allowed', async () => {
    expect((await types()).find((x) => x.name === 'Leave Without Pay')).toMatchObject({ paid: false, yearlyEntitlement: 0, halfDayAllowed: true, isDefault: false, active: true });
  });

  it("files the spec's plain request as the default type and stores its working days", async () => {
    const alice = await t.employee({ name: 'Alice' });
    // Monday 20 to Saturday 25 July: six days, no Sunday among them.
    const id = await filed(alice, { startDate: '2026-07-20', endDate: '2026-07-25' });
    expect(await stored(id)).toMatchObject({ leave_type_id: Number(await typeId('Casual')), days: 6, day_part: null });
    const [listed] = (await call('GET', '/api/leave', t.admin.token)).json() as Leave[];
    expect(listed).toMatchObject({ leaveType: 'Casual', leaveTypeId: await typeId('Casual'), days: 6 });
    expect(listed).not.toHaveProperty('dayPart');
  });

  it("pro-rates a mid-year joiner's accrual and refuses a request beyond it", async () => {
    // Leave year from April. Joined Friday 10 July 2026: July counts (joined by the 15th), so July to
    // March is 9 months. Casual: 12 × 9 / 12 = 9 days, credited at once (yearly accrual).
    const settings = { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [] } };
    expect((await call('PUT', '/api/leave-settings', t.admin.token, settings)).statusCode).toBe(200);
    const joiner = await t.employee({ name: 'Jaya', joinedOn: '2026-07-10' });
    expect(await balance(joiner, 'Casual')).toMatchObject({ year: '2026-27', accrued: 9, available: 9 });

    // Monday 3 to Thursday 13 August: 11 days less Sunday the 9th = 10 working days > 9.
    const beyond = await request(joiner, { startDate: '2026-08-03', endDate: '2026-08-13' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Casual', 10, 9, 'Leave Without Pay') });
    expect(beyond.json().msg).toBe('Not enough Casual leave: this request takes 10 days and 9 days are available. Ask for fewer days, or for Leave Without Pay instead.');

    // One day fewer fits exactly; then nothing is left, and even half a day is refused.
    await filed(joiner, { startDate: '2026-08-03', endDate: '2026-08-12' });
    expect(await balance(joiner, 'Casual')).toMatchObject({ pending: 9, available: 0 });
    const half = await request(joiner, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half' });
    expect(half.statusCode).toBe(409);
    expect(half.json().msg).toBe('Not enough Casual leave: this request takes 0.5 days and none is available. Ask for fewer days, or for Leave Without Pay instead.');

    // Earned accrues monthly, 15 / 12 = 1.25 a month from July, rounded down to a half day. A leave
    // starting 7 September is counted on that day: July + August + September = 3.75 → 3.5 days.
    const earned = await typeId('Earned');
    expect((await balance(joiner, 'Earned')).accrued).toBe(1); // today, 15 July: 1.25 → 1
    expect(await balance(joiner, 'Earned', '2026-09-07')).toMatchObject({ accrued: 3.5 });
    const four = await request(joiner, { startDate: '2026-09-07', endDate: '2026-09-10', leaveTypeId: earned });
    expect(four.json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Earned', 4, 3.5, 'Leave Without Pay') });
    await filed(joiner, { startDate: '2026-09-07', endDate: '2026-09-09', leaveTypeId: earned });

    // Unpaid leave has no balance to fit: ten working days more are filed.
    const lwp = await filed(joiner, { startDate: '2026-10-05', endDate: '2026-10-15', leaveTypeId: await typeId('Leave Without Pay') });
    expect(await stored(lwp)).toMatchObject({ days: 10 });
  });

  it('counts a half day on the Friday before a holiday weekend as half a day', async () => {
    // Independence Day, Saturday 15 August 2026, is a holiday; Sunday the 16th the weekly off.
    expect((await call('POST', '/api/holidays', t.admin.token, { date: '2026-08-15', name: 'Independence Day' })).statusCode).toBe(201);
    const alice = await t.employee({ name: 'Alice' });
    const first = await filed(alice, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half' });
    expect(await stored(first)).toMatchObject({ days: 0.5, day_part: 'first-half' });
    expect((await balance(alice, 'Casual')).pending).toBe(0.5);

    // The same half again clashes; the other half of the same day does not.
    expect((await request(alice, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half' })).statusCode).toBe(409);
    await filed(alice, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'second-half' });
    const full = await request(alice, { startDate: '2026-08-14', endDate: '2026-08-14' });
    expect(full.json()).toEqual({ msg: 'These dates overlap your pending leave from 2026-08-14 to 2026-08-14' });

    // Friday to Monday over the holiday weekend takes 2 working days (Friday and Monday).
    const bob = await t.employee({ name: 'Bob' });
    expect(await stored(await filed(bob, { startDate: '2026-08-14', endDate: '2026-08-17' }))).toMatchObject({ days: 2 });

    // A half day on the holiday itself is no working day; Earned has no half days; a half day is one day only.
    const carol = await t.employee({ name: 'Carol' });
    const onHoliday = await request(carol, { startDate: '2026-08-15', endDate: '2026-08-15', dayPart: 'second-half' });
    expect(onHoliday.statusCode).toBe(400);
    expect(onHoliday.json()).toEqual({ msg: LEAVE_REQUEST_MSG.noWorkingDays('2026-08-15', '2026-08-15') });
    const weekend = await request(carol, { startDate: '2026-08-15', endDate: '2026-08-16' });
    expect(weekend.json()).toEqual({ msg: '2026-08-15 to 2026-08-16 holds no working days: only weekly offs and holidays' });
    const earnedHalf = await request(carol, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half', leaveTypeId: await typeId('Earned') });
    expect(earnedHalf.statusCode).toBe(400);
    expect(earnedHalf.json()).toEqual({ msg: 'Earned leave cannot be taken as a half day' });
    const twoDays = await request(carol, { startDate: '2026-08-13', endDate: '2026-08-14', dayPart: 'first-half' });
    expect(twoDays.statusCode).toBe(400);
    expect(twoDays.json()).toEqual({ msg: LEAVE_REQUEST_MSG.halfDayOneDayOnly });
    const badPart = await request(carol, { startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'morning' });
    expect(badPart.json()).toEqual({ msg: "dayPart must be 'first-half' or 'second-half'", fieldErrors: { dayPart: "dayPart must be 'first-half' or 'second-half'" } });
  });

  it('carries forward at the year end, up to the cap, and counts the carried days in the new year', async () => {
    // Earned: 15 a year, monthly, carry-forward cap lowered to 10 for the example. Joined 1 Jan 2024.
    await changeType('Earned', { carryForwardCap: 10 });
    const dev = await t.employee({ name: 'Dev', joinedOn: '2024-01-01' });
    const earned = await typeId('Earned');
    // 2025: 3 days taken (Mon 8 to Wed 10 December), filed and approved then.
    now = new Date('2025-12-01T04:30:00.000Z');
    const taken = await filed(dev, { startDate: '2025-12-08', endDate: '2025-12-10', leaveTypeId: earned });
    expect((await decide(taken, 'approved')).statusCode).toBe(200);
    // Casual 2025: 12 accrued, 5 taken (Mon 15 to Fri 19 December); 7 left, which lapse (cap 0).
    expect((await decide(await filed(dev, { startDate: '2025-12-15', endDate: '2025-12-19' }), 'approved')).statusCode).toBe(200);

    // New year, Monday 5 January 2026.
    // Earned 2024: 15 earned, none taken → 15, capped to 10 carried (5 lapse).
    // Earned 2025: 10 + 15 − 3 = 22 → capped to 10 carried.
    // Earned 2026: 10 carried + January's 1.25 → 1 accrued = 11 available.
    now = new Date('2026-01-05T04:30:00.000Z');
    expect(await balance(dev, 'Earned')).toMatchObject({ year: '2026', carriedForward: 10, accrued: 1, taken: 0, pending: 0, available: 11 });
    expect(await balance(dev, 'Casual')).toMatchObject({ carriedForward: 0, accrued: 12, available: 12 });

    // Monday 12 to Saturday 24 January is 13 days less Sunday the 18th = 12 working days: one too many.
    const twelve = await request(dev, { startDate: '2026-01-12', endDate: '2026-01-24', leaveTypeId: earned });
    expect(twelve.json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Earned', 12, 11, 'Leave Without Pay') });
    await filed(dev, { startDate: '2026-01-12', endDate: '2026-01-23', leaveTypeId: earned });
    expect((await balance(dev, 'Earned')).available).toBe(0);
  });

  it('refuses a leave across two leave years, naming where to split it', async () => {
    const alice = await t.employee({ name: 'Alice' });
    const calendarYear = await request(alice, { startDate: '2026-12-28', endDate: '2027-01-02' });
    expect(calendarYear.statusCode).toBe(400);
    expect(calendarYear.json()).toEqual({ msg: 'A leave cannot run across two leave years: ask up to 2026-12-31, and from 2027-01-01 in a second request' });
    // From April, the year turns on 1 April instead; New Year is then inside one leave year.
    await call('PUT', '/api/leave-settings', t.admin.token, { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [] } });
    expect((await request(alice, { startDate: '2026-12-28', endDate: '2027-01-02' })).statusCode).toBe(201);
    expect((await request(alice, { startDate: '2027-03-30', endDate: '2027-04-02' })).json()).toEqual({ msg: LEAVE_REQUEST_MSG.spansLeaveYears('2027-03-31', '2027-04-01') });
  });

  it('counts other pending requests against the balance, and refuses unknown or withdrawn types', async () => {
    const alice = await t.employee({ name: 'Alice' });
    // Casual 12: 6 pending (Mon 20 to Sat 25 July) leaves 6; a further 7 (27 July to 2 August, less Sunday) is refused.
    await filed(alice, { startDate: '2026-07-20', endDate: '2026-07-25' });
    expect((await request(alice, { startDate: '2026-07-27', endDate: '2026-08-03' })).json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Casual', 7, 6, 'Leave Without Pay') });
    // Sick has a balance of its own.
    const sick = await typeId('Sick');
    expect((await request(alice, { startDate: '2026-07-27', endDate: '2026-08-03', leaveTypeId: sick })).statusCode).toBe(201);

    expect((await request(alice, { startDate: '2026-09-01', endDate: '2026-09-01', leaveTypeId: '999999' })).json()).toEqual({ msg: LEAVE_REQUEST_MSG.typeNotOffered });
    expect((await request(alice, { startDate: '2026-09-01', endDate: '2026-09-01', leaveTypeId: 'casual' })).json().msg).toBe('leaveTypeId must be a leave type id');
    await changeType('Sick', { active: false });
    expect((await request(alice, { startDate: '2026-09-01', endDate: '2026-09-01', leaveTypeId: sick })).json()).toEqual({ msg: LEAVE_REQUEST_MSG.typeNotOffered });
    // Without an unpaid type to suggest, the refusal says only what is wrong.
    await changeType('Leave Without Pay', { active: false });
    expect((await request(alice, { startDate: '2026-09-01', endDate: '2026-09-14' })).json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Casual', 12, 6, null) });
  });

  it('re-checks the balance on approval and refuses an approval that would take it below zero', async () => {
    const alice = await t.employee({ name: 'Alice' });
    // 5 Casual days (Mon 20 to Fri 24 July) fit the 12; then the admin lowers Casual to 4 a year.
    const id = await filed(alice, { startDate: '2026-07-20', endDate: '2026-07-24' });
    await changeType('Casual', { yearlyEntitlement: 4 });
    const refused = await decide(id, 'approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: "Cannot approve: Alice's Casual balance would go below zero. This request takes 5 days, and only 4 days are left." });
    expect((await stored(id)).status).toBe('pending');
    await t.app.notifications.idle();
    // HR was told of the new request; the employee hears of no decision.
    expect(t.mailer.sent.filter((m) => m.to !== t.admin.email)).toHaveLength(0);
    expect(await t.ctx.database.db.selectFrom('audit_log').select('id').where('action', '=', 'leave.approved').execute()).toHaveLength(0);
    // Rejecting needs no balance; back at 12 a year the approval goes through.
    await changeType('Casual', { yearlyEntitlement: 12 });
    expect((await decide(id, 'approved')).statusCode).toBe(200);
    expect(await balance(alice, 'Casual')).toMatchObject({ taken: 5, pending: 0, available: 7 });

    // A request filed before leave types existed (no type, no day count) is the default type, counted
    // on today's calendar: Monday 3 to Saturday 15 August less Sunday the 9th = 12 days > 7 left.
    const old = await t.ctx.database.db
      .insertInto('leaves')
      .values({ user_id: alice.id, start_date: '2026-08-03', end_date: '2026-08-15', reason: 'Filed long ago', status: 'pending', created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = ((await call('GET', '/api/leave', t.admin.token)).json() as Leave[]).find((l) => l._id === String(old.id));
    expect(listed).toMatchObject({ leaveType: 'Casual', days: 12 });
    expect((await decide(String(old.id), 'approved')).json()).toEqual({ msg: LEAVE_REQUEST_MSG.approvalBeyondBalance('Alice', 'Casual', 12, 7) });
    expect((await decide(String(old.id), 'rejected')).statusCode).toBe(200);
  });

  it('lets only one of two concurrent requests spend the same balance', async () => {
    const alice = await t.employee({ name: 'Alice' });
    // Casual 12. Each request is 8 working days (Monday to the next Tuesday, less the Sunday); both
    // fit alone, not together, and they do not overlap.
    const results = await Promise.all([
      request(alice, { startDate: '2026-09-07', endDate: '2026-09-15' }),
      request(alice, { startDate: '2026-10-05', endDate: '2026-10-13' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ msg: LEAVE_REQUEST_MSG.beyondBalance('Casual', 8, 4, 'Leave Without Pay') });
    expect(await balance(alice, 'Casual')).toMatchObject({ pending: 8, available: 4 });
  });

  it('lets only one of two concurrent approvals spend the same balance', async () => {
    const alice = await t.employee({ name: 'Alice' });
    const a = await filed(alice, { startDate: '2026-09-07', endDate: '2026-09-11' }); // 5 days
    const b = await filed(alice, { startDate: '2026-10-05', endDate: '2026-10-09' }); // 5 days
    // Casual lowered to 8 a year: either approval fits (5 ≤ 8), both do not (10 > 8).
    await changeType('Casual', { yearlyEntitlement: 8 });
    const results = await Promise.all([decide(a, 'approved'), decide(b, 'approved')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ msg: LEAVE_REQUEST_MSG.approvalBeyondBalance('Alice', 'Casual', 5, 3) });
    expect((await balance(alice, 'Casual')).taken).toBe(5);
  });
});
