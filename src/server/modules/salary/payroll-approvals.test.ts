/**
 * Register → approve → locked month, through app.inject and a real SMTP peer: approving emails each
 * slip once, an approved month is locked, and a re-run with a reason emails only the slips that changed.
 * Also the lookup other modules build on (the filing files need an approved month).
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { HttpError } from '../../errors';
import { createMailer, type Mailer } from '../../mail/mailer';
import { startTestSmtp, type TestSmtp } from '../../mail/smtp-test-server';
import { recordExit } from '../../test/leavers';
import { pdfText } from '../../test/pdf-text';
import { OVERRIDE_BLOCKING, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';
import { approvedSlips, findApprovedMonth, requireApprovedMonth } from './payroll-approvals';

describe.each(engines)('approving a payroll month on %s', (engine) => {
  let t: TestApp;
  let peer: TestSmtp;
  let mailer: Mailer;
  let people: TestEmployee[];

  beforeEach(async () => {
    peer = await startTestSmtp();
    mailer = createMailer({ smtpUrl: peer.url, from: 'Payroll <payroll@test.local>', outboxDir: path.join(os.tmpdir(), 'unused-outbox'), retries: 0 });
    t = await createTestApp(engine, { overrides: { mailer, now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme' } });
    people = [];
    for (let i = 0; i < 3; i++) {
      const e = await t.employee({ name: `Person ${i}`, email: `person${i}@test.local`, salaryPaise: (30_000 + i * 10_000) * 100, joinedOn: '2025-04-01' });
      await seedAttendance(t, e.id, '2026-10');
      people.push(e);
    }
  });
  afterEach(async () => {
    await t.close();
    mailer.close();
    await peer.close();
  });

  const post = (url: string, payload?: object, token = t.admin.token) => t.app.inject({ method: 'POST', url, headers: auth(token), ...(payload ? { payload } : {}) });
  const approve = (month = '2026-10', token?: string) => post(`/api/salary/register/${month}/approve`, OVERRIDE_BLOCKING, token);
  const rerun = (payload: object, month = '2026-10') => post(`/api/salary/register/${month}/rerun`, payload);
  const untilDone = (runId: string) =>
    eventually(async () => (await t.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: auth(t.admin.token) })).json().status === 'done', 15_000, 'the run to finish');
  const recipients = () => peer.received.map((m) => m.to[0]).sort();
  const audits = (action: string) => t.ctx.database.db.selectFrom('audit_log').select(['entity_id', 'before_json', 'after_json']).where('action', '=', action).execute();

  it('approves once: stores every slip, audits it, and emails each slip exactly once', async () => {
    const res = await approve();
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ msg: 'October 2026 approved and locked: 3 salary slips to email', runId: expect.any(String), version: 1, changed: 3, unchanged: 0 });
    await untilDone(body.runId);
    expect(recipients()).toEqual(people.map((p) => p.email).sort());

    const stored = await approvedSlips(t.ctx.database.db, '2026-10');
    expect(stored.map((s) => [s.employeeId, s.changedVersion])).toEqual(people.map((p) => [p.employeeId, 1]));
    // Person 0: ₹30,000 full month, Karnataka (the default), new regime: PF 1,800 on the ₹15,000 ceiling, PT 200, TDS nil.
    expect(stored[0]).toMatchObject({ grossPaise: 30_000_00, pfPaise: 1_800_00, ptPaise: 200_00, tdsPaise: 0, netPaise: 28_000_00 });
    expect((await audits('payroll.approve')).map((a) => [a.entity_id, JSON.parse(a.after_json!)])).toEqual([['2026-10', expect.objectContaining({ version: 1, employees: 3, runId: Number(body.runId) })]]);

    const state = await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10/approval', headers: auth(t.admin.token) });
    expect(state.json()).toEqual({ month: '2026-10', approved: true, approvedAt: TEST_NOW.toISOString(), approvedBy: expect.any(String), reruns: 0, lastRerun: null, runId: body.runId, slipRelease: 'approval', releasedAt: null });
  });

  it('refuses a second approval, and a run by month, once the month is approved (409 {msg})', async () => {
    await untilDone((await approve()).json().runId);
    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/^October 2026 is approved and locked \(approved on 2026-11-15 by .+\); its slips have been sent\. To send changed slips, re-run it with a reason/);
    const byName = await post('/api/salary/email-all', { month: 'October', year: 2026 });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().msg).toMatch(/^October 2026 is approved and locked/);
    expect(peer.received).toHaveLength(3);
  });

  it('refuses a re-run without a reason (400) or of a month not approved (409)', async () => {
    for (const payload of [{}, { reason: '' }, { reason: '  x ' }, { reason: 'y'.repeat(501) }]) {
      const res = await rerun(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/reason/);
    }
    const notApproved = await rerun({ reason: 'Arrears for Person 1' });
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().msg).toMatch(/^October 2026 is not approved yet/);
    expect(await findApprovedMonth(t.ctx.database.db, '2026-10')).toBeUndefined();
  });

  it("re-runs with a reason: emails only the slip that changed, stores it and audits the reason", async () => {
    await untilDone((await approve()).json().runId);
    expect(peer.received).toHaveLength(3);

    const nothing = await rerun({ reason: 'Checking nothing moved' });
    expect(nothing.statusCode).toBe(202);
    expect(nothing.json()).toEqual({ msg: 'October 2026 re-run: no salary slip changed, so none is emailed', runId: null, version: 2, changed: 0, unchanged: 3 });

    // A day's attendance found wrong after approval: Person 1 was absent on 5 October.
    const changedPerson = people[1]!;
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', changedPerson.id).where('date', '=', '2026-10-05').execute();
    const res = await rerun({ reason: '  Absence on 5 October found after approval  ' });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ msg: 'October 2026 re-run: 1 salary slip changed and will be emailed; 2 unchanged slips not sent again', runId: expect.any(String), version: 3, changed: 1, unchanged: 2 });
    await untilDone(body.runId);
    expect(peer.received).toHaveLength(4);
    expect(peer.received[3]!.to).toEqual([changedPerson.email]);

    const stored = await approvedSlips(t.ctx.database.db, '2026-10');
    expect(stored.map((s) => s.changedVersion)).toEqual([1, 3, 1]);
    // ₹40,000 less one of 27 working days: 38,519 (rounded to the rupee).
    expect(stored[1]!.grossPaise).toBe(38_519_00);
    const reruns = await audits('payroll.rerun');
    expect(reruns.map((a) => JSON.parse(a.after_json!))).toEqual([
      expect.objectContaining({ version: 2, reason: 'Checking nothing moved', changed: 0, runId: null }),
      expect.objectContaining({ version: 3, reason: 'Absence on 5 October found after approval', changed: 1, changedEmployees: [changedPerson.employeeId] }),
    ]);
    const state = (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10/approval', headers: auth(t.admin.token) })).json();
    expect(state).toMatchObject({ approved: true, reruns: 2, lastRerun: { reason: 'Absence on 5 October found after approval' }, runId: body.runId });
  });

  it('withdraws on a re-run the approved slip of someone no longer paid that month, so the register follows', async () => {
    await untilDone((await approve()).json().runId);
    const gone = people[2]!;
    // Paid in an approved month: Delete refuses, naming the person, and so does an exit before that
    // month (it would leave the month paying a leaver). Here the joining date was wrong: they start in November.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/employee/${gone.id}`, headers: auth(t.admin.token) });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().msg).toContain('Person 2');
    await expect(recordExit(t, gone, '2026-09-30')).rejects.toThrow('409');
    const joined = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${gone.id}`, headers: auth(t.admin.token), payload: { name: 'Person 2', email: gone.email, joiningDate: '2026-11-02' } });
    expect(joined.statusCode).toBe(200);
    const res = await rerun({ reason: 'Person 2 was not employed in October' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      msg: 'October 2026 re-run: no salary slip changed, so none is emailed; 1 slip withdrawn (no longer paid this month)',
      runId: null,
      version: 2,
      changed: 0,
      unchanged: 2,
    });
    expect((await approvedSlips(t.ctx.database.db, '2026-10')).map((s) => s.employeeId)).toEqual([people[0]!.employeeId, people[1]!.employeeId]);
    const register = (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json();
    expect(register.rows.map((r: { employeeId: string }) => r.employeeId)).not.toContain(gone.employeeId);
    const [audit] = await audits('payroll.rerun');
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ withdrawnEmployees: [gone.employeeId] });
    expect(peer.received).toHaveLength(3);
  });

  it('shows an approved month as approved: a later salary change never re-prices it, not even at a re-run', async () => {
    const register = async () => (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json();
    const registerSheet = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10?format=xlsx', headers: auth(t.admin.token) });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.getWorksheet('Register')!;
    };
    const preview = await register();
    expect(preview.source).toBe('preview');
    expect(String((await registerSheet()).getCell('A1').value)).toBe("Acme: payroll register for October 2026, preview computed from today\u2019s data");
    await untilDone((await approve()).json().runId);

    const changedPerson = people[1]!;
    const edit = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${changedPerson.id}`, headers: auth(t.admin.token), payload: { name: 'Person 1', email: changedPerson.email, position: 'Engineer', salary: 45_000 } });
    expect(edit.statusCode).toBe(200);
    // Person 1 was approved at ₹40,000: the register still says so, with the same totals as the preview.
    const approved = await register();
    // The same rows and totals; the blocking warnings now carry their override. The raise is from November on, so live data does not differ.
    const overridden = (w: { kind: string; blocking: boolean }) =>
      w.blocking ? { ...w, overridden: { reason: OVERRIDE_BLOCKING.overrides.find((o) => o.kind === w.kind)!.reason, leftOut: expect.any(String) } } : w;
    expect(approved).toEqual({ ...preview, source: 'approved', warnings: preview.warnings.map(overridden) });
    expect(approved.rows[1]).toMatchObject({ employeeId: changedPerson.employeeId, monthlyGross: 40_000, earnedGross: 40_000 });
    const sheet = await registerSheet();
    expect(String(sheet.getCell('A1').value)).toBe('Acme: payroll register for October 2026, as approved');
    expect(sheet.getRow(4).getCell(10).value).toBe(40_000);
    // The employee's own download of the locked month is the slip as approved, as the register says.
    const ownSlipText = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/salary/slip/${changedPerson.employeeId}/2026-10?format=pdf`, headers: auth(changedPerson.token) });
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    expect(await ownSlipText()).toContain('₹40,000.00');

    // The raise takes effect from November (the first month not approved): a re-run of October for
    // another reason leaves Person 1 at ₹40,000 and emails nothing.
    const res = await rerun({ reason: 'Backdated sick leave for someone else' });
    expect(res.json()).toMatchObject({ changed: 0, unchanged: 3 });
    const after = await register();
    expect(after).toEqual({ ...preview, source: 'approved', warnings: preview.warnings.map(overridden) });
    expect((await registerSheet()).getRow(4).getCell(10).value).toBe(40_000);
    expect(await ownSlipText()).toContain('₹40,000.00');
  });

  it('refuses the current month (not over) and future months with a clear message, storing nothing', async () => {
    const current = await approve('2026-11');
    expect(current.statusCode).toBe(400);
    expect(current.json().msg).toBe('November 2026 is not over yet: its payroll register can be prepared once the month has ended');
    const byName = await post('/api/salary/email-all', { month: 'November', year: 2026 });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().msg).toMatch(/^November 2026 is not over yet/);
    expect((await approve('2027-01')).statusCode).toBe(400);
    expect(await t.ctx.database.db.selectFrom('payroll_approvals').selectAll().execute()).toEqual([]);
    expect(peer.received).toHaveLength(0);
  });

  it('is for admins only (403 for an employee)', async () => {
    const e = people[0]!;
    expect((await approve('2026-10', e.token)).statusCode).toBe(403);
    expect((await post('/api/salary/register/2026-10/rerun', { reason: 'mine' }, e.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10/approval', headers: auth(e.token) })).statusCode).toBe(403);
    expect(await findApprovedMonth(t.ctx.database.db, '2026-10')).toBeUndefined();
  });

  it('lets other modules ask whether a month is approved (requireApprovedMonth: 409 {msg} until it is)', async () => {
    const { db } = t.ctx.database;
    const refused = await requireApprovedMonth(db, '2026-10').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^October 2026 is not approved yet: preview its payroll register and approve it first/) });
    await untilDone((await approve()).json().runId);
    expect(await requireApprovedMonth(db, '2026-10')).toMatchObject({ month: '2026-10', approvedBy: t.admin.id, version: 1, employees: 3, runId: expect.any(Number) });
  });
});
