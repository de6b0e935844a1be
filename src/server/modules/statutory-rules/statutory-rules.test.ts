/**
 * Statutory rules through the API on each engine: the ECR of an approved October 2026 on the ₹25,000
 * ceiling, EPS nil for a member aged 59, an administrator's new rule version reaching the next month not
 * approved while an approved month keeps what it stored, the readings of contested rules, and bad input.
 */
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { approveQuietly, statutoryPerson, TEST_NOW } from '../../test/salary-test-helpers';

describe.each(engines)('statutory rules on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.admin.token) => t.app.inject({ method, url, headers: auth(token), payload });
  const ecrLines = async (month: string) => (await admin('GET', `/api/salary/files/${month}/ecr`)).body.split('\r\n').filter(Boolean);

  it('approves October 2026 for ₹60,000 gross: the ECR line has EPF wages 25,000, employee share 3,000, EPS 2,083; a member aged 59 has EPS 0', async () => {
    await statutoryPerson(t, 'Ravi Kumar', 60_000, { uan: '100427607286' }, ['2026-10']);
    await statutoryPerson(t, 'Lakshmi Menon', 30_000, { uan: '100257274743', dateOfBirth: '1967-06-10' }, ['2026-10']);
    await approveQuietly(t, '2026-10');
    expect(await ecrLines('2026-10')).toEqual([
      // UAN, name, gross, EPF / EPS / EDLI wages, employee share, EPS, EPF − EPS, NCP days, refund.
      '100427607286#~#Ravi Kumar#~#60000#~#25000#~#25000#~#25000#~#3000#~#2083#~#917#~#0#~#0',
      // Aged 59: EPS wages and EPS 0, the whole 12% (1,800) to EPF; EDLI still on 15,000.
      '100257274743#~#Lakshmi Menon#~#30000#~#15000#~#0#~#15000#~#1800#~#0#~#1800#~#0#~#0',
    ]);
    const register = (await admin('GET', '/api/salary/register/2026-10')).json();
    expect(register.pf).toMatchObject({ ceiling: 25_000, ceilingNote: null, adminCharges: 500, adminMinimumTopUp: 500 - 125 - 75 });
    expect(register.pf.versions).toContainEqual({ key: 'pf.wageCeiling', effectiveFrom: '2026-09-17', source: expect.stringContaining('S.O. 5109(E)') });
    expect(register.warnings).toContainEqual(expect.objectContaining({ kind: 'eps-nil', text: expect.stringContaining('Aged 59') }));
  });

  it('September 2026 is day-weighted by default and by the whole month at the new ceiling when the setting says so', async () => {
    await statutoryPerson(t, 'Ravi Kumar', 60_000, { uan: '100427607286' }, ['2026-09']);
    const preview = (await admin('GET', '/api/salary/register/2026-09')).json();
    expect(preview.rows[0].deductions.pf).toBe(2_360);
    expect(preview.pf.ceilingNote).toMatch(/day-weighted, EPFO wage-ceiling FAQ Q7/);
    const res = await admin('PUT', '/api/statutory-rules/settings', { pfCeilingReading: 'new-for-month', eps58Month: 'proportionate', epsUntil60: false });
    expect(res.statusCode).toBe(200);
    expect((await admin('GET', '/api/salary/register/2026-09')).json().rows[0].deductions.pf).toBe(3_000);
    expect((await admin('GET', '/api/statutory-rules?month=2026-09')).json().settings.pfCeilingReading).toBe('new-for-month');
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'statutory-settings.update').execute();
    expect(audit).toHaveLength(1);
  });

  it("an admin's new version changes the next month not approved and leaves an approved month as it was", async () => {
    await statutoryPerson(t, 'Ravi Kumar', 80_000, { uan: '100427607286' }, ['2026-09', '2026-10']);
    await approveQuietly(t, '2026-09');
    const septemberBefore = (await admin('GET', '/api/salary/register/2026-09')).json();
    expect(septemberBefore.rows[0].deductions.pf).toBe(2_360);
    expect((await admin('GET', '/api/salary/register/2026-10')).json().rows[0].deductions.pf).toBe(3_000);

    const add = await admin('POST', '/api/statutory-rules/versions', { key: 'pf.wageCeiling', effectiveFrom: '2026-09-20', value: 30_000, source: 'S.O. 9999(E) of 20 Nov 2026 (test)', note: 'A back-dated test ceiling' });
    expect(add.statusCode).toBe(200);
    expect(add.json().msg).toMatch(/applies to every month not yet approved from September 2026 on/);

    // October is not approved: 12% × 30,000 = 3,600. September keeps what it stored.
    expect((await admin('GET', '/api/salary/register/2026-10')).json().rows[0].deductions.pf).toBe(3_600);
    // The approved figures stay; the register now says who the back-dated rule would change, and by how much.
    const septemberAfter = (await admin('GET', '/api/salary/register/2026-09')).json();
    expect({ ...septemberAfter, liveDiffers: null }).toEqual(septemberBefore);
    expect(septemberAfter.liveDiffers).toMatchObject({ count: 1, people: [{ name: 'Ravi Kumar', netApproved: 77_440, netLive: 77_220 }] });
    expect(await ecrLines('2026-09')).toEqual(['100427607286#~#Ravi Kumar#~#80000#~#19667#~#19667#~#19667#~#2360#~#1638#~#722#~#0#~#0']);

    const page = (await admin('GET', '/api/statutory-rules?month=2026-10')).json();
    const ceiling = page.rules.find((r: { key: string }) => r.key === 'pf.wageCeiling');
    expect(ceiling.versions.map((v: { effectiveFrom: string; value: number; when: string; origin: string }) => [v.effectiveFrom, v.value, v.when, v.origin])).toEqual([
      ['2001-06-01', 6_500, 'earlier', 'shipped'],
      ['2014-09-01', 15_000, 'earlier', 'shipped'],
      ['2026-05-29', 15_000, 'earlier', 'shipped'],
      ['2026-09-17', 25_000, 'earlier', 'shipped'],
      ['2026-09-20', 30_000, 'in-force', 'admin'],
    ]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'statutory-rule.add-version').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ key: 'pf.wageCeiling', effectiveFrom: '2026-09-20', value: 30_000 });
  });

  it("an admin's new ESI limit changes the next month not approved and leaves an approved month as it was", async () => {
    await statutoryPerson(t, 'Meena Pillai', 22_000, { uan: '100427607286', esiNumber: '3112345678' }, ['2026-09', '2026-10']);
    await approveQuietly(t, '2026-09');
    const row = async (month: string) => (await admin('GET', `/api/salary/register/${month}`)).json().rows[0];
    // ₹22,000 is above the ₹21,000 limit: no ESI in either month.
    expect((await row('2026-09')).deductions.esi).toBe(0);
    expect((await row('2026-10')).deductions.esi).toBe(0);

    const add = await admin('POST', '/api/statutory-rules/versions', { key: 'esi.wageCeiling', effectiveFrom: '2026-09-01', value: 25_000, source: 'GSR 999(E) of 20 Nov 2026 (test)' });
    expect(add.statusCode).toBe(200);
    // October (a new contribution period, not approved): covered at ₹22,000 ≤ ₹25,000: 0.75% × 22,000 = 165, 3.25% = 715.
    const october = await row('2026-10');
    expect(october).toMatchObject({ deductions: { esi: 165 }, employer: { esi: 715 }, esiCoverage: 'Covered (≤ ₹25,000)' });
    // September was approved: it keeps what it stored.
    expect((await row('2026-09')).deductions.esi).toBe(0);
    const versions = (await admin('GET', '/api/salary/register/2026-10')).json().ruleVersions;
    expect(versions).toContainEqual({ key: 'esi.wageCeiling', label: 'ESI wage limit', effectiveFrom: '2026-09-01', source: 'GSR 999(E) of 20 Nov 2026 (test)' });
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'statutory-rule.add-version').execute();
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ key: 'esi.wageCeiling', value: 25_000, unit: 'rupees' });
  });

  it('a first professional-tax table for Kerala clears its blocking warning; a new Maharashtra table changes the next month not approved, not the approved one', async () => {
    await statutoryPerson(t, 'Anil Varghese', 30_000, { uan: '100427607286', stateOfWork: 'KL' }, ['2026-09', '2026-10']);
    await statutoryPerson(t, 'Sunita Deshpande', 30_000, { uan: '100257274743', stateOfWork: 'MH' }, ['2026-09', '2026-10']);
    const register = async (month: string) => (await admin('GET', `/api/salary/register/${month}`)).json();
    const pt = (r: { rows: { name: string; deductions: { professionalTax: number } }[] }, name: string) => r.rows.find((x) => x.name === name)!.deductions.professionalTax;
    expect((await register('2026-09')).warnings).toContainEqual(expect.objectContaining({ kind: 'no-pt-table', blocking: true, text: expect.stringContaining('Kerala') }));

    const kerala = { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 12_000, taxRupees: 120 }, { fromRupees: 20_000.01, taxRupees: 208 }] };
    const add = await admin('POST', '/api/statutory-rules/versions', { key: 'pt.KL', effectiveFrom: '2026-09-01', table: kerala, source: 'Kerala Municipality (Profession Tax) Rules, revised rates (test)', note: 'Half-yearly in law; monthly here for the test' });
    expect(add.statusCode).toBe(200);
    const september = await register('2026-09');
    expect(september.warnings.filter((w: { kind: string }) => w.kind === 'no-pt-table')).toEqual([]);
    expect([pt(september, 'Anil Varghese'), pt(september, 'Sunita Deshpande')]).toEqual([208, 200]);
    expect(september.ruleVersions).toContainEqual({ key: 'pt.KL', label: 'Professional tax: Kerala', effectiveFrom: '2026-09-01', source: 'Kerala Municipality (Profession Tax) Rules, revised rates (test)' });
    await approveQuietly(t, '2026-09');

    const maharashtra = { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 7_500.01, taxRupees: 175 }, { fromRupees: 10_000.01, taxRupees: 250, februaryTaxRupees: 300 }], exemptAgeFrom: 65, exemptDisability: true };
    expect((await admin('POST', '/api/statutory-rules/versions', { key: 'pt.MH', effectiveFrom: '2026-09-01', table: maharashtra, source: 'Maharashtra notification (test) of 20 Nov 2026' })).statusCode).toBe(200);
    expect(pt(await register('2026-10'), 'Sunita Deshpande')).toBe(250);
    expect(pt(await register('2026-09'), 'Sunita Deshpande')).toBe(200);

    const page = (await admin('GET', '/api/statutory-rules?month=2026-10')).json();
    const kl = page.rules.find((r: { key: string }) => r.key === 'pt.KL');
    expect(kl).toMatchObject({ family: 'pt', state: 'KL', tableKind: 'pt-slabs', label: 'Professional tax: Kerala' });
    expect(kl.versions).toEqual([expect.objectContaining({ effectiveFrom: '2026-09-01', when: 'in-force', origin: 'admin', table: kerala, summary: ['Monthly salary from ₹0: ₹0; from ₹12,000: ₹120; from ₹20,000.01: ₹208'] })]);
    const mh = page.rules.find((r: { key: string }) => r.key === 'pt.MH');
    expect(mh.versions.map((v: { effectiveFrom: string; when: string }) => [v.effectiveFrom, v.when])).toEqual([['2023-04-01', 'earlier'], ['2026-09-01', 'in-force']]);
    expect(mh.versions[1].summary).toContain('Exempt: aged 65 or more, persons with disability');
  });

  it("an admin adds FY 2027-28's new-regime rate table: listed with its source, audited, and the next year's TDS follows it", async () => {
    // May 2027: April's register can be prepared.
    await t.close();
    t = await createTestApp(engine, { overrides: { now: () => new Date('2027-05-15T06:30:00Z') } });
    await statutoryPerson(t, 'Venkatanarasimha Raghavan', 1_15_000, { uan: '100427607286', taxRegime: 'new' }, ['2027-04']);
    const tds = async () => (await admin('GET', '/api/salary/register/2027-04')).json().rows[0].deductions.tds as number;
    // Shipped tables only: FY 2027-28 borrows 2026-27's (rebate up to ₹12 L), so 13 L-odd of income pays tax.
    expect(await tds()).toBeGreaterThan(0);
    const listed = (await admin('GET', '/api/statutory-rules')).json().rules.find((r: { key: string }) => r.key === 'tax.newRegimeRates');
    expect(listed).toMatchObject({ tableKind: 'tax-rates', family: 'tax' });
    expect(listed.versions.map((v: { effectiveFrom: string; source: string }) => [v.effectiveFrom, v.source.slice(0, 16)])).toEqual([
      ['2025-04-01', 'Finance Act 2025'],
      ['2026-04-01', 'Finance Act 2026'],
    ]);
    const table = { ...listed.versions[1].table, rebate: { incomeUpToRupees: 14_00_000, maxRupees: 90_000, marginalRelief: true } };
    const bad = await admin('POST', '/api/statutory-rules/versions', { key: 'tax.newRegimeRates', effectiveFrom: '2027-04-01', source: 'Finance Act 2027 (test)', table: { ...table, slabs: [{ fromRupees: 10, percent: 5 }], cessPercent: 400 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/table\.slabs\.0\.fromRupees: slabs must start from ₹0; table\.cessPercent: cessPercent must be 0 to 100/);
    const res = await admin('POST', '/api/statutory-rules/versions', { key: 'tax.newRegimeRates', effectiveFrom: '2027-04-01', source: 'Finance Act 2027 (test)', table });
    expect(res.statusCode).toBe(200);
    expect(await tds()).toBe(0);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'statutory-rule.add-version').execute();
    expect(audit.map((a) => a.entity_id)).toEqual(['tax.newRegimeRates']);
  });

  it('refuses a bad table with a 400 naming every bad field', async () => {
    const ok = { key: 'pt.KL', effectiveFrom: '2027-04-01', source: 'S.O. 1(E) of 1 Mar 2027', table: { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }] } };
    const cases: [object, RegExp][] = [
      [{ ...ok, table: undefined }, /table is required for Professional tax: Kerala/],
      [{ ...ok, value: 200 }, /value: Professional tax: Kerala is a table/],
      [{ ...ok, table: { period: 'yearly', slabs: [] } }, /table\.period: period must be monthly or half-yearly; table\.slabs: slabs needs at least one slab/],
      [{ ...ok, table: { period: 'half-yearly', slabs: [{ fromRupees: 0, taxRupees: 9_000 }] } }, /table\.slabs\.0\.taxRupees: taxRupees must be at most 2500; table\.deductInMonths: deductInMonths is required/],
      [{ ...ok, key: 'esi.contributionPeriods', table: { startMonths: [4, 13] } }, /table\.startMonths\.1: each month must be from 1 to 12/],
      [{ ...ok, key: 'esi.wageCeiling', table: undefined }, /value is required/],
      [{ ...ok, key: 'pt.XX' }, /key must be one of .*or pt\. and a state code/],
    ];
    for (const [body, msg] of cases) {
      const res = await admin('POST', '/api/statutory-rules/versions', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().msg).toMatch(msg);
    }
    expect((await admin('POST', '/api/statutory-rules/versions', { ...ok, key: 'esi.exemptDailyWage', table: undefined, value: 0 })).statusCode).toBe(200);
    expect((await admin('POST', '/api/statutory-rules/versions', { ...ok, key: 'pt.MH', effectiveFrom: '2023-04-01' })).statusCode).toBe(409);
  });

  it('refuses bad versions with a 400 naming the field, a second version on the same day with a 409, and everyone but admins with a 403', async () => {
    const ok = { key: 'pf.employeeRate', effectiveFrom: '2027-04-01', value: 10, source: 'S.O. 1(E) of 1 Mar 2027' };
    const cases: [object, RegExp][] = [
      [{ ...ok, key: 'pf.nothing' }, /key must be one of pf\.wageCeiling/],
      [{ ...ok, effectiveFrom: '2027-02-30' }, /not a real calendar date/],
      [{ ...ok, value: 'ten' }, /value must be a number/],
      [{ ...ok, value: 10.123 }, /at most 2 decimals/],
      [{ ...ok, value: 120 }, /at most 100/],
      [{ ...ok, source: '' }, /source is required/],
      [{ ...ok, source: 'a\nb' }, /source must be one line/],
      [{ ...ok, extra: 1 }, /unknown fields: extra/],
    ];
    for (const [body, msg] of cases) {
      const res = await admin('POST', '/api/statutory-rules/versions', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().msg).toMatch(msg);
    }
    expect((await admin('POST', '/api/statutory-rules/versions', ok)).statusCode).toBe(200);
    expect((await admin('POST', '/api/statutory-rules/versions', ok)).statusCode).toBe(409);
    expect((await admin('POST', '/api/statutory-rules/versions', { ...ok, key: 'pf.wageCeiling', effectiveFrom: '2026-09-17' })).statusCode).toBe(409);
    expect((await admin('PUT', '/api/statutory-rules/settings', { pfCeilingReading: 'both', eps58Month: 'none', epsUntil60: false })).json().msg).toMatch(/pfCeilingReading must be one of/);
    const e = await t.employee();
    for (const [method, url] of [['GET', '/api/statutory-rules'], ['POST', '/api/statutory-rules/versions'], ['PUT', '/api/statutory-rules/settings']] as const) {
      expect((await admin(method, url, method === 'GET' ? undefined : ok, e.token)).statusCode).toBe(403);
    }
  });

  it('warns, blocking, when PF is deducted from someone without a UAN, and leaves an excluded employee out of PF and the ECR', async () => {
    const noUan = await statutoryPerson(t, 'No Uan Yet', 30_000, {}, ['2026-10']);
    await statutoryPerson(t, 'Dev Shah', 90_000, { pfMember: false, pfWageAtJoining: 90_000, uan: null }, ['2026-10']);
    const register = (await admin('GET', '/api/salary/register/2026-10')).json();
    expect(register.warnings).toContainEqual(expect.objectContaining({ employeeId: noUan.employeeId, kind: 'pf-without-uan', blocking: true }));
    const dev = register.rows.find((r: { name: string }) => r.name === 'Dev Shah');
    expect(dev.deductions.pf).toBe(0);
    expect(dev.employer).toMatchObject({ epf: 0, eps: 0, edli: 0, pfAdmin: 0 });
  });
});
