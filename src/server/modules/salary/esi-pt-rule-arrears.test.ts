/**
 * ESI and professional-tax rule versions back-dated into approved months, through the API on each
 * engine: the open month's register lists who, for which month, under which scheme and by how much;
 * paying it puts the difference on the open month's slips as the employer's cost; nothing is paid twice.
 *
 * Worked example. September and October 2026 approved (Karnataka, full months, ESI on the gross):
 * - Priya Nair, ₹18,000: ESI 0.75% = 135, 3.25% = 585; PT nil (Karnataka's ₹200 starts at ₹25,000).
 * - Rahul Shetty, ₹23,000: above the ₹21,000 ESI limit, not covered; PT nil.
 * - Meera Krishnamurthy-Venkataraman, ₹30,000: not covered; PT 200.
 * Then an administrator adds, back-dated: the ESI limit ₹25,000 from 1 Sep 2026; ESI rates 1% and 4%
 * from 1 Oct 2026; a Karnataka PT table from 1 Sep 2026 (₹150 from ₹15,000, ₹250 from ₹25,000).
 * - Rahul, September: covered on ₹23,000 at 0.75%/3.25%: 172.50 → 173 and 747.50 → 748 (rounded
 *   up), 921 in all. October: at 1%/4%: 230 and 920, 1,150.
 * - Priya, October: 180 − 135 = 45 and 720 − 585 = 135, 180. September: no ESI difference.
 * - PT: Priya and Rahul 0 → 150 each month; Meera 200 → 250, 50 each month. 700 in all.
 * ESI 2,251 + PT 700 = 2,951, for 3 people and 9 person-month-schemes.
 */
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { approveQuietly, statutoryPerson } from '../../test/salary-test-helpers';
import ExcelJS from 'exceljs';
import { approvedSlips } from './payroll-approvals';
import { OTHER_ARREARS_COLUMNS } from './register-workbook';

const APPROVED = ['2026-09', '2026-10'];
const OPEN = '2026-11';
const SLOW = 180_000;

const VERSIONS = [
  { key: 'esi.wageCeiling', effectiveFrom: '2026-09-01', value: 25_000, source: 'GSR 901(E) of 20 Nov 2026 (test)', note: 'ESI limit ₹25,000' },
  { key: 'esi.employeeRate', effectiveFrom: '2026-10-01', value: 1, source: 'GSR 902(E) of 20 Nov 2026 (test)', note: 'ESI employee 1%' },
  { key: 'esi.employerRate', effectiveFrom: '2026-10-01', value: 4, source: 'GSR 902(E) of 20 Nov 2026 (test)', note: 'ESI employer 4%' },
  {
    key: 'pt.KA',
    effectiveFrom: '2026-09-01',
    table: { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 15_000, taxRupees: 150 }, { fromRupees: 25_000, taxRupees: 250 }] },
    source: 'Karnataka Finance Act (test) of 20 Nov 2026',
  },
];

describe.each(engines)('ESI and PT differences of approved months on %s', (engine) => {
  let t: TestApp;
  // The versions are added after the months were approved: a clock that moves on.
  let now = new Date('2026-12-05T06:30:00Z');
  beforeEach(async () => {
    now = new Date('2026-12-05T06:30:00Z');
    t = await createTestApp(engine, { overrides: { now: () => now } });
  });
  afterEach(() => t.close());

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: auth(t.admin.token), payload });
  const person = (name: string, salaryRupees: number, uan: string) => statutoryPerson(t, name, salaryRupees, { uan }, [...APPROVED, OPEN]);
  async function workedExample() {
    const priya = await person('Priya Nair', 18_000, '100427607286');
    const rahul = await person('Rahul Shetty', 23_000, '100257274743');
    const meera = await person('Meera Krishnamurthy-Venkataraman', 30_000, '100427601130');
    for (const m of APPROVED) await approveQuietly(t, m);
    const before = await Promise.all(APPROVED.map(async (m) => (await admin('GET', `/api/salary/register/${m}`)).json().rows));
    now = new Date('2026-12-06T09:00:00Z');
    for (const v of VERSIONS) expect((await admin('POST', '/api/statutory-rules/versions', v)).statusCode).toBe(200);
    return { priya, rahul, meera, before };
  }

  it(
    'lists each person, month and scheme with the shares as approved and now, and the totals',
    async () => {
      const { priya, rahul, meera } = await workedExample();
      const section = (await admin('GET', `/api/salary/register/${OPEN}`)).json().ruleArrears;
      expect(section).toMatchObject({ payMonth: OPEN, months: APPROVED, count: 0, rows: [] });
      const row = (e: { employeeId: string }, forMonth: string, scheme: string) => section.others.rows.find((r: { employeeId: string; forMonth: string; scheme: string }) => r.employeeId === e.employeeId && r.forMonth === forMonth && r.scheme === scheme);
      expect(row(rahul, '2026-09', 'esi')).toMatchObject({ name: 'Rahul Shetty', forMonthLabel: 'September 2026', wages: 23_000, employeeApproved: 0, employeeNow: 173, employerApproved: 0, employerNow: 748, total: 921 });
      expect(row(rahul, '2026-10', 'esi')).toMatchObject({ wages: 23_000, employeeNow: 230, employerNow: 920, total: 1_150 });
      expect(row(priya, '2026-10', 'esi')).toMatchObject({ wages: 0, employeeApproved: 135, employeeNow: 180, employerApproved: 585, employerNow: 720, total: 180 });
      expect(row(priya, '2026-09', 'esi')).toBeUndefined();
      for (const m of APPROVED) {
        expect(row(priya, m, 'pt')).toMatchObject({ employeeApproved: 0, employeeNow: 150, employerNow: 0, total: 150 });
        expect(row(rahul, m, 'pt')).toMatchObject({ total: 150 });
        expect(row(meera, m, 'pt')).toMatchObject({ name: 'Meera Krishnamurthy-Venkataraman', employeeApproved: 200, employeeNow: 250, total: 50 });
      }
      expect(section.others).toMatchObject({ count: 9, people: 3, totals: { esi: 2_251, pt: 700, total: 2_951 }, excess: { count: 0, total: 0 } });
      expect(section.others.rule).toMatch(/ESI Act 1948 s\.40\(4\)/);
      expect(section.versions).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'esi.wageCeiling', label: 'ESI wage limit', effectiveFrom: '2026-09-01' }), expect.objectContaining({ key: 'pt.KA', label: 'Professional tax: Karnataka', effectiveFrom: '2026-09-01' })]));
      // The same through the section's own route.
      expect((await admin('GET', `/api/salary/register/${OPEN}/rule-arrears`)).json().ruleArrears.others.totals).toEqual({ esi: 2_251, pt: 700, total: 2_951 });
      // The register's .xlsx has every row on its own sheet.
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await admin('GET', `/api/salary/register/${OPEN}?format=xlsx`)).rawPayload as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('ESI and PT Differences')!;
      expect(sheet.getRow(3).values).toEqual([undefined, ...OTHER_ARREARS_COLUMNS]);
      expect(sheet.getRow(4).values).toEqual([undefined, priya.employeeId.length <= rahul.employeeId.length ? priya.employeeId : rahul.employeeId, expect.any(String), 'September 2026', expect.any(String), ...Array(6).fill(expect.any(Number))]);
      expect(sheet.getRow(13).getCell(10).value).toBe(2_951);
    },
    SLOW,
  );

  it(
    'pays them with the open month as the employer’s cost, once: the approved months stay as they were',
    async () => {
      const { rahul, before } = await workedExample();
      const paid = await admin('POST', `/api/salary/register/${OPEN}/rule-arrears`, { reason: 'ESI limit and rates, Karnataka PT (back-dated)', employeeShare: 'employer' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({
        msg: 'ESI and professional tax differences of September 2026, October 2026 for 3 people are added to November 2026: they show on its slips once it is approved',
        count: 9,
        people: 3,
      });
      const again = await admin('POST', `/api/salary/register/${OPEN}/rule-arrears`, { reason: 'Again', employeeShare: 'employer' });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('No approved month has a PF, ESI or professional tax difference to pay');

      const register = (await admin('GET', `/api/salary/register/${OPEN}`)).json();
      expect(register.ruleArrears).toMatchObject({ count: 0, others: null, paid: { count: 9, total: 2_951 } });
      const row = register.rows.find((r: { employeeId: string }) => r.employeeId === rahul.employeeId);
      // Rahul: ESI 921 + 1,150 and PT 150 + 150, all the employer's; his own November net does not move.
      expect(row.pfArrears).toEqual({ recovered: 0, employer: 2_371 });
      await approveQuietly(t, OPEN);
      const [slip] = (await approvedSlips(t.ctx.database.db, OPEN)).filter((s) => s.userId === rahul.id);
      expect(slip!.slip.statutoryCorrections).toEqual([
        { scheme: 'esi', forMonth: '2026-09', reason: 'ESI limit and rates, Karnataka PT (back-dated)', wagesPaise: 23_000_00, employeePaise: 173_00, employerPaise: 748_00 },
        { scheme: 'pt', forMonth: '2026-09', reason: 'ESI limit and rates, Karnataka PT (back-dated)', wagesPaise: 0, employeePaise: 150_00, employerPaise: 0 },
        { scheme: 'esi', forMonth: '2026-10', reason: 'ESI limit and rates, Karnataka PT (back-dated)', wagesPaise: 23_000_00, employeePaise: 230_00, employerPaise: 920_00 },
        { scheme: 'pt', forMonth: '2026-10', reason: 'ESI limit and rates, Karnataka PT (back-dated)', wagesPaise: 0, employeePaise: 150_00, employerPaise: 0 },
      ]);
      expect(slip!.slip.notes).toContainEqual(expect.stringMatching(/^ESI arrears for September 2026 \(ESI limit and rates, Karnataka PT \(back-dated\)\): employee's share ₹173, employer's share ₹748, paid by the employer/));
      // The approved months' registers show what they approved.
      for (const [i, m] of APPROVED.entries()) expect((await admin('GET', `/api/salary/register/${m}`)).json().rows).toEqual(before[i]);
    },
    SLOW,
  );
});
