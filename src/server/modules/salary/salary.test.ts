import { SERVER_MSG } from '../../../shared/messages';
import { computeSalarySlip } from '../../../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../../../shared/payroll/pay-month';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { approveQuietly, readSlip, seedAttendance, seedLeave, TEST_NOW } from '../../test/salary-test-helpers';
import { pdfText } from '../../test/pdf-text';
import { XLSX_CONTENT_TYPE } from './slip-workbook';

describe.each(engines)('salary slips on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme Payroll Pvt Ltd' } });
  });
  afterEach(() => t.close());

  const slip = (token: string, employeeId: string, month: string) =>
    t.app.inject({ method: 'GET', url: `/api/salary/slip/${encodeURIComponent(employeeId)}/${encodeURIComponent(month)}`, headers: auth(token) });
  const email = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/salary/email', headers: auth(token), payload });

  describe('GET /api/salary/slip/:employeeId/:month', () => {
    it('gives an admin any slip as an .xlsx named from the employee id and month, with the full layout', async () => {
      const e = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', position: 'Accountant', salaryPaise: 50_000_00, joinedOn: '2024-01-01' });
      await seedAttendance(t, e.id, '2026-10');
      const res = await slip(t.admin.token, e.employeeId, '2026-10');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="salary-slip_${e.employeeId}_2026-10.xlsx"`);
      expect(res.headers['cache-control']).toBe('no-store');

      const s = await readSlip(res.rawPayload);
      expect(s.company).toBe('Acme Payroll Pvt Ltd');
      expect(s.title).toBe('Salary Slip for October 2026');
      // October is not approved: the admin's preview says it is a draft.
      expect(s.sheet.getCell('A3').value).toBe('Draft: October 2026 is not approved yet; figures may change and this is not a payslip');
      expect(Object.fromEntries(s.values)).toMatchObject({
        'Employee ID': e.employeeId,
        Name: 'Asha Rao',
        Email: 'asha@test.local',
        Position: 'Accountant',
        'Date of Joining': '2024-01-01',
        'Pay Period': '2026-10-01 to 2026-10-31',
        'Working Days': 27,
        'Paid Days': 27,
        'LOP Days': 0,
        'Monthly Gross (₹)': 50_000,
        Basic: 25_000,
        'House Rent Allowance': 10_000,
        'Special Allowance': 15_000,
        // 12% of basic 25,000, on the ₹25,000 ceiling of October 2026.
        'Provident Fund (Employee)': 3_000,
        'Professional Tax': 200,
        'Total Earnings': 50_000,
        'Total Deductions': 3_200,
        'Net Pay (₹)': 46_800,
        'Net Pay in Words': 'Rupees Forty-Six Thousand Eight Hundred Only',
        UAN: '—',
        PAN: '—',
        'Bank Account': '—',
        // The year to date counts approved months only: none before October here.
        'Provident Fund to date': '₹3,000.00',
      });
      // Earnings and deductions sit side by side on the same rows.
      expect(s.sheet.getCell('A14').value).toBe('Basic');
      expect(s.sheet.getCell('C14').value).toBe('Provident Fund (Employee)');
    });

    it('counts absences as LOP, approved leave as paid, H as half a day (the default), and ignores pending or rejected leave', async () => {
      const e = await t.employee({ salaryPaise: 24_000_00 });
      await seedAttendance(t, e.id, '2026-10', { except: ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-12'] });
      await t.ctx.database.db.insertInto('attendance').values({ user_id: e.id, date: '2026-10-12', status: 'H', punch_in: null, punch_out: null }).execute();
      await seedLeave(t, e.id, '2026-09-28', '2026-10-06', 'approved'); // covers 5 and 6 Oct
      await seedLeave(t, e.id, '2026-10-07', '2026-10-07', 'pending'); // LOP
      await seedLeave(t, e.id, '2026-10-08', '2026-10-08', 'rejected'); // LOP
      // 9 Oct: nothing at all -> LOP.
      const s = await readSlip((await slip(t.admin.token, e.employeeId, '2026-10')).rawPayload);
      expect(s.values.get('LOP Days')).toBe(3.5);
      expect(s.values.get('Paid Days')).toBe(23.5);
      // The approved leave's working days in October (1 to 6 Oct, the Sunday off), beside the balances.
      expect(s.values.get('Leave Days Taken')).toBe(5);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/salary/slip/${e.employeeId}/2026-10?format=pdf`, headers: { authorization: `Bearer ${t.admin.token}` } });
      const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
      expect(text).toContain('Leave Days (taken; left at the month end)');
      expect(text).toContain('Casual 5 this month, 8 in 2026, ');
      expect(text).toContain('Sick 0 this month, 0 in 2026, 12 left');
      const expected = computeSalarySlip({
        halfDays: { dates: new Set(['2026-10-12']), pay: 'half' },
        monthlyGrossPaise: 24_000_00,
        month: '2026-10',
        joinedOn: '2024-01-01',
        presentDates: new Set(datesOfMonth('2026-10').filter((d) => weekdayOf(d) !== 0 && !['2026-10-07', '2026-10-08', '2026-10-09'].includes(d))),
        approvedLeaveDates: new Set(),
        today: '2026-11-15',
      });
      expect(s.values.get('Net Pay (₹)')).toBe(expected.netPaise / 100);
      expect(s.values.get('Net Pay in Words')).toBe(expected.netInWords);
      // Paid in full once the company's pay rules say so; the slip's notes say which.
      expect((await t.app.inject({ method: 'PUT', url: '/api/salary/pay-rules', headers: { authorization: `Bearer ${t.admin.token}` }, payload: { halfDayPay: 'full', esiWages: 'gross' } })).statusCode).toBe(200);
      const full = await readSlip((await slip(t.admin.token, e.employeeId, '2026-10')).rawPayload);
      expect(full.values.get('LOP Days')).toBe(3);
      expect(full.values.get('Paid Days')).toBe(24);
      expect(full.notes[0]).toBe("Half days (HD) are paid as a full day (1 this month): the company's setting.");
    });

    it('lets an employee download only their own slip', async () => {
      const a = await t.employee({ joinedOn: '2026-01-01' });
      const b = await t.employee();
      await approveQuietly(t, '2026-10');
      expect((await slip(a.token, a.employeeId, '2026-10')).statusCode).toBe(200);
      expect((await slip(a.token, a.employeeId.toLowerCase(), '2026-10')).statusCode).toBe(200);
      // A code is never read as a record id: the caller's own record id names nobody.
      expect((await slip(a.token, String(a.id), '2026-10')).statusCode).toBe(403);
      const other = await slip(a.token, b.employeeId, '2026-10');
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: SERVER_MSG.forbidden });
      expect((await slip(a.token, String(b.id), '2026-10')).statusCode).toBe(403);
      // Someone else's id is refused before any lookup, so unknown ids look the same.
      expect((await slip(a.token, 'EMP9999', '2026-10')).statusCode).toBe(403);
    });

    it('refuses an employee the slip of a month not approved (409 {msg}), which an admin previews as a draft', async () => {
      const e = await t.employee({ joinedOn: '2026-01-01' });
      const own = await slip(e.token, e.employeeId, '2026-10');
      expect(own.statusCode).toBe(409);
      expect(own.json()).toEqual({ msg: 'The salary slip for October 2026 is not available yet: the payroll of October 2026 is not approved' });
      const generate = await t.app.inject({ method: 'GET', url: '/api/salary/generate?month=2026-10', headers: auth(e.token) });
      expect(generate.statusCode).toBe(409);
      // The unfinished month too.
      expect((await slip(e.token, e.employeeId, '2026-11')).statusCode).toBe(409);
      expect((await slip(t.admin.token, e.employeeId, '2026-10')).statusCode).toBe(200);
      // Nothing listed as available, and the home card offers none.
      expect((await t.app.inject({ method: 'GET', url: `/api/salary/slips/${e.employeeId}`, headers: auth(e.token) })).json()).toEqual({ employeeId: e.employeeId, slips: [] });
      await approveQuietly(t, '2026-10');
      expect((await slip(e.token, e.employeeId, '2026-10')).statusCode).toBe(200);
      const listed = (await t.app.inject({ method: 'GET', url: `/api/salary/slips/${e.employeeId}`, headers: auth(e.token) })).json();
      expect(listed.slips).toEqual([{ month: '2026-10', monthLabel: 'October 2026', version: 1, versions: [{ version: 1, storedAt: TEST_NOW.toISOString(), reason: null, net: expect.any(Number) }] }]);
    });

    it('answers 404 for an unknown employee and 401 without a token', async () => {
      const res = await slip(t.admin.token, 'EMP9999', '2026-10');
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toMatch(/EMP9999/);
      expect((await t.app.inject('/api/salary/slip/EMP0001/2026-10')).statusCode).toBe(401);
    });

    it('rejects a malformed month with 400', async () => {
      const e = await t.employee();
      for (const month of ['2026-13', '2026-1', 'October', '2026-10-01', '26-10']) {
        const res = await slip(t.admin.token, e.employeeId, month);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/YYYY-MM/);
      }
    });

    it('rejects a future month and a month before joining with clear messages', async () => {
      const e = await t.employee({ joinedOn: '2026-03-10' });
      const future = await slip(t.admin.token, e.employeeId, '2026-12');
      expect(future.statusCode).toBe(400);
      expect(future.json().msg).toBe('December 2026 has not started yet; salary slips can be made up to the current month');
      const before = await slip(t.admin.token, e.employeeId, '2026-02');
      expect(before.statusCode).toBe(400);
      expect(before.json().msg).toBe('There is no salary slip for February 2026: the employee joined on 2026-03-10');
      // The current month is allowed: LOP counts only up to yesterday.
      const current = await readSlip((await slip(t.admin.token, e.employeeId, '2026-11')).rawPayload);
      expect(current.values.get('LOP Days')).toBe(12); // 2-14 Nov without attendance: 12 working days
    });

    it('escapes formula-like text so a spreadsheet shows it instead of running it', async () => {
      const e = await t.employee({ name: '=cmd|/c calc', position: '+SUM(A1)', email: 'plain@test.local' });
      const s = await readSlip((await slip(t.admin.token, e.employeeId, '2026-10')).rawPayload);
      expect(s.values.get('Name')).toBe("'=cmd|/c calc");
      expect(s.values.get('Position')).toBe("'+SUM(A1)");
      expect(s.values.get('Email')).toBe('plain@test.local');
      // No cell anywhere holds a formula.
      s.sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
    });

    it("still serves a deactivated employee's past slips to an admin", async () => {
      const e = await t.employee();
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', e.id).execute();
      expect((await slip(t.admin.token, e.employeeId, '2026-10')).statusCode).toBe(200);
    });
  });

  describe('GET /api/salary/generate', () => {
    it("gives the employee's own slip for the last complete month by default", async () => {
      const e = await t.employee({ salaryPaise: 30_000_00 });
      await seedAttendance(t, e.id, '2026-10');
      await approveQuietly(t, '2026-10');
      const res = await t.app.inject({ method: 'GET', url: '/api/salary/generate', headers: auth(e.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="salary-slip_${e.employeeId}_2026-10.xlsx"`);
      const s = await readSlip(res.rawPayload);
      expect(s.values.get('Employee ID')).toBe(e.employeeId);
      expect(s.values.get('Net Pay (₹)')).toBe(30_000 - 1_800 - 200);
    });

    it('takes ?month and validates it', async () => {
      const e = await t.employee();
      await approveQuietly(t, '2026-09');
      const ok = await t.app.inject({ method: 'GET', url: '/api/salary/generate?month=2026-09', headers: auth(e.token) });
      expect(ok.headers['content-disposition']).toContain('_2026-09.xlsx');
      const bad = await t.app.inject({ method: 'GET', url: '/api/salary/generate?month=sept', headers: auth(e.token) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/month/);
    });

    it('explains when the last complete month is before joining, and is for employees only', async () => {
      const e = await t.employee({ joinedOn: '2026-11-02' });
      const res = await t.app.inject({ method: 'GET', url: '/api/salary/generate', headers: auth(e.token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/joined on 2026-11-02/);
      expect((await t.app.inject({ method: 'GET', url: '/api/salary/generate', headers: auth(t.admin.token) })).statusCode).toBe(403);
    });
  });

  describe('POST /api/salary/email', () => {
    it.each([['march'], ['Mar'], ['MARCH'], [3], ['3'], ['03']])('accepts the month %p', async (month) => {
      const e = await t.employee({ email: 'ravi@test.local' });
      await approveQuietly(t, '2026-03');
      const res = await email(t.admin.token, { employeeId: e.employeeId, month, year: '2026' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'Salary slip for March 2026 emailed to ravi@test.local' });
      expect(t.mailer.sent).toHaveLength(1);
      const [mail] = t.mailer.sent;
      expect(mail!.to).toBe('ravi@test.local');
      expect(mail!.subject).toBe('Acme Payroll Pvt Ltd: salary slip for March 2026');
      // The PDF only, while the payroll settings do not ask for the .xlsx too (salary-email.test.ts).
      expect(mail!.attachments!.map((a) => a.filename)).toEqual([`salary-slip_${e.employeeId}_2026-03.pdf`]);
      expect(mail!.attachments![0]!.contentType).toBe('application/pdf');
      expect((await pdfText(mail!.attachments![0]!.content)).text).toContain('Salary Slip for March 2026');
    });

    it('takes the year as a number and records the send in the audit log', async () => {
      const e = await t.employee();
      // A month not approved is refused, pointing to the register; nothing is sent.
      const early = await email(t.admin.token, { employeeId: e.employeeId, month: 'October', year: 2026 });
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toBe('October 2026 is not approved yet, so its salary slip cannot be emailed: check and approve it on the Payroll Register first');
      expect(t.mailer.sent).toHaveLength(0);
      await approveQuietly(t, '2026-10');
      expect((await email(t.admin.token, { employeeId: e.employeeId, month: 'October', year: 2026 })).statusCode).toBe(200);
      const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'salary.email').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.after_json!)).toEqual({ employeeId: e.employeeId, month: '2026-10' });
    });

    it.each([['Marchh'], ['13'], [0], ['ma'], [''], [2.5]])('refuses the month %p, saying what is accepted', async (month) => {
      const e = await t.employee();
      const res = await email(t.admin.token, { employeeId: e.employeeId, month, year: 2026 });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^month must be a month name such as 'March' or 'Mar' \(any case\), or a number from 1 to 12/);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it.each([['26'], ['20266'], ['abcd'], [2026.5]])('refuses the year %p', async (year) => {
      const e = await t.employee();
      const res = await email(t.admin.token, { employeeId: e.employeeId, month: 'March', year });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^year must be a four-digit year/);
    });

    it('validates the body shape, the employee and the month', async () => {
      const e = await t.employee({ joinedOn: '2026-06-01' });
      const missing = await email(t.admin.token, { month: 'March', year: 2026 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toMatch(/employeeId/);
      expect((await email(t.admin.token, { employeeId: 'EMP9999', month: 'March', year: 2026 })).statusCode).toBe(404);
      expect((await email(t.admin.token, { employeeId: e.employeeId, month: 'March', year: 2026 })).json().msg).toMatch(/joined on 2026-06-01/);
      expect((await email(t.admin.token, { employeeId: e.employeeId, month: 'December', year: 2026 })).json().msg).toMatch(/has not started/);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('is for admins only', async () => {
      const e = await t.employee();
      const res = await email(e.token, { employeeId: e.employeeId, month: 'March', year: 2026 });
      expect(res.statusCode).toBe(403);
      expect(t.mailer.sent).toHaveLength(0);
    });
  });
});
