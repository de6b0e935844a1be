/**
 * The company's pay basis (go-live settings): a company that does not punch pays its month "on
 * leave", every working day but leave without pay and days marked absent; "on attendance" the same
 * month without punches is all loss of pay. The payroll register, the slip and the attendance
 * register say the same days.
 */
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { readSlip } from '../../test/salary-test-helpers';

const NOW = new Date('2026-11-26T06:00:00Z');

describe.each(engines)('the pay basis on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 30_000_00, joinedOn: '2024-01-01' });
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const setBasis = async (payBasis: 'attendance' | 'leave') => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/company/go-live', headers: admin(), payload: { goLiveDate: '2026-10-01', payBasis, inviteOnImport: 'now' } });
    expect(res.statusCode).toBe(200);
  };
  const registerRow = async () => {
    const res = await t.app.inject({ url: '/api/salary/register/2026-10', headers: admin() });
    expect(res.statusCode).toBe(200);
    return res.json().rows.find((r: { employeeId: string }) => r.employeeId === asha.employeeId) as { workingDays: number; paidDays: number; lopDays: number; earnedGross: number; net: number };
  };
  const slip = async () => {
    const res = await t.app.inject({ url: `/api/salary/slip/${asha.employeeId}/2026-10`, headers: admin() });
    expect(res.statusCode).toBe(200);
    return readSlip(res.rawPayload);
  };
  const attendanceRow = async () => {
    const res = await t.app.inject({ url: `/api/attendance/register?month=2026-10&q=${asha.employeeId}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    return res.json().rows[0] as { codes: string[]; totals: { lop: number; paidDays: number } };
  };
  /** The register row, the slip and the attendance register agree on the days and the money. */
  const expectAgreement = async (days: { paid: number; lop: number }, net: number) => {
    const row = await registerRow();
    expect(row).toMatchObject({ workingDays: 27, paidDays: days.paid, lopDays: days.lop, net });
    const s = await slip();
    expect({ paid: s.values.get('Paid Days'), lop: s.values.get('LOP Days'), net: s.values.get('Net Pay (₹)') }).toEqual({ paid: days.paid, lop: days.lop, net });
    expect((await attendanceRow()).totals).toMatchObject({ lop: days.lop, paidDays: days.paid });
    return s;
  };

  it('pays a month with no punches in full on leave, and as loss of pay on attendance', async () => {
    // October 2026: 27 working days (Sundays off), nobody punched.
    await setBasis('attendance');
    await expectAgreement({ paid: 0, lop: 27 }, 0);
    expect((await attendanceRow()).codes.slice(0, 5)).toEqual(['A', 'A', 'A', 'WO', 'A']);

    // On leave: every working day is paid. ₹30,000 less PF 1,800 and Karnataka PT 200.
    await setBasis('leave');
    const s = await expectAgreement({ paid: 27, lop: 0 }, 28_000);
    expect(s.notes).toContain(
      "Pay basis on leave: the company's setting. Working days without an attendance record are paid (27 this month); only days marked absent and leave without pay are loss of pay.",
    );
    expect((await attendanceRow()).codes.slice(0, 5)).toEqual(['NM', 'NM', 'NM', 'WO', 'NM']);
  });

  it('on leave, takes off only the days an admin or an import marked absent', async () => {
    await setBasis('leave');
    // An admin marks Monday 5 October absent; an import marks Tuesday 6 absent and Wednesday 7 present.
    const day = await t.app.inject({ method: 'PUT', url: '/api/attendance/day', headers: admin(), payload: { employeeId: asha.employeeId, date: '2026-10-05', status: 'A', reason: 'No show, no call' } });
    expect(day.statusCode).toBe(200);
    const csv = ['employeeId,date,status', `${asha.employeeId},06/10/2026,A`, `${asha.employeeId},07/10/2026,P`].join('\r\n');
    const boundary = 'pay-basis-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="october.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const imported = await t.app.inject({ method: 'POST', url: '/api/attendance/import', headers: { ...admin(), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(imported.json()).toMatchObject({ counts: { added: 2, failed: 0 } });

    // 25 of 27 paid: 30,000 × 25/27 = 27,778; PF 12% of 13,889 = 1,667; PT 200 → 25,911.
    await expectAgreement({ paid: 25, lop: 2 }, 25_911);
    expect((await attendanceRow()).codes.slice(0, 8)).toEqual(['NM', 'NM', 'NM', 'WO', 'A', 'A', 'P', 'NM']);

    // Back on attendance, the one present day is all that is paid.
    await setBasis('attendance');
    await expectAgreement({ paid: 1, lop: 26 }, expect.any(Number) as unknown as number);
  });
});
