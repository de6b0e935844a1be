/**
 * Past attendance: the import (CSV and .xlsx, dry run, all or nothing, hostile files, which record
 * wins), one day set by an admin with a reason, and bulk marking. The company's clock is Asia/Kolkata
 * (UTC+5:30), so 09:12 on the sheet is 03:42 UTC in the record.
 */
import ExcelJS from 'exceljs';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { fileUpload, XLSX_TYPE } from '../../test/multipart';

const NOW = new Date('2026-11-26T06:00:00Z');

describe.each(engines)('past attendance on %s', (engine) => {
  let t: TestApp;
  let asha: TestEmployee;
  let ravi: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    asha = await t.employee({ name: 'Asha Rao', joinedOn: '2022-03-01' });
    ravi = await t.employee({ name: 'Ravi Kumar', joinedOn: '2026-10-05' });
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const upload = (content: string | Buffer, query = '', filename = 'october.csv', contentType = 'text/csv') =>
    t.app.inject(fileUpload(`/api/attendance/import${query}`, t.admin.token, { filename, content, contentType }));
  const records = async (date: string) =>
    ((await t.app.inject({ url: `/api/attendance?date=${date}`, headers: admin() })).json() as { employeeId: string; status: string; punchIn: string | null; punchOut: string | null; source: string }[]).sort((a, b) =>
      a.employeeId.localeCompare(b.employeeId),
    );
  const db = () => t.ctx.database.db;
  const count = async (table: 'attendance' | 'leaves') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const setDay = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/attendance/day', headers: admin(), payload });

  it('previews, then imports punches on the company clock, statuses and leave codes; the same file again changes nothing', async () => {
    const csv = [
      'employeeId,date,punchIn,punchOut,status',
      `${asha.employeeId},01/10/2026,09:12,18:05,`,
      `${asha.employeeId},2026-10-03,22:00,06:30,`, // a night shift: out the next morning
      `${asha.employeeId},05-Oct-2026,,,HD`,
      `${asha.employeeId},06/10/2026,,,A`,
      `${asha.employeeId},07/10/2026,,,cl`,
      `${ravi.employeeId},06/10/2026,9:30 AM,6:15 PM,`,
    ].join('\r\n');
    const dry = await upload(csv, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, counts: { added: 6, updated: 0, unchanged: 0, failed: 0 }, errors: [] });
    expect(dry.json().msg).toMatch(/^Dry run, nothing written: 6 days would be added/);
    expect(await count('attendance')).toBe(0);

    const res = await upload(csv);
    expect(res.json()).toMatchObject({ dryRun: false, counts: { added: 6, failed: 0 } });
    expect(res.json().reportId).toEqual(expect.any(String));
    expect(await records('2026-10-01')).toEqual([expect.objectContaining({ status: 'P', punchIn: '2026-10-01T03:42:00.000Z', punchOut: '2026-10-01T12:35:00.000Z', source: 'import' })]);
    expect((await records('2026-10-03'))[0]).toMatchObject({ punchIn: '2026-10-03T16:30:00.000Z', punchOut: '2026-10-04T01:00:00.000Z' });
    expect((await records('2026-10-05'))[0]).toMatchObject({ status: 'H', punchIn: null });
    expect((await records('2026-10-06')).map((r) => [r.employeeId, r.status, r.punchIn])).toEqual([
      [asha.employeeId, 'A', null],
      [ravi.employeeId, 'P', '2026-10-06T04:00:00.000Z'],
    ]);
    // CL on 7 Oct is an approved one-day Casual leave, and the balance counts it.
    const leave = await db().selectFrom('leaves').innerJoin('leave_types', 'leave_types.id', 'leaves.leave_type_id').select(['leaves.status', 'leaves.days', 'leave_types.code']).executeTakeFirstOrThrow();
    expect(leave).toMatchObject({ status: 'approved', code: 'CL' });
    expect(Number(leave.days)).toBe(1);
    const balances = (await t.app.inject({ url: `/api/leave-balances?employeeId=${asha.employeeId}`, headers: admin() })).json()[0].balances;
    expect(balances.find((b: { leaveType: string }) => b.leaveType === 'Casual').taken).toBe(1);

    const again = await upload(csv);
    expect(again.json().counts).toEqual({ added: 0, updated: 0, unchanged: 6, failed: 0 });
    expect(await count('attendance')).toBe(5);
    expect(await count('leaves')).toBe(1);
  });

  it('refuses rows outside the employment, in the future, in an approved month, and malformed ones, each saying why', async () => {
    await db().insertInto('payroll_approvals').values({ month: '2026-09', approved_by: t.admin.id, approved_at: NOW.toISOString(), version: 1, run_id: null, employees: 1, net_paise: 1 }).execute();
    const csv = [
      'employeeId,date,punchIn,punchOut,status',
      `${ravi.employeeId},2026-10-06,09:00,18:00,`,
      `${ravi.employeeId},2026-10-01,09:00,18:00,`,
      `${asha.employeeId},2026-09-15,,,P`,
      `${asha.employeeId},2026-11-27,,,P`,
      `${asha.employeeId},2026-10-08,09:00,18:00,P`,
      `${asha.employeeId},2026-10-09,,,`,
      `${asha.employeeId},2026-10-12,,18:00,`,
      `${asha.employeeId},2026-10-13,25:00,18:00,`,
      `${asha.employeeId},2026-10-14,,,XX`,
      `${asha.employeeId},10/31/2026,,,P`,
      'GHOST1,2026-10-14,,,P',
      `${ravi.employeeId},2026-10-06,,,A`,
    ].join('\n');
    const res = await upload(csv, '?atomic=true');
    expect(res.json().msg).toBe('Nothing was imported: 11 rows have errors (all or nothing)');
    expect(res.json().errors).toEqual([
      `Row 3: 2026-10-01 is before ${ravi.employeeId} joined (2026-10-05)`,
      'Row 4: September 2026 is approved: its payroll is locked',
      'Row 5: 2026-11-27 is in the future',
      'Row 6: give either punchIn and punchOut or a status, not both',
      'Row 7: give punchIn and punchOut (such as 09:12 and 18:05) or a status (P, A, H, HD or a leave code)',
      'Row 8: punchOut needs a punchIn',
      'Row 9: punchIn: "25:00" is not a time of day (write HH:MM, 00:00 to 23:59)',
      'Row 10: status "XX" is not P, A, H, HD or a leave code',
      expect.stringMatching(/^Row 11: date: "10\/31\/2026" reads month first/),
      'Row 12: no employee has the employeeId GHOST1',
      'Row 13: repeats row 2 (one row per person and day)',
    ]);
    expect(await count('attendance')).toBe(0);
    const failed = await t.app.inject({ url: `/api/company/imports/${res.json().reportId}/failed`, headers: admin() });
    expect(failed.body).toContain('employeeId,date,punchIn,punchOut,status,error');
    expect(failed.body).toContain('GHOST1,2026-10-14,,,P,no employee has the employeeId GHOST1');
    // A leaver's days after the last one are refused too.
    await db().insertInto('employee_statutory').values({ user_id: asha.id, left_on: '2026-10-20', pf_on_full_wages: 0, updated_at: NOW.toISOString() }).execute();
    expect((await upload(`employeeId,date,status\n${asha.employeeId},2026-10-21,P\n`)).json().errors).toEqual([`Row 2: 2026-10-21 is after ${asha.employeeId} left (2026-10-20)`]);
  });

  it('keeps what an admin set, replaces what punches made, and punches never change an imported day', async () => {
    // Asha punched on 2 Oct (web); the admin set 5 Oct by hand.
    await db().insertInto('attendance').values({ user_id: asha.id, date: '2026-10-02', status: 'P', punch_in: '2026-10-02T05:00:00.000Z', punch_out: null }).execute();
    expect((await setDay({ employeeId: asha.employeeId, date: '2026-10-05', status: 'P', punchIn: '09:00', punchOut: '17:00', reason: 'Client visit, confirmed by her manager' })).statusCode).toBe(200);
    const res = await upload(`employeeId,date,status\n${asha.employeeId},2026-10-02,A\n${asha.employeeId},2026-10-05,A\n`);
    expect(res.json().rows).toEqual([
      { row: 2, employeeId: asha.employeeId, result: 'updated' },
      { row: 3, employeeId: asha.employeeId, result: 'unchanged', error: 'set by an admin: an import does not change it' },
    ]);
    expect((await records('2026-10-02'))[0]).toMatchObject({ status: 'A', source: 'import' });
    expect((await records('2026-10-05'))[0]).toMatchObject({ status: 'P', source: 'admin', punchIn: '2026-10-05T03:30:00.000Z' });

    // Today imported with a punch-in only: the employee's punch-out leaves it as it is.
    await upload(`employeeId,date,punchIn\n${asha.employeeId},2026-11-26,09:00\n`);
    const out = await t.app.inject({ method: 'POST', url: '/api/attendance/punch-out', headers: auth(asha.token) });
    expect(out.statusCode).toBe(409);
    expect((await records('2026-11-26'))[0]).toMatchObject({ punchOut: null, source: 'import' });
  });

  it('reads hostile files: BOM and semicolons, an instructions sheet, formulas, merged cells, date serials and time cells', async () => {
    const semicolon = await upload(`\uFEFFemployeeId;date;status\r\n${asha.employeeId};15.10.2026;P\r\n`);
    expect(semicolon.json().counts).toMatchObject({ added: 1, failed: 0 });

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('How to fill').addRow(['One row per person and day']);
    const sheet = wb.addWorksheet('October');
    sheet.addRow(['employeeId', 'date', 'punchIn', 'punchOut', 'status']);
    // A real date cell, an Excel time cell (a fraction of a day on Excel's day 0).
    sheet.addRow([asha.employeeId, new Date(Date.UTC(2026, 9, 16)), new Date(Date.UTC(1899, 11, 30, 9, 15)), new Date(Date.UTC(1899, 11, 30, 18, 0)), null]);
    sheet.addRow([asha.employeeId, 46314, null, null, 'P']); // 46314 = 19 Oct 2026 as a serial saved as General
    sheet.addRow([asha.employeeId, '20/10/2026', { formula: 'TIME(9,0,0)', result: 0.375 }, '18:00', null]);
    sheet.addRow([asha.employeeId, '21/10/2026', null, null, 'P']);
    sheet.mergeCells('D5:E5');
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()), '', 'october.xlsx', XLSX_TYPE);
    expect(res.statusCode).toBe(200);
    // The merged D5:E5 keeps its value in D5 only (empty here), so row 5's status reads as empty.
    expect(res.json().errors).toEqual([
      'Row 4: cell C4 holds a formula: save the sheet with values only',
      'Row 5: give punchIn and punchOut (such as 09:12 and 18:05) or a status (P, A, H, HD or a leave code)',
    ]);
    expect(res.json().counts).toMatchObject({ added: 2, failed: 2 });
    expect((await records('2026-10-16'))[0]).toMatchObject({ punchIn: '2026-10-16T03:45:00.000Z', punchOut: '2026-10-16T12:30:00.000Z' });
    expect((await records('2026-10-19'))[0]).toMatchObject({ status: 'P' });

    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('Staff').addRow(['name', 'email']);
    const refused = await upload(Buffer.from(await wrong.xlsx.writeBuffer()), '', 'staff.xlsx', XLSX_TYPE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The CSV file is missing the columns: employeeId, date');

    const huge = await upload(Buffer.alloc(50 * 1024 * 1024, 'a'), '', 'huge.csv');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('The file is larger than the 32 MB limit');
  });

  it("sets one person's day with a reason, audited, and refuses a locked month, a leave day and a missing reason", async () => {
    const res = await setDay({ employeeId: asha.employeeId.toLowerCase(), date: '2026-10-10', status: 'P', punchIn: '21:00', punchOut: '05:00', reason: 'Night audit' });
    expect(res.json().msg).toBe("Asha Rao's day on 2026-10-10 is set");
    expect((await records('2026-10-10'))[0]).toMatchObject({ punchIn: '2026-10-10T15:30:00.000Z', punchOut: '2026-10-10T23:30:00.000Z', source: 'admin' });
    const changed = await setDay({ employeeId: asha.employeeId, date: '2026-10-10', status: 'A', reason: 'Was not in after all' });
    expect(changed.statusCode).toBe(200);
    const audit = await db().selectFrom('audit_log').select(['before_json', 'after_json']).where('action', '=', 'attendance.admin-set').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ status: 'P', source: 'admin' });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: 'A', reason: 'Was not in after all' });

    expect((await setDay({ employeeId: asha.employeeId, date: '2026-10-10', status: 'P' })).json().msg).toMatch(/reason/);
    expect((await setDay({ employeeId: asha.employeeId, date: '2026-10-10', status: 'A', punchIn: '09:00', reason: 'x' })).json().msg).toMatch(/absent day has no punches/);
    expect((await setDay({ employeeId: asha.employeeId, date: '2026-10-10', status: 'P', punchIn: '9am', reason: 'x' })).statusCode).toBe(400);
    expect((await setDay({ employeeId: 'NOBODY', date: '2026-10-10', status: 'P', reason: 'x' })).statusCode).toBe(404);
    expect((await setDay({ employeeId: ravi.employeeId, date: '2026-10-01', status: 'P', reason: 'x' })).json().msg).toMatch(/before .* joined/);
    await db().insertInto('payroll_approvals').values({ month: '2026-09', approved_by: t.admin.id, approved_at: NOW.toISOString(), version: 1, run_id: null, employees: 1, net_paise: 1 }).execute();
    const locked = await setDay({ employeeId: asha.employeeId, date: '2026-09-10', status: 'P', reason: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe('Asha Rao: September 2026 is approved: its payroll is locked');
    await upload(`employeeId,date,status\n${asha.employeeId},2026-10-14,SL\n`);
    expect((await setDay({ employeeId: asha.employeeId, date: '2026-10-14', status: 'P', reason: 'x' })).statusCode).toBe(409);
  });

  it('marks a team present over a range, leaving Sundays, holidays, leave and days before joining alone', async () => {
    await t.app.inject({ method: 'POST', url: '/api/holidays', headers: admin(), payload: { date: '2026-10-02', name: 'Gandhi Jayanti' } });
    await upload(`employeeId,date,status\n${asha.employeeId},2026-10-06,CL\n${asha.employeeId},2026-10-07,A\n`);
    // 1 to 7 Oct 2026: Thu 1, Fri 2 (holiday), Sat 3, Sun 4 (weekly off), Mon 5, Tue 6, Wed 7.
    const payload = { employeeIds: [asha.employeeId, ravi.employeeId], from: '2026-10-01', to: '2026-10-07', status: 'P', reason: 'Office records for October' };
    const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const auditBefore = await auditCount();
    const preview = await t.app.inject({ method: 'POST', url: '/api/attendance/bulk?dryRun=true', headers: admin(), payload });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, set: 7, replaced: 1, skippedCount: 7, msg: 'Dry run, nothing written: 7 days would be marked present (1 replacing a record); 7 left as they were' });
    // The preview wrote nothing: the day Asha was absent on is still absent, as imported, and nothing was audited.
    // The same reading as the imports: counts, a row per person-day (day by day, person by person), errors.
    expect(preview.json().counts).toEqual({ added: 6, updated: 1, unchanged: 0, failed: 7 });
    expect(preview.json().rows).toHaveLength(14);
    expect(preview.json().rows[0]).toEqual({ row: 1, employeeId: asha.employeeId, date: '2026-10-01', result: 'added' });
    expect(preview.json().rows).toContainEqual({ row: 13, employeeId: asha.employeeId, date: '2026-10-07', result: 'updated' });
    expect(preview.json().errors).toContain(`Row 3: ${asha.employeeId} on 2026-10-02: a holiday`);
    expect(preview.json().errors).toHaveLength(7);
    expect((await records('2026-10-07')).map((r) => [r.status, r.source])).toEqual([['A', 'import']]);
    expect(await auditCount()).toBe(auditBefore);
    const res = await t.app.inject({ method: 'POST', url: '/api/attendance/bulk', headers: admin(), payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, replaced: 1 });
    // Asha: 1, 3, 5, 7 (6 is leave); Ravi joined on the 5th: 5, 6, 7.
    expect(res.json()).toMatchObject({ set: 7, skippedCount: 7, msg: 'Marked 7 days present; 7 left as they were' });
    expect(res.json().skipped).toEqual(expect.arrayContaining([
      { employeeId: asha.employeeId, date: '2026-10-02', reason: 'a holiday' },
      { employeeId: asha.employeeId, date: '2026-10-04', reason: 'a weekly off' },
      { employeeId: asha.employeeId, date: '2026-10-06', reason: 'approved leave' },
      { employeeId: ravi.employeeId, date: '2026-10-01', reason: `2026-10-01 is before ${ravi.employeeId} joined (2026-10-05)` },
    ]));
    expect((await records('2026-10-07')).map((r) => [r.status, r.source])).toEqual([['P', 'admin'], ['P', 'admin']]);
    // Marking the same again changes nothing new: every marked day reads unchanged.
    const again = await t.app.inject({ method: 'POST', url: '/api/attendance/bulk?dryRun=true', headers: admin(), payload });
    expect(again.json().counts).toEqual({ added: 0, updated: 0, unchanged: 7, failed: 7 });
    const audit = await db().selectFrom('audit_log').select('after_json').where('action', '=', 'attendance.bulk-mark').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ from: '2026-10-01', to: '2026-10-07', status: 'P', reason: 'Office records for October', set: 7, replaced: 1 });

    const bad = await t.app.inject({ method: 'POST', url: '/api/attendance/bulk', headers: admin(), payload: { employeeIds: ['GHOST1'], from: '2026-10-01', to: '2026-11-15', status: 'P', reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/at most 31 days/);
    const ghost = await t.app.inject({ method: 'POST', url: '/api/attendance/bulk', headers: admin(), payload: { employeeIds: ['GHOST1'], from: '2026-10-01', to: '2026-10-02', status: 'P', reason: 'x' } });
    expect(ghost.json().msg).toBe('No employee has the employeeId ghost1');
  });

  it('leaves past days to admins', async () => {
    const me = auth(asha.token);
    expect((await t.app.inject(fileUpload('/api/attendance/import', asha.token, { filename: 'a.csv', content: `employeeId,date,status\n${asha.employeeId},2026-10-01,P\n` }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/attendance/day', headers: me, payload: { employeeId: asha.employeeId, date: '2026-10-01', status: 'P', reason: 'me' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/attendance/bulk', headers: me, payload: { employeeIds: [ravi.employeeId], from: '2026-10-05', to: '2026-10-05', status: 'A', reason: 'x' } })).statusCode).toBe(403);
  });
});
