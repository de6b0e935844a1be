/**
 * A company starting from zero: its own employee codes, the rest of the employee master, imports
 * from CSV and .xlsx (dry run, modes, all or nothing, hostile files), the kept report with its
 * failed rows, and invitations held for the Invite button.
 */
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, eventually, type TestApp } from '../../test/test-app';
import { approveMonth } from '../../test/salary-test-helpers';
import { multipart } from '../../test/multipart';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(engines)('going live on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const upload = (content: string | Buffer, query = '', filename = 'staff.csv', contentType = 'text/csv') => {
    const body = multipart([{ name: 'file', filename, content, contentType }]);
    return t.app.inject({ method: 'POST', url: `/api/employee/upload${query}`, headers: { ...admin(), ...body.headers }, payload: body.payload });
  };
  const list = async () => (await t.app.inject({ url: '/api/employee', headers: admin() })).json() as { _id: string; employeeId: string; email: string; salary: number; joiningDate: string; phone: string | null; departmentId: string | null }[];
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/employee', headers: admin(), payload });
  const acm = (from: number, to: number) => {
    let csv = 'employeeId,name,email,position,salary,joiningDate\n';
    for (let i = from; i <= to; i++) csv += `ACM${String(i).padStart(4, '0')},Person ${i},p${i}@acme.in,Clerk,"25,000",31/12/2023\n`;
    return csv;
  };

  describe('employee codes', () => {
    it("takes the company's own codes and continues its series: ACM0301 after ACM0300", async () => {
      const res = await upload(acm(1, 300));
      expect(res.json()).toMatchObject({ msg: 'Added 300 of 300 employees', counts: { added: 300, failed: 0 } });
      const added = await create({ name: 'New', email: 'new@acme.in', position: 'Clerk', salary: 1 });
      expect(added.json().employeeId).toBe('ACM0301');
      const people = await list();
      expect(people[0]).toMatchObject({ employeeId: 'ACM0001', salary: 25000, joiningDate: '2023-12-31' });
    });

    it('starts a new company at EMP0001 and refuses a code already used, regardless of case, even by someone deleted', async () => {
      const first = await create({ name: 'A', email: 'a@x.in', position: 'Dev', salary: 1 });
      expect(first.json().employeeId).toBe('EMP0001');
      const coded = await create({ name: 'B', email: 'b@x.in', position: 'Dev', salary: 1, employeeId: 'Ops-7' });
      expect(coded.json().employeeId).toBe('Ops-7');
      await t.app.inject({ method: 'DELETE', url: `/api/employee/${coded.json()._id}`, headers: admin() });
      const again = await create({ name: 'C', email: 'c@x.in', position: 'Dev', salary: 1, employeeId: 'OPS-7' });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toMatch(/OPS-7 is already used/);
      const bad = await create({ name: 'D', email: 'd@x.in', position: 'Dev', salary: 1, employeeId: 'has space' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/employeeId/);
    });

    it('never reads a code as a record id: the employee coded 5 cannot read record 5', async () => {
      // Make record ids and codes cross: someone whose code is the record id of another.
      const other = await t.employee({ joinedOn: '2026-01-01' });
      const five = await t.employee({ joinedOn: '2026-01-01', email: 'five@x.in' });
      await t.ctx.database.db.updateTable('employees').set({ employee_id: String(other.id) }).where('user_id', '=', five.id).execute();
      const token = five.token;
      // Employees see approved slips only: approve October, and let its run's mails go before counting.
      expect((await approveMonth(t, '2026-10')).statusCode).toBe(202);
      await eventually(() => t.mailer.sent.filter((m) => /slip/i.test(m.subject)).length >= 2, 20_000, 'the run to mail both slips');
      t.mailer.sent.length = 0;
      const own = await t.app.inject({ url: `/api/salary/slip/${other.id}/2026-10`, headers: auth(token) });
      expect(own.statusCode).toBe(200); // their own code
      // The other person's slip is reachable only by their code, which is not this caller's.
      const byOtherCode = await t.app.inject({ url: `/api/salary/slip/${other.employeeId}/2026-10`, headers: auth(token) });
      expect(byOtherCode.statusCode).toBe(403);
      // And the admin's lookup by "5" finds the employee coded 5, not record 5.
      const adminSlip = await t.app.inject({ url: `/api/salary/slip/${other.id}/2026-10?format=pdf`, headers: admin() });
      expect(adminSlip.statusCode).toBe(200);
      const email = await t.app.inject({ method: 'POST', url: '/api/salary/email', headers: admin(), payload: { employeeId: String(other.id), month: 10, year: 2026 } });
      expect(email.statusCode).toBe(200);
      await eventually(() => t.mailer.sent.some((m) => m.to === 'five@x.in'));
      expect(t.mailer.sent.some((m) => m.to === other.email && /slip/i.test(m.subject))).toBe(false);
    });
  });

  describe('the employee master', () => {
    it('keeps a left-out field and clears one sent as null; departments and locations by id', async () => {
      const dept = (await t.app.inject({ method: 'POST', url: '/api/company/departments', headers: admin(), payload: { name: 'Finance' } })).json();
      const loc = (await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: admin(), payload: { name: 'Bengaluru', state: 'KA', city: 'Bengaluru', ptRegistration: 'PTR-1' } })).json();
      const { _id } = (await create({ name: 'A', email: 'a@x.in', position: 'Dev', salary: 1, joiningDate: '2025-04-01', phone: '+91 98450 12345', departmentId: dept._id, locationId: loc._id })).json();
      const edit = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/employee/edit/${_id}`, headers: admin(), payload: { name: 'A', email: 'a@x.in', ...payload } });
      expect((await edit({ joiningDate: '2025-05-01' })).statusCode).toBe(200);
      let [a] = await list();
      expect(a).toMatchObject({ joiningDate: '2025-05-01', phone: '+91 98450 12345', departmentId: dept._id, locationId: loc._id });
      expect((await edit({ phone: null, departmentId: null })).statusCode).toBe(200);
      [a] = await list();
      expect(a).toMatchObject({ phone: null, departmentId: null, locationId: loc._id });
      const unknown = await edit({ departmentId: '999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe('departmentId names no department');
    });

    it('lets an employee change their own phone but not their joining date or department', async () => {
      const e = await t.employee({ name: 'Meera' });
      const edit = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(e.token), payload: { name: 'Meera', email: e.email, ...payload } });
      expect((await edit({ phone: '98450 12345' })).statusCode).toBe(200);
      expect((await edit({ joiningDate: '2020-01-01' })).statusCode).toBe(403);
      expect((await edit({ departmentId: null })).statusCode).toBe(403);
      const me = (await t.app.inject({ url: '/api/employee/me', headers: auth(e.token) })).json();
      expect(me.phone).toBe('98450 12345');
    });
  });

  describe('imports', () => {
    it('a dry run checks every row and writes nothing', async () => {
      const res = await upload(acm(1, 3) + 'ACM0004,Bad,bad@,Clerk,1,01/01/2024\n', '?dryRun=true');
      expect(res.json()).toMatchObject({ dryRun: true, counts: { added: 3, failed: 1 }, errors: ['Row 5: invalid email "bad@"'] });
      expect(res.json().msg).toMatch(/nothing written/);
      expect(await list()).toEqual([]);
      const reports = (await t.app.inject({ url: '/api/company/imports', headers: admin() })).json();
      expect(reports).toEqual([]);
    });

    it('all or nothing: one bad row and nothing is written', async () => {
      const res = await upload(acm(1, 3) + 'ACM0004,Bad,bad@,Clerk,1,01/01/2024\n', '?atomic=true');
      expect(res.json()).toMatchObject({ dryRun: false, counts: { added: 0, failed: 1 } });
      expect(res.json().msg).toMatch(/Nothing was imported/);
      expect(await list()).toEqual([]);
    });

    it('updates only the columns given, reports unchanged rows, and upserts', async () => {
      await upload(acm(1, 2));
      const update = await upload('employeeId,salary,phone\nACM0001,"₹ 30,000",\nacm0002,"25,000",\nACM0009,1,\n', '?mode=update');
      expect(update.json().rows).toEqual([
        { row: 2, employeeId: 'ACM0001', result: 'updated' },
        { row: 3, employeeId: 'ACM0002', result: 'unchanged' },
        { row: 4, employeeId: 'ACM0009', result: 'failed', error: 'no employee has the employeeId ACM0009' },
      ]);
      const people = await list();
      expect(people.map((p) => [p.employeeId, p.salary, p.joiningDate])).toEqual([
        ['ACM0001', 30000, '2023-12-31'],
        ['ACM0002', 25000, '2023-12-31'],
      ]);
      const upsert = await upload('employeeId,name,email,position,salary\nACM0002,Renamed,,,\n,Newcomer,new@acme.in,Clerk,100\n', '?mode=upsert');
      expect(upsert.json().counts).toEqual({ added: 1, updated: 1, unchanged: 0, failed: 0 });
      expect(upsert.json().rows[1]).toEqual({ row: 3, employeeId: 'ACM0003', result: 'added' });
    });

    it('keeps the report and gives the failed rows back as a file with an error column', async () => {
      const res = await upload(acm(1, 2) + 'ACM0003,=HYPERLINK("x"),p3@acme.in,Clerk,abc,31/02/2024\n');
      const { reportId } = res.json();
      const reports = (await t.app.inject({ url: '/api/company/imports?kind=employees', headers: admin() })).json();
      expect(reports).toEqual([expect.objectContaining({ _id: reportId, kind: 'employees', fileName: 'staff.csv', by: 'Admin', counts: { added: 2, updated: 0, unchanged: 0, failed: 1 } })]);
      const detail = (await t.app.inject({ url: `/api/company/imports/${reportId}`, headers: admin() })).json();
      expect(detail.rows).toHaveLength(3);
      const failed = await t.app.inject({ url: `/api/company/imports/${reportId}/failed`, headers: admin() });
      expect(failed.headers['content-type']).toMatch(/text\/csv/);
      const lines = failed.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('employeeId,name,email,position,salary,joiningDate,error');
      // The formula-looking name is escaped on the way out.
      expect(lines[1]).toMatch(/^ACM0003,"'=HYPERLINK\(""x""\)",p3@acme.in,Clerk,abc,31\/02\/2024,/);
      expect(lines).toHaveLength(2);
    });

    it('holds invitations for the Invite button when asked to invite later', async () => {
      await upload(acm(1, 3), '?invite=later');
      await new Promise((r) => setTimeout(r, 100));
      expect(t.mailer.sent).toEqual([]);
      expect((await t.app.inject({ url: '/api/employee/invitations', headers: admin() })).json()).toEqual({ held: 3 });
      const invite = await t.app.inject({ method: 'POST', url: '/api/employee/invitations', headers: admin() });
      expect(invite.json()).toEqual({ msg: 'Sent 3 invitations', count: 3 });
      await eventually(() => t.mailer.sent.length === 3);
      expect((await t.app.inject({ url: '/api/employee/invitations', headers: admin() })).json()).toEqual({ held: 0 });
    });

    it('reads .xlsx: date cells, Excel serial dates, numbers, an instructions sheet first', async () => {
      const bytes = await workbook((wb) => {
        wb.addWorksheet('Read me').addRow(['Fill in the Employees sheet']);
        const s = wb.addWorksheet('Employees');
        s.addRow(['employeeId', 'name', 'email', 'position', 'salary', 'joiningDate', 'statutory.pan']);
        s.addRow(['ACM0001', 'Asha', 'asha@acme.in', 'Clerk', 45000, new Date(Date.UTC(2022, 3, 1)), 'abcde1234f']);
        s.addRow(['ACM0002', 'Ravi', 'ravi@acme.in', 'Clerk', '2,50,000', 45292, '']);
      });
      const res = await upload(bytes, '', 'staff.xlsx', XLSX_TYPE);
      expect(res.json()).toMatchObject({ msg: 'Added 2 of 2 employees', errors: [] });
      const people = await list();
      expect(people.map((p) => [p.employeeId, p.salary, p.joiningDate])).toEqual([
        ['ACM0001', 45000, '2022-04-01'],
        ['ACM0002', 250000, '2024-01-01'],
      ]);
      const asha = (await t.app.inject({ url: `/api/employee/${people[0]!._id}`, headers: admin() })).json();
      expect(asha.statutory.pan).toBe('ABCDE1234F');
    });

    it('refuses hostile files: formulas, merged cells, the wrong sheet, a semicolon CSV with a BOM, 50 MB', async () => {
      const formulas = await workbook((wb) => {
        const s = wb.addWorksheet('Employees');
        s.addRow(['name', 'email', 'position', 'salary']);
        s.addRow(['A', 'a@x.in', 'Clerk', { formula: '1000*2', result: 2000 }]);
        s.addRow(['B', 'b@x.in', 'Clerk', 100]);
        s.addRow(['C', 'c@x.in', 'Clerk', 100]);
        s.mergeCells('C4:D4');
      });
      const res = await upload(formulas, '', 'f.xlsx', XLSX_TYPE);
      expect(res.statusCode).toBe(200);
      expect(res.json().errors).toEqual(['Row 2: cell D2 holds a formula: save the sheet with values only', 'Row 4: salary is required']);

      const wrongSheet = await workbook((wb) => wb.addWorksheet('Payroll').addRow(['month', 'total']));
      const wrong = await upload(wrongSheet, '', 'w.xlsx', XLSX_TYPE);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBe('The CSV file is missing the columns: name, email, position, salary');

      const semicolon = await upload('\uFEFFname;email;position;salary\r\nJosé;jose@x.in;Clerk;"25.000"\r\nAnn;ann@x.in;Clerk;1000\r\n');
      expect(semicolon.json()).toMatchObject({ counts: { added: 2, failed: 0 }, errors: [] });

      const huge = await upload(Buffer.alloc(50 * 1024 * 1024, 'a'));
      expect(huge.statusCode).toBe(413);
    });

    it('gives the template in .xlsx and .csv with every column and an example row', async () => {
      const csv = await t.app.inject({ url: '/api/employee/upload/template?format=csv', headers: admin() });
      const [header, example] = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(header).toMatch(/^employeeId,name,email,position,salary,salaryEffectiveFrom,joiningDate,phone,departmentId,locationId,managerEmployeeId,devicePin,statutory\.stateOfWork/);
      expect(example).toMatch(/^ACM0001,Asha Rao/);
      const xlsx = await t.app.inject({ url: '/api/employee/upload/template', headers: admin() });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Employees', 'Formats']);
      expect(String(wb.getWorksheet('Formats')!.getCell('B7').value)).toMatch(/DD\/MM\/YYYY/);
      // The template itself imports (its example row needs the department and location to exist).
      await t.app.inject({ method: 'POST', url: '/api/company/departments', headers: admin(), payload: { name: 'Finance' } });
      await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: admin(), payload: { name: 'Bengaluru' } });
      const res = await upload(xlsx.rawPayload, '?dryRun=true', 'template.xlsx', XLSX_TYPE);
      expect(res.json()).toMatchObject({ counts: { added: 1, failed: 0 } });
    });
  });
});
