/**
 * Opening leave balances and adjustments: imported from CSV or .xlsx (dry run, all or nothing,
 * hostile files), entered by hand, adjusted with a reason, audited, shown in the history, and
 * counted by the balance from the go-live date on.
 */
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { fileUpload, XLSX_TYPE } from '../../test/multipart';

const NOW = new Date('2026-11-26T06:00:00Z');

describe.each(engines)('opening balances and adjustments on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let ravi: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', joinedOn: '2022-03-01' });
    ravi = await t.employee({ name: 'Ravi Kumar', joinedOn: '2024-06-10' });
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const upload = (content: string | Buffer, query = '', filename = 'balances.csv', contentType = 'text/csv') =>
    t.app.inject(fileUpload(`/api/leave-balances/import${query}`, t.admin.token, { filename, content, contentType }));
  const goLive = (goLiveDate: string | null) =>
    t.app.inject({ method: 'PUT', url: '/api/company/go-live', headers: admin(), payload: { goLiveDate, payBasis: 'attendance', inviteOnImport: 'now' } });
  const balance = async (employeeId: string, type: string) => {
    const res = await t.app.inject({ url: `/api/leave-balances?employeeId=${employeeId}`, headers: admin() });
    return (res.json() as { balances: { leaveType: string; carriedForward: number; accrued: number; adjusted: number; available: number }[] }[])[0]!.balances.find((b) => b.leaveType === type)!;
  };
  const openingCount = async () => Number((await t.ctx.database.db.selectFrom('leave_adjustments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('stops inventing history at go-live: a 2022 joiner carries nothing in, and the opening balance is what they have', async () => {
    // Before go-live is set, Earned (monthly, cap 30) walks back to 2022 and invents carried days.
    expect((await balance(asha.employeeId, 'Earned')).carriedForward).toBeGreaterThan(0);
    expect((await goLive('2026-11-26')).statusCode).toBe(200);
    expect(await balance(asha.employeeId, 'Earned')).toMatchObject({ carriedForward: 0, accrued: 0, adjusted: 0, available: 0 });

    const csv = `employeeId,leaveType,days,asOf\n${asha.employeeId},EL,14.5,\n${asha.employeeId},cl,3,26/11/2026\n${ravi.employeeId},Sick,"2,5",2026-11-26\n`;
    const dry = await upload(csv, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, counts: { added: 3, updated: 0, unchanged: 0, failed: 0 } });
    expect(dry.json().reportId).toBeUndefined();
    expect(await openingCount()).toBe(0);

    const res = await upload(csv);
    expect(res.json()).toMatchObject({ dryRun: false, counts: { added: 3, failed: 0 }, errors: [] });
    expect(await balance(asha.employeeId, 'Earned')).toMatchObject({ adjusted: 14.5, available: 14.5 });
    expect(await balance(ravi.employeeId, 'Sick')).toMatchObject({ adjusted: 2.5 });

    // The same file again changes nothing; another figure replaces the opening balance.
    expect((await upload(csv)).json().counts).toEqual({ added: 0, updated: 0, unchanged: 3, failed: 0 });
    const changed = await upload(`employeeId,leaveType,days\n${asha.employeeId},EL,10\n`);
    expect(changed.json().counts).toMatchObject({ updated: 1 });
    expect(await balance(asha.employeeId, 'Earned')).toMatchObject({ adjusted: 10, available: 10 });

    // The kept report lists the import; its audit entries say before and after.
    const reports = (await t.app.inject({ url: '/api/company/imports?kind=leave-balances', headers: admin() })).json();
    expect(reports).toHaveLength(3);
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'leave-balance.opening').where('before_json', 'is not', null).execute();
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ days: 14.5 });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ days: 10 });
  });

  it('reports each bad row by what is wrong, and writes nothing when all or nothing is asked', async () => {
    await goLive('2026-11-26');
    const csv = [
      'employeeId,leaveType,days,asOf',
      `${asha.employeeId},CL,4,`,
      'NOBODY1,CL,4,',
      `${ravi.employeeId},XX,4,`,
      `${ravi.employeeId},CL,4.25,`,
      `${ravi.employeeId},SL,3,12/31/2026`,
      `${asha.employeeId},CL,5,`,
    ].join('\n');
    const res = await upload(csv, '?atomic=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().counts.failed).toBe(5);
    expect(res.json().msg).toMatch(/Nothing was imported/);
    expect(res.json().errors).toEqual([
      'Row 3: no employee has the employeeId NOBODY1',
      'Row 4: no leave type "XX" (use its code, such as CL, or its name)',
      'Row 5: days: "4.25" is not a whole or half number of days',
      expect.stringMatching(/^Row 6: asOf: "12\/31\/2026" reads month first/),
      'Row 7: repeats row 2 (one opening balance per person and leave type)',
    ]);
    expect(await openingCount()).toBe(0);
    // The failed rows come back as a file with an error column, ready to fix.
    const failed = await t.app.inject({ url: `/api/company/imports/${res.json().reportId}/failed`, headers: admin() });
    expect(failed.body).toContain('employeeId,leaveType,days,asOf,error');
    expect(failed.body).toContain('NOBODY1,CL,4,,no employee has the employeeId NOBODY1');
    // Without atomic, the good row goes in.
    expect((await upload(csv)).json().counts).toMatchObject({ added: 1, failed: 5 });
  });

  it('asks for asOf until the go-live date is set', async () => {
    const res = await upload(`employeeId,leaveType,days\n${asha.employeeId},CL,4\n`);
    expect(res.json().errors).toEqual(['Row 2: asOf is required until the go-live date is set (Company settings)']);
    const byHand = await t.app.inject({ method: 'PUT', url: '/api/leave-balances/opening', headers: admin(), payload: { employeeId: asha.employeeId, leaveType: 'CL', days: 4 } });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().msg).toMatch(/asOf is required/);
  });

  it('reads hostile files: a BOM and semicolons, an instructions sheet first, formulas, merged cells and date serials in .xlsx', async () => {
    await goLive('2026-11-26');
    const semicolon = await upload(`\uFEFFemployeeId;leaveType;days;asOf\r\n${asha.employeeId};CL;3,5;26-Nov-2026\r\n`);
    expect(semicolon.json()).toMatchObject({ counts: { added: 1, failed: 0 } });
    expect(await balance(asha.employeeId, 'Casual')).toMatchObject({ adjusted: 3.5 });

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Read me').addRow(['Fill the Balances sheet: one row per person and leave type']);
    const sheet = wb.addWorksheet('Balances');
    sheet.addRow(['employeeId', 'leaveType', 'days', 'asOf']);
    sheet.addRow([ravi.employeeId, 'EL', 6, 46352]); // 46352 is 26 Nov 2026 as an Excel serial
    sheet.addRow([ravi.employeeId, 'SL', { formula: '1+1', result: 2 }, '']);
    sheet.addRow([asha.employeeId, 'SL', 2, new Date(Date.UTC(2026, 10, 26))]);
    sheet.addRow([asha.employeeId, 'EL', '', '']);
    sheet.mergeCells('C5:D5');
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(xlsx, '', 'balances.xlsx', XLSX_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ added: 2, failed: 2 });
    expect(res.json().errors).toEqual(['Row 3: cell C3 holds a formula: save the sheet with values only', 'Row 5: days is required']);
    expect(await balance(ravi.employeeId, 'Earned')).toMatchObject({ adjusted: 6 });

    // A workbook without the columns on any sheet says which are missing; a file that is neither is refused.
    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('Staff').addRow(['name', 'email']);
    const refused = await upload(Buffer.from(await wrong.xlsx.writeBuffer()), '', 'staff.xlsx', XLSX_TYPE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/missing the columns: employeeId, leaveType, days/);
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), '', 'broken.xlsx', XLSX_TYPE);
    expect(binary.statusCode).toBe(400);
  });

  it('adjusts a balance by hand with a reason, audited and listed in the history; an opening balance is editable', async () => {
    await goLive('2026-11-26');
    const setOpening = (days: number) => t.app.inject({ method: 'PUT', url: '/api/leave-balances/opening', headers: admin(), payload: { employeeId: asha.employeeId, leaveType: 'EL', days } });
    expect((await setOpening(12)).json().msg).toBe('Opening balance of Earned for Asha Rao set to 12 days');
    expect((await setOpening(11.5)).statusCode).toBe(200);
    const adjust = (payload: object) => t.app.inject({ method: 'POST', url: '/api/leave-balances/adjustments', headers: admin(), payload });
    expect((await adjust({ employeeId: asha.employeeId, leaveType: 'EL', days: -1.5, reason: 'Leave taken on 20 Nov, before go-live' })).json().msg).toBe('Removed 1.5 days of Earned for Asha Rao');
    expect(await balance(asha.employeeId, 'Earned')).toMatchObject({ adjusted: 10, available: 10 });

    const refused = await adjust({ employeeId: asha.employeeId, leaveType: 'EL', days: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/reason/);
    expect((await adjust({ employeeId: asha.employeeId, leaveType: 'EL', days: 0, reason: 'x' })).json().msg).toMatch(/must not be 0/);
    expect((await adjust({ employeeId: asha.employeeId, leaveType: 'EL', days: 1, reason: 'line\u0007bell' })).statusCode).toBe(400);
    expect((await adjust({ employeeId: 'NOBODY', leaveType: 'EL', days: 1, reason: 'x' })).statusCode).toBe(404);

    const history = (await t.app.inject({ url: `/api/leave-balances/adjustments?employeeId=${asha.employeeId}`, headers: admin() })).json();
    expect(history).toEqual([
      expect.objectContaining({ kind: 'adjustment', days: -1.5, reason: 'Leave taken on 20 Nov, before go-live', by: 'Admin', code: 'EL', asOf: '2026-11-26' }),
      expect.objectContaining({ kind: 'opening', days: 11.5, reason: 'Opening balance', asOf: '2026-11-26' }),
    ]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'after_json']).where('action', '=', 'leave-balance.adjust').execute();
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ days: -1.5, reason: 'Leave taken on 20 Nov, before go-live' });
  });

  it('leaves balances to admins: an employee cannot import, adjust or read the history', async () => {
    const asEmployee = auth(asha.token);
    expect((await t.app.inject(fileUpload('/api/leave-balances/import', asha.token, { filename: 'b.csv', content: 'employeeId,leaveType,days\nX,CL,1\n' }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/leave-balances/adjustments', headers: asEmployee, payload: { employeeId: asha.employeeId, leaveType: 'CL', days: 5, reason: 'me' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/leave-balances/adjustments?employeeId=${ravi.employeeId}`, headers: asEmployee })).statusCode).toBe(403);
  });

  it('gives leave types a unique code, kept when the type is renamed, and a new type gets one from its name', async () => {
    const types = (await t.app.inject({ url: '/api/leave-types', headers: admin() })).json() as { _id: string; name: string; code: string }[];
    const casual = types.find((x) => x.name === 'Casual')!;
    expect(casual.code).toBe('CL');
    const { _id: _ignored, isDefault: _d, ...rest } = casual as unknown as Record<string, unknown>;
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/leave-types/${casual._id}`, headers: admin(), payload: { ...rest, name: 'Casual Leave', code: undefined } });
    expect(renamed.json()).toMatchObject({ name: 'Casual Leave', code: 'CL' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/leave-types',
      headers: admin(),
      payload: { name: 'Paternity Leave', yearlyEntitlement: 5, accrual: 'yearly', proRate: false, carryForwardCap: 0, halfDayAllowed: false, paid: true },
    });
    expect(added.json().code).toBe('PL');
    const clash = await t.app.inject({ method: 'PUT', url: `/api/leave-types/${added.json()._id}`, headers: admin(), payload: { ...(added.json() as object), _id: undefined, isDefault: undefined, code: 'cl' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe('Another leave type has the code CL');
  });
});
