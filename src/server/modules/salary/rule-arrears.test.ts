/**
 * Approved months after a PF rule version back-dated into them, through the API on each engine.
 * The worked example: September to November 2026 approved on the ₹15,000 ceiling (a release that did
 * not know S.O. 5109(E): the shipped 17 Sep 2026 version is taken out for these tests), then an admin
 * adds ₹25,000 from 1 Sep 2026. December's register lists who is affected and by how much; paying it
 * as arrears puts lines on December's slips and its supplementary ECR; the approved months never change.
 *
 * Figures (PF wages = basic = half the gross; each contribution to the nearest rupee):
 * - ₹60,000 (PF wages 30,000): ceiling 15,000 → employee 1,800, EPS 1,250, EPF 550, EDLI 75, admin 75;
 *   ceiling 25,000 → 3,000, 2,083, 917, 125, 125. Difference 1,200, EPS 833, EPF 367, EDLI 50, admin 50.
 * - ₹40,000 (PF wages 20,000): 1,800, 1,250, 550, 75, 75 → 2,400, 1,666, 734, 100, 100.
 *   Difference 600, EPS 416, EPF 184, EDLI 25, admin 25.
 * - ₹24,000 (PF wages 12,000): under both ceilings, no difference.
 */
import ExcelJS from 'exceljs';
import { SHIPPED_VERSIONS } from '../../../shared/payroll/statutory/rule-catalogue';
import type { RuleVersion } from '../../../shared/payroll/statutory/rule-versions';
import { auth, createTestApp, engines, eventually, type TestApp } from '../../test/test-app';
import { approveQuietly, readSlip, statutoryPerson } from '../../test/salary-test-helpers';
import { RULE_ARREARS_COLUMNS } from './register-workbook';

const MONTHS = ['2026-09', '2026-10', '2026-11', '2026-12'];
/** 10 January 2027: December is over. */
const NOW = new Date('2027-01-10T06:30:00Z');

// The release before S.O. 5109(E): its shipped book has no ₹25,000 version (the migration seeds from it too).
const shipped = SHIPPED_VERSIONS as RuleVersion[];
let removed: RuleVersion[] = [];
beforeAll(() => {
  const at = shipped.findIndex((v) => v.key === 'pf.wageCeiling' && v.effectiveFrom === '2026-09-17');
  removed = shipped.splice(at, 1);
});
afterAll(() => {
  shipped.push(...removed);
});

const NEW_CEILING = { key: 'pf.wageCeiling', effectiveFrom: '2026-09-01', value: 25_000, source: 'S.O. 5109(E) of 17 Sep 2026 (applied from 1 Sep 2026, test)', note: 'Wage ceiling ₹25,000' };
const REASON = 'PF wage ceiling ₹25,000 from 1 Sep 2026';
// Four months approved with their slip runs: slow on a busy machine, never timed.
const SLOW = 180_000;

describe.each(engines)('PF differences of approved months on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
  });
  afterEach(() => t.close());

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.admin.token) => t.app.inject({ method, url, headers: auth(token), payload });
  const person = (name: string, salaryRupees: number, uan: string) => statutoryPerson(t, name, salaryRupees, { uan }, MONTHS);
  /** Three people, September to November approved on ₹15,000, then the back-dated ₹25,000 version. */
  async function workedExample() {
    const ravi = await person('Ravi Kumar', 60_000, '100427607286');
    const lakshmi = await person('Lakshmi Menon', 40_000, '100257274743');
    await person('Anil Rao', 24_000, '100427601130');
    for (const m of MONTHS.slice(0, 3)) await approveQuietly(t, m);
    expect((await admin('GET', '/api/salary/register/2026-10')).json().rows[0].deductions.pf).toBe(1_800);
    const approvedBefore = await Promise.all(MONTHS.slice(0, 3).map(async (m) => [(await admin('GET', `/api/salary/register/${m}`)).json(), (await admin('GET', `/api/salary/files/${m}/ecr`)).body]));
    expect((await admin('POST', '/api/statutory-rules/versions', NEW_CEILING)).statusCode).toBe(200);
    return { ravi, lakshmi, approvedBefore };
  }
  /** Approved months as they were: the same register (its live comparison aside) and the same ECR. */
  async function expectApprovedUnchanged(before: unknown[][]) {
    for (const [i, m] of MONTHS.slice(0, 3).entries()) {
      const register = (await admin('GET', `/api/salary/register/${m}`)).json();
      expect({ ...register, liveDiffers: null }).toEqual({ ...(before[i]![0] as object), liveDiffers: null });
      expect((await admin('GET', `/api/salary/files/${m}/ecr`)).body).toBe(before[i]![1]);
    }
  }

  it("lists December's affected people per month and component, pays them as arrears on December's slips and its supplementary ECR, and never changes an approved month", async () => {
    const { ravi, approvedBefore } = await workedExample();

    const register = (await admin('GET', '/api/salary/register/2026-12')).json();
    const section = register.ruleArrears;
    expect(section).toMatchObject({ payMonth: '2026-12', months: ['2026-09', '2026-10', '2026-11'], count: 6, people: 2, excess: { count: 0, total: 0 }, paid: { count: 0, total: 0 } });
    expect(section.versions[0]).toEqual({ key: 'pf.wageCeiling', label: 'PF wage ceiling', effectiveFrom: '2026-09-01', source: NEW_CEILING.source });
    expect(section.rows.map((r: Record<string, unknown>) => [r.name, r.forMonth, r.ceilingApproved, r.ceilingNow, r.epfWages, r.employee, r.employerEpf, r.eps, r.edli, r.admin, r.total])).toEqual(
      ['2026-09', '2026-10', '2026-11'].flatMap((m) => [
        ['Ravi Kumar', m, 15_000, 25_000, 10_000, 1_200, 367, 833, 50, 50, 2_500],
        ['Lakshmi Menon', m, 15_000, 25_000, 5_000, 600, 184, 416, 25, 25, 1_250],
      ]),
    );
    expect(section.totals).toEqual({ employee: 5_400, employerEpf: 1_653, eps: 3_747, edli: 225, admin: 225, total: 11_250 });
    expect(section.employeeShareRule).toMatch(/para 32\(1\)/);
    // The same list by itself, and nothing for a month that is not the open one.
    expect((await admin('GET', '/api/salary/register/2026-12/rule-arrears')).json().ruleArrears).toEqual(section);
    expect((await admin('GET', '/api/salary/register/2027-01/rule-arrears')).json().ruleArrears).toBeNull();
    // The register's xlsx lists them on a sheet of their own, with the total.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await admin('GET', '/api/salary/register/2026-12?format=xlsx')).rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('PF Differences')!;
    const values = (n: number) => Array.from((sheet.getRow(n).values as unknown[]).slice(1), (v) => v ?? '');
    expect(values(4)).toEqual([...RULE_ARREARS_COLUMNS]);
    expect(values(5)).toEqual([ravi.employeeId, 'Ravi Kumar', 'September 2026', 15_000, 25_000, 10_000, 10_000, 10_000, 1_200, 367, 833, 50, 50, 2_500]);
    expect(values(11)).toEqual(['Total', '6 person-months, 2 people', '', '', '', '', '', '', 5_400, 1_653, 3_747, 225, 225, 11_250]);
    const decemberNetBefore = register.rows.find((r: { name: string }) => r.name === 'Ravi Kumar').net;

    const paid = await admin('POST', '/api/salary/register/2026-12/rule-arrears', { reason: REASON, employeeShare: 'employer' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ count: 6, people: 2, msg: expect.stringContaining('September 2026, October 2026, November 2026') });
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'payroll.pf-rule-arrears').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ count: 6, people: 2, employeeShare: 'employer', totals: { total: 11_250 } });

    // Paid once: the list is empty now and says what was put in December.
    const after = (await admin('GET', '/api/salary/register/2026-12')).json();
    expect(after.ruleArrears).toMatchObject({ count: 0, rows: [], paid: { count: 6, total: 11_250 } });
    expect((await admin('POST', '/api/salary/register/2026-12/rule-arrears', { reason: REASON, employeeShare: 'employer' })).statusCode).toBe(409);
    // The employer pays the employee's share: net pay does not move; the employer's cost shows on the row.
    const row = after.rows.find((r: { name: string }) => r.name === 'Ravi Kumar');
    expect(row.net).toBe(decemberNetBefore);
    expect(row.pfArrears).toEqual({ recovered: 0, employer: 7_500 });
    // December's own PF is on the new ceiling, as any month not approved.
    expect(row.deductions.pf).toBe(3_000);

    // The slip: one line per month it is for, and a note saying why and who pays the employee's share.
    const slip = await readSlip((await admin('GET', `/api/salary/slip/${ravi.employeeId}/2026-12`)).rawPayload);
    expect(slip.values.get('PF Arrears (Employer): September 2026')).toBe(2_500);
    expect(slip.values.get('PF Arrears (Employer): November 2026')).toBe(2_500);
    expect(slip.notes.find((n) => n.startsWith('PF arrears for September 2026'))).toBe(
      `PF arrears for September 2026 (${REASON}): EPF wages ₹10,000 more; employer EPF ₹367, EPS ₹833, EDLI ₹50, admin ₹50. The employee's share of ₹1,200 is paid by the employer: a share not deducted from its own month's wages cannot be recovered from later ones (EPF Scheme 1952 para 32(1)).`,
    );

    // December approved: its regular ECR is December's own; the supplementary ECR carries the differences.
    await approveQuietly(t, '2026-12');
    expect((await admin('GET', '/api/salary/files/2026-12/ecr')).body.split('\r\n')[0]).toBe('100427607286#~#Ravi Kumar#~#60000#~#25000#~#25000#~#25000#~#3000#~#2083#~#917#~#0#~#0');
    const arrearEcr = await admin('GET', '/api/salary/files/2026-12/ecr-arrears');
    expect(arrearEcr.statusCode).toBe(200);
    expect(arrearEcr.headers['content-disposition']).toBe('attachment; filename="ECR_ARREAR_2026-12.txt"');
    // UAN, name, arrear EPF / EPS / EDLI wages, EE share, ER (EPF) share, EPS: three months on one line.
    expect(arrearEcr.body).toBe('100427607286#~#Ravi Kumar#~#30000#~#30000#~#30000#~#3600#~#1101#~#2499\r\n100257274743#~#Lakshmi Menon#~#15000#~#15000#~#15000#~#1800#~#552#~#1248\r\n');
    expect(await t.ctx.database.db.selectFrom('audit_log').select('id').where('action', '=', 'payroll.arrear-ecr-file').execute()).toHaveLength(1);
    // A month without corrections has an empty supplementary ECR; a month not approved is a 409.
    expect((await admin('GET', '/api/salary/files/2026-10/ecr-arrears')).body).toBe('');
    expect((await admin('GET', '/api/salary/files/2027-01/ecr-arrears')).statusCode).toBe(409);

    await expectApprovedUnchanged(approvedBefore);
  }, SLOW);

  it("with the Inspector's written consent deducts the employee's share from December's wages, within the 50% limit", async () => {
    const { ravi } = await workedExample();
    const before = (await admin('GET', '/api/salary/register/2026-12')).json().rows.find((r: { name: string }) => r.name === 'Ravi Kumar');
    const res = await admin('POST', '/api/salary/register/2026-12/rule-arrears', { reason: REASON, employeeShare: 'recover', inspectorConsent: { reference: 'EO/KA/2026/1187', date: '2027-01-05' } });
    expect(res.statusCode).toBe(200);
    const row = (await admin('GET', '/api/salary/register/2026-12')).json().rows.find((r: { name: string }) => r.name === 'Ravi Kumar');
    expect(row.pfArrears).toEqual({ recovered: 3_600, employer: 3_900 });
    expect(row.net).toBe(before.net - 3_600);
    expect(row.deductions.total).toBe(before.deductions.total + 3_600);
    const slip = await readSlip((await admin('GET', `/api/salary/slip/${ravi.employeeId}/2026-12`)).rawPayload);
    expect(slip.values.get('PF Arrears (Employee): October 2026')).toBe(1_200);
    expect(slip.values.get('PF Arrears (Employer): October 2026')).toBe(1_300);
    expect(slip.notes.find((n) => n.startsWith('PF arrears for October 2026'))).toMatch(/employee's share of ₹1,200 is deducted from this month's wages with the Inspector's written consent/);
  }, SLOW);

  it('re-running an approved month (the other way forward) takes it off the list', async () => {
    await workedExample();
    const rerun = await admin('POST', '/api/salary/register/2026-09/rerun', { reason: 'PF wage ceiling ₹25,000 from 1 Sep 2026' });
    expect(rerun.statusCode).toBe(202);
    if (rerun.json().runId) await eventually(async () => (await admin('GET', `/api/salary/runs/${rerun.json().runId}`)).json().status === 'done', 15_000, 'the re-run');
    expect((await admin('GET', '/api/salary/register/2026-09')).json().rows[0].deductions.pf).toBe(3_000);
    const section = (await admin('GET', '/api/salary/register/2026-12/rule-arrears')).json().ruleArrears;
    expect(section.months).toEqual(['2026-10', '2026-11']);
    expect(section.count).toBe(4);
  }, SLOW);

  it('a month whose difference was paid as arrears, then re-run, keeps those slips as approved and warns: nothing is paid twice', async () => {
    const { ravi, lakshmi } = await workedExample();
    expect((await admin('POST', '/api/salary/register/2026-12/rule-arrears', { reason: REASON, employeeShare: 'employer' })).statusCode).toBe(200);
    // Anil Rao (₹24,000) has no PF difference; a re-run would change nobody else.
    const warning =
      "2 slips of October 2026 stay as approved: their statutory difference for October 2026 was already paid as arrears in December 2026, and a re-run would pay it twice. Anything else that changed for them reaches them only as arrears in a later month.";
    const preview = (await admin('GET', '/api/salary/register/2026-10/rerun-preview')).json();
    expect(preview).toMatchObject({
      changes: [],
      kept: [
        { employeeId: ravi.employeeId, name: 'Ravi Kumar', paidIn: ['December 2026'] },
        { employeeId: lakshmi.employeeId, name: 'Lakshmi Menon', paidIn: ['December 2026'] },
      ].sort((a, b) => a.employeeId.localeCompare(b.employeeId)),
      warning,
    });
    const rerun = await admin('POST', '/api/salary/register/2026-10/rerun', { reason: 'PF wage ceiling ₹25,000 from 1 Sep 2026', previewHash: preview.previewHash });
    expect(rerun.statusCode).toBe(202);
    expect(rerun.json()).toMatchObject({ changed: 0, runId: null, warning, kept: preview.kept });
    // October still pays PF on ₹15,000; December carries the difference once.
    const october = (await admin('GET', '/api/salary/register/2026-10')).json();
    expect(october.rows.find((r: { employeeId: string }) => r.employeeId === ravi.employeeId).deductions.pf).toBe(1_800);
    expect((await admin('GET', '/api/salary/register/2026-12/rule-arrears')).json().ruleArrears).toMatchObject({ count: 0, paid: { count: 6 } });
  }, SLOW);

  it('refuses bad input with a 400 naming the field, a month that is not the open one with a 409, and anyone but an admin with a 403', async () => {
    await workedExample();
    const ok = { reason: REASON, employeeShare: 'employer' };
    const cases: [object, RegExp][] = [
      [{ ...ok, reason: '' }, /reason must be 3 to 200 characters/],
      [{ ...ok, reason: 'a\nb' }, /reason must be one line/],
      [{ employeeShare: 'employer' }, /reason is required/],
      [{ ...ok, employeeShare: 'employee' }, /employeeShare must be 'employer' or 'recover'/],
      [{ ...ok, employeeShare: 'recover' }, /inspectorConsent is required/],
      [{ ...ok, employeeShare: 'recover', inspectorConsent: { reference: 'X', date: '2027-02-30' } }, /inspectorConsent\.date.*not a real calendar date|not a real calendar date/],
      [{ ...ok, employeeShare: 'recover', inspectorConsent: { reference: '', date: '2027-01-05' } }, /inspectorConsent\.reference is required/],
      [{ ...ok, employeeShare: 'recover', inspectorConsent: { reference: 'X', date: '2027-03-01' } }, /inspectorConsent\.date must not be in the future/],
      [{ ...ok, inspectorConsent: { reference: 'X', date: '2027-01-05' } }, /inspectorConsent goes only with employeeShare 'recover'/],
      [{ ...ok, extra: 1 }, /extra/],
    ];
    for (const [body, msg] of cases) {
      const res = await admin('POST', '/api/salary/register/2026-12/rule-arrears', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().msg).toMatch(msg);
    }
    expect((await admin('POST', '/api/salary/register/2026-13/rule-arrears', ok)).json().msg).toMatch(/must be a month written YYYY-MM/);
    const notOpen = await admin('POST', '/api/salary/register/2027-01/rule-arrears', ok);
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().msg).toMatch(/paid with the open month, December 2026/);
    const e = await t.employee();
    expect((await admin('GET', '/api/salary/register/2026-12/rule-arrears', undefined, e.token)).statusCode).toBe(403);
    expect((await admin('POST', '/api/salary/register/2026-12/rule-arrears', ok, e.token)).statusCode).toBe(403);
    expect((await admin('GET', '/api/salary/files/2026-12/ecr-arrears', undefined, e.token)).statusCode).toBe(403);
  }, SLOW);
});
