/**
 * Approve, pay, then release; bank files that pay once; re-runs people can follow. Through
 * app.inject on a real database: a batch downloaded twice gives the same bytes, a re-run's
 * difference batch holds only the changed people (recoveries listed, not paid), returned payments
 * go in a re-payment batch once the details are fixed, marking paid then releasing sends each slip
 * once, the re-run preview lists exactly what the re-run changes, blocking warnings stop approval,
 * and a revised slip's PDF says so with the UAN and the year to date.
 */
import { createHash } from 'node:crypto';
import { READY_BANK_FORMATS } from '../../../shared/schemas/payroll-payments';
import { pdfText } from '../../test/pdf-text';
import { approveMonth, CUSTOM_BANK_FORMAT, seedAttendance, seedLeave, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('payments and slip release on %s', (engine) => {
  let t: TestApp;
  let people: TestEmployee[];

  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, payload?: object, token = t.admin.token) => t.app.inject({ method: 'POST', url, headers: auth(token), ...(payload ? { payload } : {}) });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth(t.admin.token), payload });
  const untilDone = (runId: string) => eventually(async () => (await get(`/api/salary/runs/${runId}`)).json().status === 'done', 15_000, 'the run to finish');
  const details = (i: number) => ({ stateOfWork: 'KA', pan: `ABCDE123${i}F`, uan: `10012345678${i}`, bankAccount: `5010001234567${i}`, ifsc: 'HDFC0000123' });

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme' } });
    people = [];
    for (let i = 0; i < 3; i++) {
      const e = await t.employee({ name: `Person ${i}`, email: `person${i}@test.local`, salaryPaise: (30_000 + i * 10_000) * 100, joinedOn: '2025-04-01' });
      await put(`/api/employee/edit/${e.id}`, { name: `Person ${i}`, email: `person${i}@test.local`, statutory: details(i) });
      await seedAttendance(t, e.id, '2026-10');
      people.push(e);
    }
  });
  afterEach(() => t.close());

  const approve = async () => {
    const res = await post('/api/salary/register/2026-10/approve');
    expect(res.statusCode).toBe(202);
    return res.json();
  };
  const payments = async () => (await get('/api/salary/payments/2026-10')).json();
  const makeBatch = () => post('/api/salary/payments/2026-10/batches');
  const markPaid = (id: string, bankReference = 'UTR123456') => post(`/api/salary/payments/batches/${id}/paid`, { paidOn: '2026-11-15', bankReference });

  it('refuses approval while a blocking warning is open, and records an override with its reason', async () => {
    const late = await t.employee({ name: 'No Bank', email: 'nobank@test.local', joinedOn: '2025-04-01' });
    await seedAttendance(t, late.id, '2026-10');
    const refused = await post('/api/salary/register/2026-10/approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^October 2026 cannot be approved while blocking warnings are open: .*No bank account: 1 \(EMP0004\); PF deducted without a UAN: 1 \(EMP0004\)/);
    const partly = await post('/api/salary/register/2026-10/approve', { overrides: [{ kind: 'missing-bank', reason: 'Paid by cheque' }] });
    expect(partly.statusCode).toBe(409);
    const ok = await post('/api/salary/register/2026-10/approve', {
      overrides: [
        { kind: 'missing-bank', employeeIds: [late.employeeId], reason: 'Paid by cheque' },
        { kind: 'pf-without-uan', reason: 'UAN being generated' },
      ],
    });
    expect(ok.statusCode).toBe(202);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'payroll.approve').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!).overridden).toEqual(
      expect.arrayContaining([
        { employeeId: late.employeeId, kind: 'missing-bank', reason: 'Paid by cheque' },
        { employeeId: late.employeeId, kind: 'pf-without-uan', reason: 'UAN being generated' },
      ]),
    );
    const register = (await get('/api/salary/register/2026-10')).json();
    expect(register.warnings.filter((w: { overridden: unknown }) => w.overridden)).toEqual([
      expect.objectContaining({ employeeId: late.employeeId, kind: 'missing-bank', overridden: { reason: 'Paid by cheque', leftOut: 'not in the bank file' } }),
      expect.objectContaining({ employeeId: late.employeeId, kind: 'pf-without-uan', overridden: { reason: 'UAN being generated', leftOut: 'not filed in the ECR' } }),
    ]);
    // Left out of the bank file, and said so.
    const batch = (await makeBatch()).json();
    expect(batch.leftOut).toEqual([{ employeeId: late.employeeId, name: 'No Bank', reason: 'no bank account and IFSC' }]);
  });

  it('makes each bank file a batch: the same bytes on every download; a re-run adds a difference batch of only the changed people, recoveries listed, not paid', async () => {
    // Person 1 was absent on the 27th at approval (one day of LOP); Person 2 was there on the 5th and 6th.
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', people[1]!.id).where('date', '=', '2026-10-27').execute();
    await untilDone((await approve()).runId);
    const netOf = async () => new Map(((await get('/api/salary/register/2026-10')).json().rows as { employeeId: string; net: number }[]).map((r) => [r.employeeId, r.net]));
    const approvedNets = await netOf();
    // A read never makes the batch: the bank file is there once the month's first batch is made.
    expect((await get('/api/salary/files/2026-10/bank')).json()).toEqual({ msg: 'No bank file for October 2026 yet: make it first (Payments, "Make the bank file")' });
    expect((await makeBatch()).statusCode).toBe(201);
    const first = await get('/api/salary/files/2026-10/bank');
    expect(first.statusCode).toBe(200);
    const again = await get('/api/salary/files/2026-10/bank');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    let state = await payments();
    expect(state.batches).toHaveLength(1);
    const [b1] = state.batches;
    const total = [...approvedNets.values()].reduce((s, n) => s + n, 0);
    expect(b1).toMatchObject({ seq: 1, kind: 'salary', rows: 3, total, state: 'created', sha256: createHash('sha256').update(first.body, 'utf8').digest('hex') });
    expect(b1.lines[0]).toMatchObject({ employeeId: people[0]!.employeeId, account: 'XXXXXX5670', amount: 28_000, purpose: 'salary' });
    // The batch's own download is byte for byte the same.
    const byId = await get(`/api/salary/payments/batches/${b1._id}/file`);
    expect(byId.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(byId.headers['x-batch-sha256']).toBe(b1.sha256);
    expect(state.owed).toEqual({ people: 0, total: 0 });
    expect((await makeBatch()).statusCode).toBe(409);
    expect((await markPaid(b1._id)).json()).toMatchObject({ state: 'paid', paidOn: '2026-11-15', bankReference: 'UTR123456' });
    expect((await markPaid(b1._id)).statusCode).toBe(409);

    // After approval: Person 1's absence becomes an approved leave (net up); Person 2 loses two days (net down). A re-run.
    await seedLeave(t, people[1]!.id, '2026-10-27', '2026-10-27', 'approved');
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', people[2]!.id).where('date', 'in', ['2026-10-05', '2026-10-06']).execute();
    const rerun = await post('/api/salary/register/2026-10/rerun', { reason: 'Late leave for Person 1 and LOP for Person 2' });
    expect(rerun.statusCode).toBe(202);
    await untilDone(rerun.json().runId);
    const rerunNets = await netOf();
    const up = rerunNets.get(people[1]!.employeeId)! - approvedNets.get(people[1]!.employeeId)!;
    const down = approvedNets.get(people[2]!.employeeId)! - rerunNets.get(people[2]!.employeeId)!;
    expect(up).toBeGreaterThan(0);
    expect(down).toBeGreaterThan(0);
    state = await payments();
    expect(state.owed).toEqual({ people: 1, total: up });
    expect(state.recoveries).toEqual([{ employeeId: people[2]!.employeeId, name: 'Person 2', amount: down }]);
    const diff = await makeBatch();
    expect(diff.statusCode).toBe(201);
    // Only Person 1, and only the extra pay; Person 2's recovery is listed, not paid.
    expect(diff.json()).toMatchObject({ seq: 2, kind: 'difference', rows: 1, total: up, recoveries: [{ employeeId: people[2]!.employeeId, name: 'Person 2', amount: down }] });
    expect(diff.json().lines).toEqual([expect.objectContaining({ employeeId: people[1]!.employeeId, amount: up, purpose: 'difference' })]);
    // The bank file writes names as banks take them (letters and spaces): "Person 1" is "Person".
    const diffFile = (await get(`/api/salary/payments/batches/${diff.json()._id}/file`)).body;
    expect(diffFile.split('\r\n').filter(Boolean)).toEqual(['Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Narration', `50100012345671,HDFC0000123,${up.toFixed(2)},Person,Salary Oct 2026`]);
    // The spec's bank file download now gives the latest batch.
    expect((await get('/api/salary/files/2026-10/bank')).body).toBe(diffFile);
  });

  it('marks returned payments on a paid batch and re-pays them in a re-payment batch once the details are fixed and the month re-run', async () => {
    await approve();
    const b1 = (await makeBatch()).json();
    expect((await post(`/api/salary/payments/batches/${b1._id}/paid`, { paidOn: '2026-11-14', bankReference: 'X1' })).json()).toEqual({ msg: 'paidOn 2026-11-14 is before the batch was made (2026-11-15)' });
    expect((await post(`/api/salary/payments/batches/${b1._id}/returned`, { employeeIds: [people[0]!.employeeId], reason: 'Account closed' })).statusCode).toBe(409);
    await markPaid(b1._id);
    const returned = await post(`/api/salary/payments/batches/${b1._id}/returned`, { employeeIds: [people[0]!.employeeId.toLowerCase()], reason: 'Account closed' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().returned).toBe(1);
    // Same details: not paid again to the same account.
    let state = await payments();
    expect(state.owed).toEqual({ people: 0, total: 0 });
    expect((await makeBatch()).json().msg).toMatch(/returned by the bank: fix the bank details and re-run the month/);
    // A new account reaches the files only through a re-run; the register says it changed meanwhile.
    await put(`/api/employee/edit/${people[0]!.id}`, { name: 'Person 0', email: 'person0@test.local', statutory: { ...details(0), bankAccount: '999988887777' } });
    const register = (await get('/api/salary/register/2026-10')).json();
    expect(register.warnings).toContainEqual(expect.objectContaining({ employeeId: people[0]!.employeeId, kind: 'changed-since-approval', text: 'Person 0: bank account changed since approval; the files keep the approved details until a re-run' }));
    expect((await post('/api/salary/register/2026-10/rerun', { reason: 'New bank account for Person 0' })).statusCode).toBe(202);
    state = await payments();
    expect(state.owed).toEqual({ people: 1, total: 28_000 });
    const repay = (await makeBatch()).json();
    expect(repay).toMatchObject({ seq: 2, kind: 'repayment', rows: 1, total: 28_000 });
    expect(repay.lines).toEqual([expect.objectContaining({ employeeId: people[0]!.employeeId, account: 'XXXXXX7777', purpose: 'repayment' })]);
  });

  it('holds slips until paid and released where the setting says so; the release sends each slip once', async () => {
    expect((await put('/api/salary/settings', { slipRelease: 'release' })).statusCode).toBe(200);
    const approved = await approve();
    expect(approved).toMatchObject({ runId: null, changed: 3 });
    expect(approved.msg).toMatch(/held until you release them/);
    expect(t.mailer.sent).toHaveLength(0);
    // Employees see nothing yet: 409 saying why.
    const own = await get(`/api/salary/slip/${people[0]!.employeeId}/2026-10`, people[0]!.token);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe('The salary slip for October 2026 is not available yet: it is approved and is released once the salary is paid');
    expect((await get('/api/dashboard/me', people[0]!.token)).json().latestSlipMonth).toBeNull();
    // Not before the bank file is paid.
    expect((await post('/api/salary/register/2026-10/release')).json().msg).toMatch(/^Pay October 2026 first/);
    const b1 = (await makeBatch()).json();
    expect((await post('/api/salary/register/2026-10/release')).json().msg).toMatch(/^Batch 1 of October 2026 is not marked paid yet/);
    await markPaid(b1._id);
    expect((await payments()).release).toEqual({ mode: 'release', releasedAt: null, canRelease: true, blockedBy: null });
    const released = await post('/api/salary/register/2026-10/release');
    expect(released.statusCode).toBe(202);
    await untilDone(released.json().runId);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
    // Once only.
    const twice = await post('/api/salary/register/2026-10/release');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toMatch(/were released on 2026-11-15; they are not sent twice/);
    expect(t.mailer.sent).toHaveLength(3);
    expect((await get(`/api/salary/slip/${people[0]!.employeeId}/2026-10`, people[0]!.token)).statusCode).toBe(200);
    expect((await get('/api/dashboard/me', people[0]!.token)).json().latestSlipMonth).toBe('2026-10');
    expect((await get('/api/salary/register/2026-10/approval')).json()).toMatchObject({ slipRelease: 'release', releasedAt: TEST_NOW.toISOString() });
  });

  it('says a re-run would change nothing, or only bring bank details up to date', async () => {
    await untilDone((await approve()).runId);
    expect((await get('/api/salary/register/2026-10/rerun-preview')).json()).toMatchObject({ version: 1, changes: [], unchanged: 3, refreshed: 0, kept: [] });
    // A new account for Person 2 after approval: no slip changes, but the files would take the new account.
    const moved = await put(`/api/employee/edit/${people[2]!.id}`, { name: 'Person 2', email: 'person2@test.local', statutory: { ...details(2), bankAccount: '601000999888777' } });
    expect(moved.statusCode).toBe(200);
    expect((await get('/api/salary/register/2026-10/rerun-preview')).json()).toMatchObject({ changes: [], unchanged: 3, refreshed: 1 });
    const rerun = await post('/api/salary/register/2026-10/rerun', { reason: 'New bank account for Person 2' });
    expect(rerun.json()).toMatchObject({ changed: 0, runId: null });
    expect((await get('/api/salary/register/2026-10/rerun-preview')).json()).toMatchObject({ version: 2, changes: [], refreshed: 0 });
  });

  it('previews a re-run with the slips it will change, which is exactly what the re-run changes; a revised slip says so', async () => {
    await untilDone((await approve()).runId);
    t.mailer.sent.splice(0);
    const none = (await get('/api/salary/register/2026-10/rerun-preview')).json();
    expect(none).toMatchObject({ version: 1, changes: [], unchanged: 3, refreshed: 0 });
    // A late leave in the approved month: the register says live data differs.
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', people[0]!.id).where('date', '=', '2026-10-27').execute();
    await seedLeave(t, people[2]!.id, '2026-10-27', '2026-10-27', 'approved');
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', people[1]!.id).where('date', '=', '2026-10-28').execute();
    const register = (await get('/api/salary/register/2026-10')).json();
    expect(register.liveDiffers).toEqual({
      count: 2,
      people: [
        { employeeId: people[0]!.employeeId, name: 'Person 0', netApproved: 28_000, netLive: expect.any(Number) },
        { employeeId: people[1]!.employeeId, name: 'Person 1', netApproved: expect.any(Number), netLive: expect.any(Number) },
      ],
    });
    const preview = (await get('/api/salary/register/2026-10/rerun-preview')).json();
    expect(preview.changes.map((c: { employeeId: string }) => c.employeeId)).toEqual([people[0]!.employeeId, people[1]!.employeeId]);
    expect(preview.changes[0]).toMatchObject({ name: 'Person 0', netBefore: 28_000 });
    expect(preview.changes[0].netAfter).toBeLessThan(28_000);
    // Data moves after the preview: the confirmed re-run is refused rather than changing something else.
    await t.ctx.database.db.deleteFrom('attendance').where('user_id', '=', people[2]!.id).where('date', '=', '2026-10-29').execute();
    const stale = await post('/api/salary/register/2026-10/rerun', { reason: 'Late LOP', previewHash: preview.previewHash });
    expect(stale.statusCode).toBe(409);
    const fresh = (await get('/api/salary/register/2026-10/rerun-preview')).json();
    expect(fresh.changes).toHaveLength(3);
    const rerun = await post('/api/salary/register/2026-10/rerun', { reason: 'Late LOP', previewHash: fresh.previewHash });
    expect(rerun.statusCode).toBe(202);
    expect(rerun.json()).toMatchObject({ version: 2, changed: 3, unchanged: 0 });
    await untilDone(rerun.json().runId);
    // What changed is what the preview listed, net for net.
    const stored = await t.ctx.database.db.selectFrom('payroll_approved_slips').select(['employee_id', 'net_paise', 'changed_version']).where('month', '=', '2026-10').orderBy('employee_id').execute();
    expect(stored.filter((s) => Number(s.changed_version) === 2).map((s) => [s.employee_id, Number(s.net_paise) / 100])).toEqual(
      fresh.changes.map((c: { employeeId: string; netAfter: number }) => [c.employeeId, c.netAfter]),
    );
    expect((await get('/api/salary/register/2026-10')).json().liveDiffers).toBeNull();

    // The revised PDF says so, with the identity and the year to date; the first version stays readable.
    const pdf = await get(`/api/salary/slip/${people[1]!.employeeId}/2026-10?format=pdf`, people[1]!.token);
    const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Revised: version 2 of 15 Nov 2026, reason Late LOP');
    expect(text).toContain('UAN 100123456781');
    expect(text).toContain('PAN ABCDE1231F');
    expect(text).toContain('Bank Account XXXXXX5671 (HDFC0000123)');
    expect(text).toMatch(/Gross \(FY 2026-27 to date\) ₹[\d,]+\.\d\d/);
    expect(text).toMatch(/Provident Fund to date ₹[\d,]+\.\d\d/);
    const first = (await pdfText((await get(`/api/salary/slip/${people[1]!.employeeId}/2026-10?format=pdf&version=1`, people[1]!.token)).rawPayload)).text;
    expect(first).not.toContain('Revised');
    expect(first).not.toEqual(text);
    const listed = (await get(`/api/salary/slips/${people[1]!.employeeId}`, people[1]!.token)).json();
    expect(listed.slips[0]).toMatchObject({ month: '2026-10', version: 2, versions: [{ version: 1, reason: null }, { version: 2, reason: 'Late LOP' }] });
    expect((await get(`/api/salary/slips/${people[0]!.employeeId}`, people[1]!.token)).statusCode).toBe(403);
  });

  it('uses the column template of the payroll settings for a new batch', async () => {
    const bankFormat = { ...CUSTOM_BANK_FORMAT, columns: CUSTOM_BANK_FORMAT.columns.filter((c) => c.field !== 'narration') };
    const bad = await put('/api/salary/settings', { bankFormat: { ...bankFormat, columns: [{ field: 'ifsc', header: 'IFSC' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/beneficiaryAccount/);
    expect((await put('/api/salary/settings', { bankFormat })).statusCode).toBe(200);
    await approveMonth(t, '2026-10');
    expect((await makeBatch()).statusCode).toBe(201);
    const file = (await get('/api/salary/files/2026-10/bank')).body.split('\r\n');
    expect(file[0]).toBe('Txn Type,Debit Account,Beneficiary A/c,IFSC,Amount,Value Date,Name,Ref');
    expect(file[1]).toBe('NEFT,00011122233,50100012345670,HDFC0000123,28000.00,15/11/2026,Person 0,PAY-2026-10-1');
  });

  it('writes the ready FILEHDR template: file header, a debit row of the total, then the credits; the same bytes twice', async () => {
    const ready = READY_BANK_FORMATS.find((r) => r.id === 'filehdr-text')!.format;
    // The corporate ID and the debit account are the company's to fill in.
    const missing = await put('/api/salary/settings', { bankFormat: ready });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors ?? {}).join(' ')).toMatch(/fileHeader/);
    expect(Object.keys(missing.json().fieldErrors ?? {}).join(' ')).toMatch(/debitAccount/);
    const bankFormat = { ...ready, debitAccount: '566800100012345', fileHeader: ready.fileHeader!.map((c) => (c.header === 'Corporate ID' ? { ...c, value: 'ACMELTD' } : c)) };
    expect((await put('/api/salary/settings', { bankFormat })).statusCode).toBe(200);
    await approveMonth(t, '2026-10');
    const batch = (await makeBatch()).json();
    const first = await get(`/api/salary/payments/batches/${batch._id}/file`);
    const again = await get(`/api/salary/payments/batches/${batch._id}/file`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(batch.sha256);
    expect(first.body.split('\r\n')).toEqual([
      'FILEHDR|ACMELTD|261001',
      '56680|566800100012345|INR|DR|112200.00|SAL OCT 2026',
      '50100|50100012345670|INR|CR|28000.00|SAL OCT 2026',
      expect.stringMatching(/^50100\|50100012345671\|INR\|CR\|\d+\.\d{2}\|SAL OCT 2026$/),
      expect.stringMatching(/^50100\|50100012345672\|INR\|CR\|\d+\.\d{2}\|SAL OCT 2026$/),
      '',
    ]);
    // The debit row is the credits' total.
    const credits = first.body.split('\r\n').slice(2, 5).map((l) => Number(l.split('|')[4]));
    expect(Math.round(credits.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(Number(first.body.split('\r\n')[1]!.split('|')[4]) * 100));
  });
  it('builds a header and debit row through the preview the settings screen uses, and writes the fixed-width Union Bank file cell by cell; a value too long is refused', async () => {
    // The screen's builder: a file header and a debit row of its own, in fixed widths; a cell without a width is marked by its path.
    const built = {
      template: 'custom',
      layout: 'fixed',
      amountFormat: 'rupees',
      headerRow: false,
      dateFormat: 'DDMMYYYY',
      debitAccount: '566800100012345',
      fileHeader: [
        { field: 'fixed', header: 'Record', value: 'H', width: 1 },
        { field: 'fileSequence', header: 'File number', width: 6 },
        { field: 'creditCount', header: 'Credits', width: 5, align: 'right', pad: '0' },
      ],
      debitRow: [
        { field: 'fixed', header: 'Record', value: 'D', width: 1 },
        { field: 'debitAccount', header: 'Debit account', width: 15 },
        { field: 'total', header: 'Total', width: 12, align: 'right', pad: '0' },
      ],
      columns: [
        { field: 'fixed', header: 'Record', value: 'C', width: 1 },
        { field: 'beneficiaryAccount', header: 'Account', width: 15 },
        { field: 'amount', header: 'Amount' },
      ],
    };
    const unmarked = await post('/api/salary/settings/bank-preview', { bankFormat: built });
    expect(unmarked.statusCode).toBe(400);
    expect(unmarked.json().fieldErrors).toEqual({ 'bankFormat.columns.2.width': expect.stringMatching(/width is required for Amount/) });
    built.columns[2] = { field: 'amount', header: 'Amount', width: 12, align: 'right', pad: '0' } as (typeof built.columns)[number];
    const preview = await post('/api/salary/settings/bank-preview', { bankFormat: built });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ credits: 3, problems: [], extension: 'txt' });
    expect(preview.json().lines.slice(0, 3)).toEqual(['H26100100003', 'D566800100012345000195595.50', 'C566801234567890000048250.00']);
    expect(await t.ctx.database.db.selectFrom('company_settings').select('key').where('key', '=', 'payroll').executeTakeFirst()).toBeUndefined();
    // The settings refuse what the preview refuses, with the same paths.
    const refused = await put('/api/salary/settings', { bankFormat: { ...built, headerRow: true } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['bankFormat.headerRow']);

    // The ready Union Bank template: 15-digit accounts exactly; these people's are 14, so the file is refused, naming each.
    const union = { ...READY_BANK_FORMATS.find((r) => r.id === 'union-fixed-salary')!.format, debitAccount: '566800100012345' };
    expect((await put('/api/salary/settings', { bankFormat: union })).statusCode).toBe(200);
    await approveMonth(t, '2026-10');
    const overflow = await makeBatch();
    expect(overflow.statusCode).toBe(409);
    expect(overflow.json().msg).toMatch(/^The bank file cannot be made: 3 values do not fit .*EMP0001 \(Person 0\): Account Number has 14 characters, the column needs exactly 15; EMP0002 \(Person 1\): .*; EMP0003 \(Person 2\): Account Number has 14 characters/);
    expect((await payments()).batches).toEqual([]);

    // A template whose account column pads instead (the bank's own rule is the company's to know): written, cell by cell.
    const padded = { ...union, columns: union.columns.map((c) => (c.field === 'beneficiaryAccount' ? { ...c, exact: false } : c)) };
    expect((await put('/api/salary/settings', { bankFormat: padded })).statusCode).toBe(200);
    const batch = (await makeBatch()).json();
    expect(batch.filename).toBe('bank-transfer_2026-10.txt');
    const first = await get(`/api/salary/payments/batches/${batch._id}/file`);
    const again = await get(`/api/salary/payments/batches/${batch._id}/file`);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(batch.sha256);
    const lines = first.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(4);
    const cells = (line: string) => [line.slice(0, 15), line.slice(15, 16), line.slice(16, 24), line.slice(24, 74), line.slice(74)];
    for (const line of lines) expect(line).toHaveLength(15 + 1 + 8 + 50 + 18);
    const paise = lines.slice(1).map((l) => Number(l.slice(74)));
    expect(cells(lines[0]!)).toEqual(['566800100012345', 'D', '15112026', 'Salary Oct 2026'.padEnd(50), String(paise.reduce((a, b) => a + b, 0)).padStart(18, '0')]);
    expect(cells(lines[1]!)).toEqual(['50100012345670 ', 'C', '15112026', 'Salary Oct 2026'.padEnd(50), '000000000002800000']);
    expect(cells(lines[2]!).slice(0, 4)).toEqual(['50100012345671 ', 'C', '15112026', 'Salary Oct 2026'.padEnd(50)]);
    expect(paise.reduce((a, b) => a + b, 0)).toBe(Math.round(batch.total * 100));
  });
});
