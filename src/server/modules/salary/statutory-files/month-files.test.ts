/**
 * GET /api/salary/files/{month}/{ecr|esi|pt|bank} on each engine: October 2026, approved through
 * POST /api/salary/register/{month}/approve as an admin does, gives the four files with exactly these contents; a month not approved is a 409 {msg}; employees get 403.
 * October 2026 has 31 days, Sundays off: 27 working days. Figures (as in payroll-register.test.ts):
 * - Kavya Nair, ₹18,000 in Karnataka, all days: PF wages = basic 9,000, PF 1,080, EPS 750, employer
 *   EPF 330; ESI 0.75% = 135; PT nil below ₹25,000; net 16,785; 31 days paid.
 * - Meera Iyer, ₹45,000 in Maharashtra, a woman, 2 LOP days: 45,000 × 25/27 = 41,667; PF wages
 *   20,834, under the ₹25,000 ceiling of October 2026: PF 2,500, EPS 1,735, EPF 765; PT 200 (women
 *   above ₹25,000); net 38,967.
 * - "=HYPERLINK(…)", ₹30,000 in Karnataka, all days: basic 15,000: PF 1,800, EPS 1,250, EPF 550; PT
 *   200; net 28,000.
 * - Arjun Das, ₹60,000, joined 15 October, no UAN or bank details: 60,000 × 15/27 = 33,333; PF
 *   2,000; PT 200; net 31,133. Left out of the ECR and the bank file.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, type TestApp } from '../../../test/test-app';
import { approveQuietly, seedAttendance, TEST_NOW } from '../../../test/salary-test-helpers';
import { XLSX_CONTENT_TYPE } from '../slip-workbook';
import { ESI_COLUMNS } from './esi-contribution-file';

describe.each(engines)('filing files of an approved month on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const file = (month: string, kind: string, token = t.admin.token) => t.app.inject({ method: 'GET', url: `/api/salary/files/${month}/${kind}`, headers: auth(token) });
  /** A download under `name` whose text is `lines`, each ended by CRLF. */
  const expectDownload = (res: { headers: Record<string, unknown>; body: string }, name: string, lines: string[]) => {
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.body).toBe([...lines, ''].join('\r\n'));
  };
  const leftOut = (res: { headers: Record<string, unknown> }) => JSON.parse(decodeURIComponent(String(res.headers['x-left-out']))) as unknown;

  async function seedMonth() {
    const setDetails = (id: number, name: string, email: string, statutory: object) =>
      t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(t.admin.token), payload: { name, email, statutory } });
    const kavya = await t.employee({ name: 'Kavya Nair', email: 'kavya@test.local', salaryPaise: 18_000_00 });
    await setDetails(kavya.id, 'Kavya Nair', 'kavya@test.local', { stateOfWork: 'KA', uan: '100427607286', esiNumber: '3112345678', bankAccount: '001234567890', ifsc: 'SBIN0001234' });
    await seedAttendance(t, kavya.id, '2026-10');
    const meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: 45_000_00 });
    await setDetails(meera.id, 'Meera Iyer', 'meera@test.local', { stateOfWork: 'MH', gender: 'female', uan: '100257274743', bankAccount: '50100012345678', ifsc: 'HDFC0000123' });
    await seedAttendance(t, meera.id, '2026-10', { except: ['2026-10-06', '2026-10-07'] });
    const hostileName = '=HYPERLINK("http://x")';
    const hostile = await t.employee({ name: hostileName, email: 'h@test.local', salaryPaise: 30_000_00 });
    await setDetails(hostile.id, hostileName, 'h@test.local', { stateOfWork: 'KA', uan: '100427601130', bankAccount: '998877665544', ifsc: 'ICIC0000001' });
    await seedAttendance(t, hostile.id, '2026-10');
    const arjun = await t.employee({ name: 'Arjun Das', email: 'arjun@test.local', salaryPaise: 60_000_00, joinedOn: '2026-10-15' });
    await seedAttendance(t, arjun.id, '2026-10');
    return { kavya, meera, hostile, arjun };
  }

  it('gives the four files of an approved month with exactly the approved figures', async () => {
    const { arjun, kavya } = await seedMonth();
    await approveQuietly(t, '2026-10');
    // A raise after approval changes nothing here: the files are the slips as approved, not a recomputation.
    await t.ctx.database.db.updateTable('employees').set({ salary_paise: 20_000_00 }).where('user_id', '=', kavya.id).execute();

    const ecr = await file('2026-10', 'ecr');
    expect(ecr.statusCode).toBe(200);
    expect(ecr.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ecr.headers['cache-control']).toBe('no-store');
    expectDownload(ecr, 'ECR_2026-10.txt', [
      '100427607286#~#Kavya Nair#~#18000#~#9000#~#9000#~#9000#~#1080#~#750#~#330#~#0#~#0',
      // PF wages 20,834 (basic 20,833 and the 1 rupee of allowances above half the pay), under the ₹25,000 ceiling.
      '100257274743#~#Meera Iyer#~#41667#~#20834#~#20834#~#20834#~#2500#~#1735#~#765#~#2#~#0',
      '100427601130#~#HYPERLINK http x#~#30000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0',
    ]);
    expect(leftOut(ecr)).toEqual([{ employeeId: arjun.employeeId, reason: 'no UAN' }]);

    const esi = await file('2026-10', 'esi');
    expect(esi.statusCode).toBe(200);
    expect(esi.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(esi.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ESI_COLUMNS]);
    // Only Kavya is covered (₹18,000 ≤ ₹21,000): all 31 days of October paid.
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['3112345678', 'Kavya Nair', 31, 18_000]);
    expect(leftOut(esi)).toEqual([]);

    const pt = await file('2026-10', 'pt');
    expect(pt.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pt.body).toBe(
      '\uFEFF' +
        [
          'State Code,State,Salary Slab,PT per Employee,Employees,PT Deducted',
          'KA,Karnataka,"Monthly salary up to ₹24,999.99",0,1,0',
          'KA,Karnataka,"Monthly salary ₹25,000 and above",200,2,400',
          'KA,Karnataka,All slabs,,3,400',
          'MH,Maharashtra,"Monthly salary ₹25,000.01 and above",200,1,200',
          'MH,Maharashtra,All slabs,,1,200',
          'All,All states,,,4,600',
          '',
        ].join('\r\n'),
    );

    expect((await t.app.inject({ method: 'POST', url: '/api/salary/payments/2026-10/batches', headers: auth(t.admin.token) })).statusCode).toBe(201);
    const bank = await file('2026-10', 'bank');
    expectDownload(bank, 'bank-transfer_2026-10.csv', [
      'Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Narration',
      '001234567890,SBIN0001234,16785.00,Kavya Nair,Salary Oct 2026',
      '50100012345678,HDFC0000123,38967.00,Meera Iyer,Salary Oct 2026',
      // The name is kept, but a spreadsheet shows it as text: it never runs as a formula.
      '998877665544,ICIC0000001,28000.00,HYPERLINK http x,Salary Oct 2026',
    ]);
    expect(leftOut(bank)).toEqual([{ employeeId: arjun.employeeId, reason: 'no bank account and IFSC' }]);
    // Full account numbers left the building: who, when, how many and how much is on record.
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'payroll.bank-file').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: t.admin.id, entity: 'payment_batch' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({
      month: '2026-10',
      batch: 1,
      kind: 'salary',
      sha256: createHash('sha256').update(bank.body, 'utf8').digest('hex'),
      records: 3,
      total: 16_785 + 38_967 + 28_000,
      leftOut: [arjun.employeeId],
    });
    // The bank file is the month's payment batch: downloading it again gives the same bytes, audited again.
    const again = await file('2026-10', 'bank');
    expect(again.rawPayload.equals(bank.rawPayload)).toBe(true);
    expect(await t.ctx.database.db.selectFrom('audit_log').select('id').where('action', '=', 'payroll.bank-file').execute()).toHaveLength(2);

    // The filing files name people by UAN and IP number: each download is on record with its hash.
    const filings = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'payroll.filing-file').orderBy('id').execute();
    expect(filings.map((a) => [a.actor_id, a.entity, a.entity_id, JSON.parse(a.after_json!).kind])).toEqual([
      [t.admin.id, 'payroll_month', '2026-10', 'ecr'],
      [t.admin.id, 'payroll_month', '2026-10', 'esi'],
      [t.admin.id, 'payroll_month', '2026-10', 'pt'],
    ]);
    expect(JSON.parse(filings[0]!.after_json!)).toEqual({ kind: 'ecr', sha256: createHash('sha256').update(ecr.body, 'utf8').digest('hex'), records: 3, leftOut: 1 });
  });

  it('refuses a month not approved with a 409 {msg}, a bad kind with 400, and employees with 403', async () => {
    const { kavya } = await seedMonth();
    for (const kind of ['ecr', 'esi', 'pt', 'bank']) {
      const res = await file('2026-10', kind);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: expect.stringMatching(/^October 2026 is not approved yet/) });
    }
    expect((await file('2026-10', 'pdf')).json()).toEqual({ msg: 'params kind must be one of ecr, esi, pt, bank, ecr-arrears' });
    expect((await file('2026-13', 'ecr')).statusCode).toBe(400);
    await approveQuietly(t, '2026-10');
    for (const kind of ['ecr', 'esi', 'pt', 'bank']) expect((await file('2026-10', kind, kavya.token)).statusCode).toBe(403);
    expect(await t.ctx.database.db.selectFrom('audit_log').select('id').where('action', 'in', ['payroll.bank-file', 'payroll.filing-file']).execute()).toEqual([]);
  });
});
