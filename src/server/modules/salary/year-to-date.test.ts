/**
 * TDS from what was actually paid, through the API on each engine: once April to June of a
 * financial year are approved, July's TDS starts from their stored figures (taxable salary, TDS,
 * employee PF, PT), not from the assumption that they were paid at July's rate. The register, the
 * slip download and the approval share that computation.
 *
 * Income tax here: FY 2026-27's new regime, which kept FY 2025-26's figures (statutory/income-tax.ts:
 * slabs 0–4 L nil, 4–8 L 5%, 8–12 L 10%, 12–16 L 15%, 16–20 L 20%, 20–24 L 25%, above 30%; standard
 * deduction ₹75,000; no other deduction under the new regime; s.87A rebate up to ₹12 L of taxable
 * income with marginal relief; 4% cess). Each month's TDS = (year's tax − TDS already deducted) ÷
 * months left, this one included, rounded half up to the rupee (statutory/tds.ts).
 */
import { approveQuietly, readSlip, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, MemoryMailer, type TestApp, type TestEmployee } from '../../test/test-app';

const FIRST_QUARTER = ['2026-04', '2026-05', '2026-06'];

describe.each(engines)('TDS year to date from approved months on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { mailer: new MemoryMailer(), now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });
  const edit = (e: TestEmployee, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(t.admin.token), payload: { name: 'Meera Iyer', email: e.email, ...payload } });
  const tdsIn = async (month: string) => {
    const res = await get(`/api/salary/register/${month}`);
    expect(res.statusCode).toBe(200);
    return res.json().rows[0].deductions.tds as number;
  };

  /** Meera: joined before the year, a PAN (no s.206AA), present every working day April to July 2026. */
  async function meera(monthlyRupees: number) {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: monthlyRupees * 100, joinedOn: '2025-01-06' });
    expect((await edit(e, { statutory: { pan: 'ABCDE1234F' } })).statusCode).toBe(200);
    for (const month of [...FIRST_QUARTER, '2026-07']) await seedAttendance(t, e.id, month);
    return e;
  }

  /** Approves April to June (checking each month's TDS in the register first), then changes the salary from July. */
  async function approveFirstQuarter(e: TestEmployee, monthlyTds: number, julyRupees: number) {
    for (const month of FIRST_QUARTER) {
      expect(await tdsIn(month)).toBe(monthlyTds);
      await approveQuietly(t, month);
    }
    expect((await edit(e, { salary: julyRupees })).statusCode).toBe(200);
  }

  /** July's TDS in the register and on the slip download: one computation. */
  const julyTds = async (e: TestEmployee) => [await tdsIn('2026-07'), (await readSlip((await get(`/api/salary/slip/${e.employeeId}/2026-07`)).rawPayload)).values.get('Income Tax (TDS)')];

  it("spreads the rest of the year's tax over the months left, from the TDS April to June actually deducted", async () => {
    const e = await meera(1_50_000);
    // April to June at ₹1,50,000: projected 12 × 1,50,000 = 18,00,000; taxable 18,00,000 − 75,000 =
    // 17,25,000; tax 20,000 + 40,000 + 60,000 + 20% × 1,25,000 = 1,45,000, cess 5,800 → 1,50,800.
    // April 1,50,800 ÷ 12 = 12,566.67 → 12,567; May (1,50,800 − 12,567) ÷ 11 = 12,566.6 → 12,567; June the same.
    await approveFirstQuarter(e, 12_567, 2_00_000);

    // July, raised to ₹2,00,000, with April to June as approved:
    //   projected income  3 × 1,50,000 + 9 × 2,00,000 = 4,50,000 + 18,00,000 = 22,50,000
    //   taxable           22,50,000 − 75,000 = 21,75,000
    //   annual tax        20,000 + 40,000 + 60,000 + 80,000 + 25% × 1,75,000 (43,750) = 2,43,750; cess 9,750 → 2,53,500
    //   TDS deducted      3 × 12,567 = 37,701
    //   months left       9 (July to March)
    //   July's TDS        (2,53,500 − 37,701) ÷ 9 = 2,15,799 ÷ 9 = 23,977.67 → 23,978
    // Were April to June assumed at ₹2,00,000 (before they were approved), it would be 24,375:
    // 12 × 2,00,000 − 75,000 = 23,25,000 taxable, tax 2,81,250 + cess 11,250 = 2,92,500, ÷ 12.
    expect(await julyTds(e)).toEqual([23_978, 23_978]);
    // Approving July stores the figure the register showed, for August's year to date.
    await approveQuietly(t, '2026-07');
    const stored = await t.ctx.database.db.selectFrom('payroll_approved_slips').select(['month', 'tds_paise']).orderBy('month').execute();
    expect(stored.map((s) => [s.month, Number(s.tds_paise)])).toEqual([...FIRST_QUARTER.map((m) => [m, 12_567_00]), ['2026-07', 23_978_00]]);
  });

  it('does not deduct again what a higher approved month already deducted: never negative', async () => {
    const e = await meera(4_00_000);
    // April to June at ₹4,00,000: 48,00,000 − 75,000 = 47,25,000 taxable; tax 3,00,000 (to 24 L) +
    // 30% × 23,25,000 = 9,97,500, cess 39,900 → 10,37,400; ÷ 12 = 86,450 a month, 2,59,350 in three.
    await approveFirstQuarter(e, 86_450, 1_10_000);

    // July, cut to ₹1,10,000, with April to June as approved:
    //   projected income  3 × 4,00,000 + 9 × 1,10,000 = 12,00,000 + 9,90,000 = 21,90,000
    //   taxable           21,90,000 − 75,000 = 21,15,000
    //   annual tax        2,00,000 (to 20 L) + 25% × 1,15,000 (28,750) = 2,28,750; cess 9,150 → 2,37,900
    //   TDS deducted      2,59,350, more than the year's tax
    //   July's TDS        max(0, 2,37,900 − 2,59,350) ÷ 9 = 0 (the excess is for the return, not a negative deduction)
    // Assumed at ₹1,10,000 the year would be 13,20,000 − 75,000 = 12,45,000 taxable, tax 66,750 cut by
    // marginal relief to the 45,000 above 12 L, cess 1,800 → 46,800, ÷ 12 = 3,900 a month: deducted again.
    expect(await julyTds(e)).toEqual([0, 0]);
  });
});
