/**
 * Overtime from the day's rules to the money, on both engines: the worked example of 1 h 40 m over a
 * 9-hour day and a week of six 8½-hour days (3 h over 48) in the attendance register, the payroll
 * register and the slip (JSON, .xlsx); paid at twice the ordinary rate with the exact rupees, outside
 * PF's basic wages and inside ESI wages; only reported when the company does not pay it; and an
 * approved month left as it was, showing that live data differs.
 */
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import { DEFAULT_DAY_RULES, type DayRules } from '../../../shared/schemas/day-rules';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import { createSalaryRepository } from './salary-repository';
import { computeSlip } from './salary-service';
import { pdfText } from '../../test/pdf-text';
import { approveQuietly, readSlip, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

const RULES: DayRules = { ...DEFAULT_DAY_RULES, overtime: { ...DEFAULT_DAY_RULES.overtime, enabled: true, payable: true, rateDays: '26' } };

describe.each(engines)('overtime on the registers and the slip, on %s', (engine) => {
  let t: TestApp;
  let maria: TestEmployee;
  let ravi: TestEmployee;
  const db = () => t.ctx.database.db;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });
  const putRules = (rules: DayRules) => t.app.inject({ method: 'PUT', url: '/api/day-rules', headers: auth(t.admin.token), payload: rules });
  /** October's slip through the server's own path (salary repository + computeSlip), as a run computes it. */
  const slipOf = async (e: TestEmployee): Promise<SalarySlip> => {
    const repo = createSalaryRepository(db(), t.ctx.database.dialect);
    const employee = (await repo.findEmployee({ userId: e.id }))!;
    const days = (await repo.loadMonthDays([e.id], '2026-10')).get(e.id)!;
    return computeSlip(DEFAULT_PAYROLL_POLICY, employee, days, '2026-10', '2026-11-15');
  };
  /** A day's counted work and its overtime beyond 9 h, as the day's rules record them. */
  const worked = (userId: number, date: string, minutes: number, punchIn?: string, punchOut?: string) =>
    db()
      .updateTable('attendance')
      .set({ worked_minutes: minutes, overtime_minutes: Math.max(0, minutes - 540), ...(punchIn && { punch_in: punchIn, punch_out: punchOut }) })
      .where('user_id', '=', userId)
      .where('date', '=', date)
      .execute();

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    maria = await t.employee({ name: 'Maria Iyer', email: 'maria@test.local', salaryPaise: 30_000_00, joinedOn: '2025-04-01' });
    ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 18_000_00, joinedOn: '2025-04-01' });
    for (const e of [maria, ravi]) await seedAttendance(t, e.id, '2026-10');
    expect((await putRules(RULES)).statusCode).toBe(200);
    // Wednesday 14 October 2026: punched 09:00–19:40 in Kolkata, 10 h 40 m, 1 h 40 m beyond the 9-hour day.
    for (const e of [maria, ravi]) await worked(e.id, '2026-10-14', 640, '2026-10-14T03:30:00.000Z', '2026-10-14T14:10:00.000Z');
    // Maria's week of Monday 19 October: six days of 8½ h, 51 h, 3 h beyond the 48-hour week and none beyond a day.
    for (const date of ['2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23', '2026-10-24']) await worked(maria.id, date, 510);
  });
  afterEach(() => t.close());

  it('pays 1 h 40 m at twice the ordinary rate (₹18,000 ÷ (26 × 9 h) × 2 × 1⅔ h = ₹256) and the week beyond 48 h', async () => {
    const slip = await slipOf(ravi);
    // ₹18,000 ÷ 234 h = ₹76.92 an hour; × 2 × 100/60 = ₹256.41, ₹256.
    expect(slip.overtime).toMatchObject({ minutes: 100, dailyMinutes: 100, weeklyMinutes: 0, paid: true, rate: 2, hourlyRatePaise: 7692, rateDays: 26, amountPaise: 256_00 });
    expect(slip.earnings.overtimePaise).toBe(256_00);
    const base = slip.earnings.basicPaise + slip.earnings.hraPaise + slip.earnings.specialPaise;
    expect(slip.earnings.totalPaise).toBe(base + 256_00);
    // ESI wages are the whole gross with the overtime; coverage still reads the monthly rate of ₹18,000.
    expect(slip.statutory.esiCovered).toBe(true);
    expect(slip.statutory.esi!.wagesPaise).toBe(slip.earnings.totalPaise);
    expect(slip.deductions.esiPaise).toBe(Math.ceil((slip.earnings.totalPaise * 0.0075) / 100) * 100);
    // PF: overtime is not basic pay. It is one of the Code on Wages s.2(y) exclusions, which count
    // only above half of all remuneration: basic ₹9,000 + (₹9,256 excluded − ₹9,128 half) = ₹9,128.
    expect(slip.earnings.basicPaise).toBe(9_000_00);
    expect(slip.statutory.pfWagesPaise).toBe(9_128_00);
    expect(slip.notes).toContain('Overtime: 1:40 h at 2× ₹76.92 an hour (gross ₹18,000 ÷ (26 days × 9:00 h); Code on Wages s.14); not basic pay for PF, in the gross for ESI, PT and TDS.');

    // Maria: 100 minutes on the 14th and 180 of the week of the 19th: ₹30,000 × 280 min × 2 ÷ (26 × 540 min) = ₹1,196.58, ₹1,197.
    const m = await slipOf(maria);
    expect(m.overtime).toMatchObject({ minutes: 280, dailyMinutes: 100, weeklyMinutes: 180, hourlyRatePaise: 12_821, amountPaise: 1197_00 });

    // The attendance register reports the same hours; the payroll register the hours and the pay.
    const att = (await get('/api/attendance/register?month=2026-10')).json<RegisterPage>();
    expect(att.rows.find((r) => r.employeeId === maria.employeeId)!.overtimeMinutes).toBe(280);
    expect(att.rows.find((r) => r.employeeId === ravi.employeeId)!.overtimeMinutes).toBe(100);
    const register = (await get('/api/salary/register/2026-10')).json();
    const row = register.rows.find((r: { employeeId: string }) => r.employeeId === maria.employeeId);
    expect(row.overtime).toEqual({ minutes: 280, pay: 1197 });
    expect(row.earnedGross).toBe(m.earnings.totalPaise / 100);

    // The slip's .xlsx: the Overtime earning and the hours.
    const xlsx = await readSlip((await get(`/api/salary/slip/${maria.employeeId}/2026-10?format=xlsx`)).rawPayload);
    expect(xlsx.values.get('Overtime')).toBe(1197);
    expect(xlsx.values.get('Overtime Hours')).toBe('4:40 (paid at 2×)');
    // And its PDF, the same lines.
    const pdf = await get(`/api/salary/slip/${maria.employeeId}/2026-10?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Overtime Hours');
    expect(text).toContain('4:40 (paid at 2×)');
    expect(text).toContain('1,197.00');
  });

  it('reports overtime without paying it when the company does not pay overtime', async () => {
    expect((await putRules({ ...RULES, overtime: { ...RULES.overtime, payable: false } })).statusCode).toBe(200);
    // Without the pay, Ravi's PF wages are his basic alone.
    expect((await slipOf(ravi)).statutory.pfWagesPaise).toBe(9_000_00);
    const slip = await slipOf(maria);
    expect(slip.overtime).toMatchObject({ minutes: 280, paid: false, amountPaise: 0 });
    expect(slip.earnings.overtimePaise).toBeUndefined();
    expect(slip.earnings.totalPaise).toBe(slip.earnings.basicPaise + slip.earnings.hraPaise + slip.earnings.specialPaise);
    expect(slip.notes).toContain("Overtime: 4:40 h (3:00 beyond the normal week): recorded, not paid (the company's setting).");
    const row = (await get('/api/salary/register/2026-10')).json().rows.find((r: { employeeId: string }) => r.employeeId === maria.employeeId);
    expect(row.overtime).toEqual({ minutes: 280, pay: 0 });
    const xlsx = await readSlip((await get(`/api/salary/slip/${maria.employeeId}/2026-10?format=xlsx`)).rawPayload);
    expect(xlsx.values.has('Overtime')).toBe(false);
    expect(xlsx.values.get('Overtime Hours')).toBe('4:40 (not paid)');
  });

  it('refuses a choice it does not know, naming the field', async () => {
    const bad = await t.app.inject({ method: 'PUT', url: '/api/day-rules', headers: auth(t.admin.token), payload: { ...RULES, overtime: { ...RULES.overtime, weekStartsOn: 'someday', rateDays: 31 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'overtime.weekStartsOn': 'weekStartsOn must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday',
      'overtime.rateDays': 'rateDays must be working, 26 or 30',
    });
    // Rules saved before the choices existed read with their defaults.
    const { weekStartsOn, rateWages, rateDays, ...older } = RULES.overtime;
    expect([weekStartsOn, rateWages, rateDays]).toEqual(['monday', 'gross', '26']);
    expect((await putRules({ ...RULES, overtime: older })).statusCode).toBe(200);
    expect((await get('/api/day-rules')).json().overtime).toMatchObject({ weekStartsOn: 'monday', rateWages: 'gross', rateDays: 'working' });
  });

  it('divides by the working days by default and may read basic pay', async () => {
    expect((await putRules({ ...RULES, overtime: { ...RULES.overtime, rateDays: 'working', rateWages: 'basic' } })).statusCode).toBe(200);
    const slip = await slipOf(ravi);
    // Basic ₹9,000 (50%) over the month's working days × 9 h, × 2 × 100/60.
    const expected = Math.round((9_000 * 100 * 2) / (slip.days.working * 540)) * 100;
    expect(slip.overtime).toMatchObject({ wages: 'basic', monthlyWagesPaise: 9_000_00, rateDays: slip.days.working, amountPaise: expected });
  });

  it('leaves an approved month as it was: later overtime shows as live data that differs', async () => {
    await approveQuietly(t, '2026-10');
    const before = (await get('/api/salary/register/2026-10')).json();
    expect(before.liveDiffers ?? null).toBeNull();
    // Two more hours recorded on 27 October after approval.
    await worked(ravi.id, '2026-10-27', 660);
    const after = (await get('/api/salary/register/2026-10')).json();
    expect(after.liveDiffers).toMatchObject({ count: 1, people: [{ employeeId: ravi.employeeId }] });
    const row = after.rows.find((r: { employeeId: string }) => r.employeeId === ravi.employeeId);
    expect(row.overtime).toEqual({ minutes: 100, pay: 256 });
  });
});
