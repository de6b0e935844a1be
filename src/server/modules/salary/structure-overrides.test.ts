/**
 * A person's override of one structure component, through the API on each engine. Today is
 * 5 December 2026; October is approved, so November is the earliest open month. "Drivers": Basic 40% of gross, HRA 50% of Basic,
 * conveyance ₹1,600. Asha and Ravi earn ₹20,000 each and are both on it from 1 November.
 *
 * - Asha, on the structure as it is: Basic 8,000, HRA 4,000, conveyance 1,600, special 6,400. The
 *   Code on Wages' 50% rule lifts PF wages to 10,000 (half the gross): PF 1,200.
 * - Ravi, with Basic fixed at ₹12,000 for him alone: Basic 12,000, HRA 6,000, conveyance 1,600,
 *   special 400. PF wages are his Basic, 12,000: PF 1,440.
 */
import { OVERRIDE_BLOCKING, seedAttendance } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';

const NOW = new Date('2026-12-05T06:30:00Z');

describe.each(engines)('structure overrides on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let ravi: TestEmployee;
  let drivers: string;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 20_000_00, joinedOn: '2025-04-01' });
    ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 20_000_00, joinedOn: '2025-04-01' });
    for (const e of [asha, ravi]) {
      await call('PUT', `/api/employee/edit/${e.id}`, { name: e === asha ? 'Asha Rao' : 'Ravi Kumar', email: e.email, statutory: { stateOfWork: 'KA' } });
      await seedAttendance(t, e.id, '2026-11');
    }
    const approve = await call('POST', '/api/salary/register/2026-10/approve', OVERRIDE_BLOCKING);
    expect(approve.statusCode).toBe(202);
    await eventually(async () => (await call('GET', `/api/salary/runs/${approve.json().runId}`)).json().status === 'done', 15_000, 'the slip run');
    drivers = (await call('POST', '/api/salary/structures', { name: 'Drivers', basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }] })).json().id;
    const assigned = await call('POST', `/api/salary/structures/${drivers}/assign`, { employeeIds: [String(asha.id), String(ravi.id)], effectiveFrom: '2026-11-01' });
    expect(assigned.statusCode).toBe(200);
  });
  afterEach(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.admin.token) {
    return t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });
  }
  const override = (e: TestEmployee, body: object, token?: string) => call('PUT', `/api/salary/history/${e.id}/structure-override`, body, token);
  const rowOf = async (e: TestEmployee) => (await call('GET', '/api/salary/register/2026-11')).json().rows.find((r: { employeeId: string }) => r.employeeId === e.employeeId);

  it('pays one person their own Basic, keeps it through a new assignment, and removes it', async () => {
    const res = await override(ravi, { component: 'basic', basicMonthly: 12_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().revisions[0]).toMatchObject({
      effectiveFrom: '2026-11-01',
      salary: 20_000,
      reason: 'Drivers: Basic fixed at ₹12,000 a month',
      structure: { name: 'Drivers', basicMonthly: 12_000, basic: 12_000, hra: 6_000, special: 400, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }], override: 'Basic fixed at ₹12,000 a month' },
    });
    // The month: Ravi by his Basic, Asha by the structure's.
    expect(await rowOf(ravi)).toMatchObject({ earnedGross: 20_000, deductions: { pf: 1_440 } });
    expect(await rowOf(asha)).toMatchObject({ earnedGross: 20_000, deductions: { pf: 1_200 } });
    expect((await call('GET', `/api/salary/history/${asha.id}`)).json().revisions[0].structure).toMatchObject({ basic: 8_000, hra: 4_000, special: 6_400, override: null });
    // Still counted on the structure.
    expect((await call('GET', '/api/salary/structures')).json().structures[0].people).toBe(2);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'after_json']).where('action', '=', 'salary.structure-override').execute();
    expect(audit).toHaveLength(1);

    // The structure assigned again (as after an edit of it): his override comes along.
    expect((await call('PUT', `/api/salary/structures/${drivers}`, { name: 'Drivers', basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 2000 }] })).statusCode).toBe(200);
    const again = await call('POST', `/api/salary/structures/${drivers}/assign`, { employeeIds: [String(asha.id), String(ravi.id)], effectiveFrom: '2026-11-01', preview: true });
    expect(again.json().people.map((p: { employeeId: string; basic: number; allowances: { amount: number }[] }) => [p.employeeId, p.basic, p.allowances[0]!.amount])).toEqual([
      [asha.employeeId, 8_000, 2_000],
      [ravi.employeeId, 12_000, 2_000],
    ]);
    await call('POST', `/api/salary/structures/${drivers}/assign`, { employeeIds: [String(asha.id), String(ravi.id)], effectiveFrom: '2026-11-01' });
    expect((await call('GET', `/api/salary/history/${ravi.id}`)).json().revisions[0].structure).toMatchObject({ basic: 12_000, special: 0, override: 'Basic fixed at ₹12,000 a month' });

    const removed = await override(ravi, { component: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().revisions[0]).toMatchObject({ reason: 'Drivers: Basic fixed at ₹12,000 a month removed', structure: { basic: 8_000, hra: 4_000, override: null } });
    expect(await rowOf(ravi)).toMatchObject({ deductions: { pf: 1_200 } });
  });

  it('overrides HRA or one allowance, refusing what does not fit, by field', async () => {
    const hra = await override(asha, { component: 'hra', hraPercentOfBasic: 30 });
    expect(hra.json().revisions[0].structure).toMatchObject({ hra: 2_400, special: 8_000, override: 'HRA 30% of Basic' });
    // One override at a time: an allowance replaces the HRA override.
    const none = await override(asha, { component: 'allowance', allowanceName: 'conveyance', monthly: 0 });
    expect(none.json().revisions[0].structure).toMatchObject({ hra: 4_000, fixedAllowances: [{ name: 'Conveyance', monthly: 0 }], special: 8_000, override: 'Conveyance ₹0 a month' });

    const unknown = await override(asha, { component: 'allowance', allowanceName: 'Medical', monthly: 1250 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ allowanceName: "Allowance name must be one of the structure's allowances: Conveyance" });
    const tooHigh = await override(asha, { component: 'basic', basicMonthly: 25_000 });
    expect(tooHigh.json().fieldErrors).toHaveProperty('basicMonthly');
    const tooMuch = await override(asha, { component: 'hra', hraPercentOfBasic: 100, effectiveFrom: '2026-11-01' });
    expect(tooMuch.statusCode).toBe(200);
    const overGross = await override(asha, { component: 'basic', basicPercentOfGross: 70 });
    expect(overGross.json().fieldErrors).toEqual({ basicPercentOfGross: 'HRA percent of basic is too high: basic and HRA together would be more than the gross' });
    const missing = await override(asha, { component: 'basic' });
    expect(missing.json().fieldErrors).toHaveProperty('basicPercentOfGross');
    const approved = await override(asha, { component: 'hra', hraPercentOfBasic: 40, effectiveFrom: '2026-10-15' });
    expect(approved.json().fieldErrors).toEqual({ effectiveFrom: 'Pick a day from 2026-11-01 on: the months before it are approved and keep their slips' });

    // Someone on the default split has no structure to override.
    const meera = await t.employee({ name: 'Meera', email: 'meera@test.local', salaryPaise: 20_000_00, joinedOn: '2025-04-01' });
    const noStructure = await override(meera, { component: 'hra', hraPercentOfBasic: 40 });
    expect(noStructure.statusCode).toBe(400);
    expect(noStructure.json().fieldErrors).toHaveProperty('component');
    const nothingToRemove = await override(ravi, { component: null });
    expect(nothingToRemove.json().fieldErrors).toHaveProperty('component');

    // Admins only.
    expect((await override(asha, { component: 'hra', hraPercentOfBasic: 40 }, asha.token)).statusCode).toBe(403);
  });
});
