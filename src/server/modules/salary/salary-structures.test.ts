/**
 * Salary structures through the API on each engine. Today is 5 December 2026; October 2026 is
 * approved. Asha earns ₹24,000 a month. Under "Field staff" (basic 45% of gross, HRA 50% of basic)
 * November pays basic 10,800, HRA 5,400, special 7,800; PF 12% of 12,000 (the Code on Wages' 50% rule
 * lifts PF wages to half the gross) = 1,440; no ESI (above ₹21,000), no Karnataka PT (below ₹25,000),
 * no TDS: net 22,560.
 */
import { OVERRIDE_BLOCKING, seedAttendance } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';

const NOW = new Date('2026-12-05T06:30:00Z');

describe.each(engines)('salary structures on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let ravi: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 24_000_00, joinedOn: '2025-04-01' });
    ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 8_000_00, joinedOn: '2025-04-01' });
    for (const e of [asha, ravi]) {
      await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(t.admin.token), payload: { name: e === asha ? 'Asha Rao' : 'Ravi Kumar', email: e.email, statutory: { stateOfWork: 'KA' } } });
      for (const m of ['2026-10', '2026-11']) await seedAttendance(t, e.id, m);
    }
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.admin.token) => t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });
  async function approve(month: string) {
    const res = await call('POST', `/api/salary/register/${month}/approve`, OVERRIDE_BLOCKING);
    expect(res.statusCode).toBe(202);
    const { runId } = res.json();
    await eventually(async () => (await call('GET', `/api/salary/runs/${runId}`)).json().status === 'done', 15_000, 'the slip run');
  }
  const rowOf = async (month: string, e: TestEmployee) => (await call('GET', `/api/salary/register/${month}`)).json().rows.find((r: { employeeId: string }) => r.employeeId === e.employeeId);

  it('adds, edits and assigns a structure: the month is computed with it, approved months are not touched', async () => {
    // Field errors, each by its field.
    const bad = await call('POST', '/api/salary/structures', { name: '', basicPercentOfGross: 80, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Medical', monthly: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ name: expect.any(String), 'fixedAllowances.0.monthly': expect.any(String) });
    const over = await call('POST', '/api/salary/structures', { name: 'Too much', basicPercentOfGross: 80, hraPercentOfBasic: 50 });
    expect(over.json()).toEqual({ msg: expect.any(String), fieldErrors: { hraPercentOfBasic: 'HRA percent of basic is too high: basic and HRA together would be more than the gross' } });

    const created = await call('POST', '/api/salary/structures', { name: 'Field staff', basicPercentOfGross: 45, hraPercentOfBasic: 50 });
    expect(created.statusCode).toBe(201);
    const structure = created.json();
    expect(structure).toMatchObject({ name: 'Field staff', basicPercentOfGross: 45, hraPercentOfBasic: 50, fixedAllowances: [], people: 0 });
    const dup = await call('POST', '/api/salary/structures', { name: ' field STAFF ', basicPercentOfGross: 40, hraPercentOfBasic: 40 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors).toEqual({ name: 'A salary structure with this name exists' });

    // Employees cannot see or change structures.
    expect((await call('GET', '/api/salary/structures', undefined, asha.token)).statusCode).toBe(403);

    await approve('2026-10');
    const octoberBefore = await rowOf('2026-10', asha);
    const early = await call('POST', `/api/salary/structures/${structure.id}/assign`, { employeeIds: [String(asha.id)], effectiveFrom: '2026-10-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors).toHaveProperty('effectiveFrom');

    // The preview stores nothing.
    const preview = await call('POST', `/api/salary/structures/${structure.id}/assign`, { employeeIds: [String(asha.id)], effectiveFrom: '2026-11-01', preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ preview: true, people: [{ employeeId: asha.employeeId, monthlyGross: 24_000, basic: 10_800, hra: 5_400, special: 7_800, allowances: [], allowancesShort: false }] });
    expect((await call('GET', '/api/salary/structures')).json().structures[0].people).toBe(0);
    // The default split gives the same PF here (basic 12,000 is half the gross already).
    expect(await rowOf('2026-11', asha)).toMatchObject({ deductions: { pf: 1_440 }, net: 22_560 });

    const assigned = await call('POST', `/api/salary/structures/${structure.id}/assign`, { employeeIds: [String(asha.id)], effectiveFrom: '2026-11-01', reason: 'New field role' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ preview: false, msg: 'Salary structure assigned to 1 person from 2026-11-01' });
    expect((await call('GET', '/api/salary/structures')).json().structures[0].people).toBe(1);

    expect(await rowOf('2026-11', asha)).toMatchObject({ monthlyGross: 24_000, earnedGross: 24_000, deductions: { pf: 1_440, esi: 0, professionalTax: 0, tds: 0 }, net: 22_560 });
    // Ravi stays on the default split: basic 4,000 (PF 480).
    expect(await rowOf('2026-11', ravi)).toMatchObject({ deductions: { pf: 480 } });
    // The approved October keeps its slip.
    expect(await rowOf('2026-10', asha)).toEqual(octoberBefore);
    const history = (await call('GET', `/api/salary/history/${asha.id}`)).json();
    expect(history.revisions.map((r: { effectiveFrom: string; salary: number; reason: string }) => [r.effectiveFrom, r.salary, r.reason])).toEqual([
      ['2026-11-01', 24_000, 'New field role'],
      ['2025-04-01', 24_000, 'Salary before the first recorded revision'],
    ]);

    // An edit changes nobody's months until it is assigned again.
    const edited = await call('PUT', `/api/salary/structures/${structure.id}`, { name: 'Field staff', basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1_600 }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ basicPercentOfGross: 40, fixedAllowances: [{ name: 'Conveyance', monthly: 1_600 }], people: 1 });
    expect(await rowOf('2026-11', asha)).toMatchObject({ net: 22_560 });
    // Assigned again from 16 November, to Ravi too, whose ₹8,000 falls short of the allowance with basic and HRA.
    const again = await call('POST', `/api/salary/structures/${structure.id}/assign`, { employeeIds: [String(asha.id), String(ravi.id)], effectiveFrom: '2026-11-16', preview: true });
    expect(again.json().people.map((p: { name: string; basic: number; allowances: unknown; special: number; allowancesShort: boolean }) => [p.name, p.basic, p.allowances, p.special, p.allowancesShort])).toEqual([
      ['Asha Rao', 9_600, [{ name: 'Conveyance', amount: 1_600 }], 8_000, false],
      ['Ravi Kumar', 3_200, [{ name: 'Conveyance', amount: 1_600 }], 1_600, false],
    ]);
    // November as approved carries the structure's split and names it.
    await approve('2026-11');
    const stored = await t.ctx.database.db.selectFrom('payroll_approved_slips').select('slip_json').where('month', '=', '2026-11').where('user_id', '=', asha.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.slip_json)).toMatchObject({ structureName: 'Field staff', earnings: { basicPaise: 10_800_00, hraPaise: 5_400_00, specialPaise: 7_800_00 }, netPaise: 22_560_00 });
    expect((await call('PUT', `/api/salary/structures/987654321`, { name: 'X', basicPercentOfGross: 40, hraPercentOfBasic: 40 })).statusCode).toBe(404);

    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'salary.structure-%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['salary.structure-create', 'salary.structure-assign', 'salary.structure-update']);
  });

  // Worked example (shared/payroll/salary-history.test.ts): Asha at ₹30,000 from 1 November on the
  // default split; "Drivers" (Basic fixed at ₹12,000, HRA 40% of Basic) from the 16th with a raise to
  // ₹36,000 the same day. November has 25 working days, 12 before the 16th and 13 from it.
  it('a fixed Basic and a change inside the month: each part of November by its own rate and structure', async () => {
    const edit = (e: TestEmployee, extra: object) => call('PUT', `/api/employee/edit/${e.id}`, { name: e === asha ? 'Asha Rao' : 'Ravi Kumar', email: e.email, ...extra });
    // October approved: November is the open month.
    await approve('2026-10');
    // Field errors of a fixed Basic, each on its field.
    const zero = await call('POST', '/api/salary/structures', { name: 'Drivers', basicMonthly: 0, hraPercentOfBasic: 40 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fieldErrors).toEqual({ basicMonthly: 'Basic monthly amount must be at least ₹1' });
    const both = await call('POST', '/api/salary/structures', { name: 'Drivers', basicMonthly: 12_000, basicPercentOfGross: 40, hraPercentOfBasic: 40 });
    expect(both.json().fieldErrors).toEqual({ basicPercentOfGross: 'Basic percent of gross must be empty when Basic is a fixed monthly amount' });

    const created = await call('POST', '/api/salary/structures', { name: 'Drivers', basicMonthly: 12_000, hraPercentOfBasic: 40 });
    expect(created.statusCode).toBe(201);
    const drivers = created.json();
    expect(drivers).toMatchObject({ name: 'Drivers', basicPercentOfGross: null, basicMonthly: 12_000, hraPercentOfBasic: 40 });
    expect((await call('GET', '/api/salary/structures')).json().structures).toEqual([expect.objectContaining({ name: 'Drivers', basicMonthly: 12_000, basicPercentOfGross: null })]);

    // Ravi's ₹8,000 cannot carry a ₹12,000 Basic: refused, naming him.
    const short = await call('POST', `/api/salary/structures/${drivers.id}/assign`, { employeeIds: [String(asha.id), String(ravi.id)], effectiveFrom: '2026-11-16', preview: true });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.employeeIds).toBe(`The fixed Basic of ₹12,000 is more than the monthly gross of Ravi Kumar (${ravi.employeeId}): change their salary first or pick another structure`);

    expect((await edit(asha, { salary: 30_000, salaryEffectiveFrom: '2026-11-01', salaryChangeReason: 'New role' })).statusCode).toBe(200);
    const preview = await call('POST', `/api/salary/structures/${drivers.id}/assign`, { employeeIds: [String(asha.id)], effectiveFrom: '2026-11-16', preview: true });
    expect(preview.json().people).toEqual([expect.objectContaining({ monthlyGross: 30_000, basic: 12_000, hra: 4_800, special: 13_200 })]);
    expect((await call('POST', `/api/salary/structures/${drivers.id}/assign`, { employeeIds: [String(asha.id)], effectiveFrom: '2026-11-16' })).statusCode).toBe(200);

    // The structure alone from the 16th, at one rate: 14,400 + 15,600, Basic 7,200 + 6,240.
    const structureOnly = await rowOf('2026-11', asha);
    expect(structureOnly).toMatchObject({ monthlyGross: 30_000, earnedGross: 30_000 });
    const nov = (await call('GET', '/api/salary/register/2026-11')).json();
    expect(nov.warnings).toContainEqual(
      expect.objectContaining({
        employeeId: asha.employeeId,
        kind: 'salary-change',
        text: 'Asha Rao: the salary structure changed in the month; paid ₹30,000 from 2026-11-01 (12 paid days) under the default split, ₹30,000 from 2026-11-16 (13 paid days) under Drivers',
      }),
    );

    // A salary below the fixed Basic is refused on its field; the raise to ₹36,000 from the 16th is not.
    const low = await edit(asha, { salary: 10_000, salaryEffectiveFrom: '2026-11-20' });
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors).toEqual({ salary: 'Salary: the fixed Basic of ₹12,000 is more than the monthly gross of ₹10,000 (salary structure Drivers). Assign another structure first, or enter at least the Basic' });
    expect((await edit(asha, { salary: 36_000, salaryEffectiveFrom: '2026-11-16', salaryChangeReason: 'Driver allowance' })).statusCode).toBe(200);
    // 14,400 + 18,720 = 33,120; PF 12% of 16,560 (half the earnings, the Code on Wages) = 1,987.
    expect(await rowOf('2026-11', asha)).toMatchObject({ monthlyGross: 36_000, earnedGross: 33_120, deductions: { pf: 1_987 } });

    await approve('2026-11');
    const stored = await t.ctx.database.db.selectFrom('payroll_approved_slips').select('slip_json').where('month', '=', '2026-11').where('user_id', '=', asha.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.slip_json)).toMatchObject({
      structureName: 'Drivers',
      earnings: { basicPaise: 13_440_00, hraPaise: 5_376_00, specialPaise: 14_304_00, totalPaise: 33_120_00 },
      salaryPeriods: [
        { from: '2026-11-01', to: '2026-11-15', monthlyGrossPaise: 30_000_00, paidDays: 12 },
        { from: '2026-11-16', to: '2026-11-30', monthlyGrossPaise: 36_000_00, paidDays: 13, structureName: 'Drivers' },
      ],
    });

    // The history names the structure of each revision: assigned, kept, or the default.
    const history = (await call('GET', `/api/salary/history/${asha.id}`)).json();
    expect(history.revisions.map((r: { effectiveFrom: string; salary: number; structure: { name: string; assigned: boolean; basic: number; hra: number; special: number } | null }) => [r.effectiveFrom, r.salary, r.structure && [r.structure.name, r.structure.assigned, r.structure.basic, r.structure.hra, r.structure.special]])).toEqual([
      ['2026-11-16', 36_000, ['Drivers', false, 12_000, 4_800, 19_200]],
      ['2026-11-16', 30_000, ['Drivers', true, 12_000, 4_800, 13_200]],
      ['2026-11-01', 30_000, null],
      ['2025-04-01', 24_000, null],
    ]);
    expect(history.revisions[1].structure).toMatchObject({ basicMonthly: 12_000, basicPercentOfGross: null, hraPercentOfBasic: 40, fixedAllowances: [] });
  });
});
