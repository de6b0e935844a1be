/**
 * "Live data differs" recomputes only the people whose inputs digest differently from their stored
 * slip's: the same inputs give the same slip, so a matching digest needs no computation. A change to
 * one person's days, or to what everyone shares (a holiday), is found; a re-run stores the new digests.
 */
import { OVERRIDE_BLOCKING, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('the digest of a slip\'s inputs on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let ravi: TestEmployee;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    asha = await t.employee({ name: 'Asha Kulkarni', salaryPaise: 42_000_00, joinedOn: '2025-04-01' });
    ravi = await t.employee({ name: 'Ravi Shetty', salaryPaise: 30_000_00, joinedOn: '2025-04-01' });
    await seedAttendance(t, asha.id, '2026-10');
    // Ravi was away on Monday 12 October: a day of loss of pay.
    await seedAttendance(t, ravi.id, '2026-10', { except: ['2026-10-12'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/approve', headers: auth(t.admin.token), payload: OVERRIDE_BLOCKING });
    expect(res.statusCode).toBe(202);
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const liveDiffers = async () => (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json().liveDiffers;
  const digests = async () => (await db().selectFrom('payroll_approved_slips').select(['user_id', 'input_digest']).where('month', '=', '2026-10').orderBy('user_id').execute()).map((r) => r.input_digest);

  it('stores a digest with every slip, and skips the computation while it matches', async () => {
    const stored = await digests();
    expect(stored).toHaveLength(2);
    for (const d of stored) expect(d).toMatch(/^[0-9a-f]{40}$/);
    expect(new Set(stored).size).toBe(2);
    expect(await liveDiffers()).toBeNull();
    // A stored amount that no computation from these inputs gives: unseen while the digest vouches
    // for the slip (the month is not computed again), seen once the digest is gone.
    await db().updateTable('payroll_approved_slips').set({ fingerprint: 'm2:tampered', net_paise: 1_00 }).where('user_id', '=', asha.id).execute();
    expect(await liveDiffers()).toBeNull();
    await db().updateTable('payroll_approved_slips').set({ input_digest: null }).where('user_id', '=', asha.id).execute();
    expect(await liveDiffers()).toMatchObject({ count: 1, people: [{ employeeId: asha.employeeId, netApproved: 1 }] });
  });

  it("finds one person's late change and a holiday everyone shares; a re-run stores the new digests", async () => {
    await db().insertInto('attendance').values({ user_id: ravi.id, date: '2026-10-12', status: 'P', punch_in: '2026-10-12T04:00:00.000Z', punch_out: '2026-10-12T12:00:00.000Z' }).execute();
    expect(await liveDiffers()).toMatchObject({ count: 1, people: [{ employeeId: ravi.employeeId }] });
    const rerun = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/rerun', headers: auth(t.admin.token), payload: { reason: 'Attendance of 12 October corrected' } });
    expect(rerun.statusCode).toBe(202);
    expect(await liveDiffers()).toBeNull();

    // A holiday on 12 October: Asha's digest moves too (the calendar is an input), her pay does not.
    const before = await digests();
    await db().deleteFrom('attendance').where('user_id', '=', ravi.id).where('date', '=', '2026-10-12').execute();
    await db().insertInto('holidays').values({ date: '2026-10-12', name: 'Local festival', created_at: TEST_NOW.toISOString() }).execute();
    expect(await liveDiffers()).toBeNull();
    const again = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/rerun', headers: auth(t.admin.token), payload: { reason: 'Holiday added' } });
    expect(again.statusCode).toBe(202);
    const after = await digests();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });
});
