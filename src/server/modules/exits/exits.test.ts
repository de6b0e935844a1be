/**
 * An exit and its full-and-final settlement, the whole way, on each engine (today 15 November 2026).
 *
 * Ravi Kumar joined on 15 April 2021 at ₹60,000 a month (Basic 50%: ₹30,000). He resigned on
 * 5 October 2026 with a 30-day notice period and left on 20 October: 15 days served, 15 short.
 * - Service 15 Apr 2021 – 20 Oct 2026 is 5 years 6 months 6 days: more than six months over five
 *   years, so 6 years count. The leaving day is after 21 Nov 2025, so the Code on Social Security's
 *   wage applies: Basic ₹30,000 is exactly half of ₹60,000, nothing is added back. Gratuity:
 *   30,000 × 15 / 26 × 6 = 1,03,846.15 → ₹1,03,846.
 * - Notice shortfall: 15 days × 60,000 / 30 = ₹30,000 recovered.
 * - Earned leave is encashable (cap 30 days, Basic ÷ 26: ₹1,153.85 a day).
 * - October is not approved when the settlement is: it pays October to the 20th, and October's
 *   payroll bank file then leaves his net out (paid once).
 */
import { pdfText } from '../../test/pdf-text';
import { OVERRIDE_BLOCKING, approveMonth, approveQuietly, CUSTOM_BANK_FORMAT, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { sql } from 'kysely';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../../test/test-app';
import { holdLeavingDates } from '../employee-records';

describe.each(engines)('exit and full-and-final settlement on %s', (engine) => {
  let t: TestApp;
  let ravi: TestEmployee;
  let asha: TestEmployee;
  const as = (token: string) => ({ headers: auth(token) });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.admin.token) => t.app.inject({ method, url, ...as(token), ...(payload ? { payload } : {}) });
  const resign = { kind: 'resignation', noticeGivenOn: '2026-10-05', noticePeriodDays: 30, lastWorkingDay: '2026-10-20', reason: 'Moving to Pune for family' };

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 60_000_00, joinedOn: '2021-04-15' });
    asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 27_000_00, joinedOn: '2025-04-01' });
    await seedAttendance(t, ravi.id, '2026-10', { except: ['2026-10-21', '2026-10-22', '2026-10-23', '2026-10-24', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'] });
    await seedAttendance(t, asha.id, '2026-10');
    await t.ctx.database.db.updateTable('leave_types').set({ encashable: 1, encashment_cap_days: 30, encashment_basis: 'basic-26' }).where('name', '=', 'Earned').execute();
    for (const e of [ravi, asha]) {
      const bank = await call('PUT', `/api/employee/edit/${e.id}`, { name: e === ravi ? 'Ravi Kumar' : 'Asha Rao', email: e.email, statutory: { bankAccount: e === ravi ? '50100123456789' : '50100987654321', ifsc: 'HDFC0001234', stateOfWork: 'KA', uan: e === ravi ? '100200300400' : '100200300401' } });
      expect(bank.statusCode).toBe(200);
    }
  });
  afterEach(() => t.close());

  it('refuses a bad exit, naming the field, and records a good one as the leaving date everywhere', async () => {
    const bad = await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, lastWorkingDay: '2026-10-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/lastWorkingDay must not be before noticeGivenOn/);
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, kind: 'vanished' })).json().msg).toMatch(/kind must be one of/);
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, reason: 'a\nb' })).json().msg).toMatch(/reason must be one line/);
    const early = await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, noticeGivenOn: '2021-01-01', lastWorkingDay: '2021-02-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('noticeGivenOn 2021-01-01 is before the joining date 2021-04-15; lastWorkingDay 2021-02-01 is before the joining date 2021-04-15');
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign, ravi.token)).statusCode).toBe(403);

    const res = await call('POST', `/api/employees/${ravi.id}/exit`, resign);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'resignation', noticeEndsOn: '2026-11-04', servedDays: 15, shortfallDays: 15, status: 'left', esi: { code: 2, label: 'Left service' }, epfo: { code: 'C' } });
    const list = (await call('GET', '/api/employee?status=left')).json();
    expect(list.map((e: { employeeId: string }) => e.employeeId)).toEqual([ravi.employeeId]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', '=', 'employee.exit').execute();
    expect(audit).toHaveLength(1);
  });

  it('computes the worked example, approves and locks it, pays the last month once, and gives the leaver the PDF', async () => {
    // Asha manages Ravi: a manager reads no one's statement but their own.
    expect((await call('PUT', `/api/employee/edit/${ravi.id}`, { name: 'Ravi Kumar', email: ravi.email, managerId: String(asha.id) })).statusCode).toBe(200);
    const meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local' });
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
    // Before approval the leaver has nothing to download, another employee never.
    expect((await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, ravi.token)).statusCode).toBe(409);
    expect((await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, asha.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/final-settlements?which=overdue')).json()).toEqual([expect.objectContaining({ employeeId: ravi.employeeId, dueOn: '2026-10-22', state: 'not-started', overdue: true })]);

    const draft = (await call('PUT', `/api/employees/${ravi.id}/final-settlement`, { otherRecoveries: 2500, recoveriesNote: 'Laptop charger not returned' })).json();
    expect(draft).toMatchObject({
      state: 'draft',
      dueOn: '2026-10-22',
      lastMonth: { month: '2026-10', paidDays: 17, paidThroughPayroll: false },
      notice: { requiredDays: 30, servedDays: 15, shortfallDays: 15, amount: -30_000 },
      gratuity: { eligible: true, service: { years: 5, months: 6, days: 6 }, countedYears: 6, wage: 30_000, amount: 1_03_846 },
      otherRecoveries: 2500,
    });
    // Earned leave: 15 a year accrued monthly; its balance on the leaving day at ₹30,000 ÷ 26.
    const earned = draft.encashment.find((e: { leaveType: string }) => e.leaveType === 'Earned');
    expect(earned.amount).toBe(Math.round((earned.days * 30_000) / 26));
    expect(draft.tax).toMatchObject({ gratuityExempt: 1_03_846, encashmentExempt: earned.amount, taxable: 0, tds: 0 });
    expect(draft.total).toBe(draft.lastMonth.net + earned.amount - 30_000 + 1_03_846 - 2500);
    expect(draft.lines.map((l: { label: string }) => l.label)).toEqual([
      'Salary for October 2026 to 2026-10-20 (17 paid days), net',
      `Leave encashment: Earned (${earned.days} days)`,
      'Notice shortfall recovered (15 days)',
      'Gratuity',
      'Other recoveries: Laptop charger not returned',
    ]);

    const approved = await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', payable: draft.total, approvedBy: expect.any(String) });
    expect((await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/employees/${ravi.id}/final-settlement`, { otherRecoveries: 0 })).statusCode).toBe(409);
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, lastWorkingDay: '2026-10-25' })).statusCode).toBe(409);
    // The leaver was emailed the statement; they can download it; it names the figures.
    await new Promise((r) => setImmediate(r));
    const mail = t.mailer.sent.find((m) => m.to === 'ravi@test.local' && /full and final/.test(m.subject));
    expect(mail?.attachments?.[0]?.filename).toBe(`full-and-final_${ravi.employeeId}.pdf`);
    const pdf = await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, ravi.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Read back: the service in words as the screen writes it, the amounts as the slip prints them
    // (an "Amount (₹)" column, the total with ₹ and Indian digit grouping).
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('5 years, 6 months, 6 days');
    expect(text).toContain('Amount (₹)');
    expect(text).toContain('1,03,846.00');
    expect(text).toContain(`Net payable ₹${draft.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    expect(text).not.toMatch(/\d+ y \d+ m \d+ d/);
    // Approved, it is still the leaver's alone: neither their manager nor another employee gets it.
    for (const other of [asha, meera]) {
      const refused = await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, other.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/json/);
    }

    // October approved afterwards: his row stays (ESI and PF files), the bank file does not pay him again.
    await approveQuietly(t, '2026-10');
    const batch = (await call('POST', '/api/salary/payments/2026-10/batches')).json();
    expect(batch.lines.map((l: { employeeId: string }) => l.employeeId)).toEqual([asha.employeeId]);
    const register = (await call('GET', '/api/salary/register/2026-10')).json();
    expect(register.rows.map((r: { employeeId: string }) => r.employeeId)).toContain(ravi.employeeId);

    // The settlement's own bank file, then paid.
    const paying = (await call('POST', `/api/employees/${ravi.id}/final-settlement/batch`)).json();
    expect(paying.batch).toMatchObject({ state: 'created' });
    expect((await call('POST', `/api/employees/${ravi.id}/final-settlement/batch`)).statusCode).toBe(409);
    const file = await call('GET', `/api/salary/payments/batches/${paying.batch._id}/file`);
    expect(file.body).toBe(`Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Narration\r\n50100123456789,HDFC0001234,${draft.total.toFixed(2)},Ravi Kumar,F&F ${ravi.employeeId}\r\n`);
    expect((await call('POST', `/api/salary/payments/batches/${paying.batch._id}/paid`, { paidOn: '2026-11-15', bankReference: 'UTR2026111500042' })).statusCode).toBe(200);
    expect((await call('GET', `/api/employees/${ravi.id}/final-settlement`)).json()).toMatchObject({ state: 'paid', batch: { paidOn: '2026-11-15', bankReference: 'UTR2026111500042' }, overdue: false });
    expect((await call('GET', '/api/final-settlements')).json()).toEqual([]);
  });

  it('tells the leaver, and only them, whether their settlement is being prepared, approved or paid', async () => {
    const mine = async (token: string) => {
      const res = await call('GET', '/api/final-settlements/mine', undefined, token);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const nothing = { dueOn: null, approvedOn: null, paidOn: null, payable: null, owedByEmployee: null };
    expect(await mine(ravi.token)).toEqual({ state: 'none', leftOn: null, ...nothing });
    expect((await call('GET', '/api/final-settlements/mine')).statusCode).toBe(403);

    expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
    // A draft, even with recoveries entered, shows no amount: it changes until HR approves it.
    expect((await call('PUT', `/api/employees/${ravi.id}/final-settlement`, { otherRecoveries: 2500, recoveriesNote: 'Laptop charger' })).statusCode).toBe(200);
    expect(await mine(ravi.token)).toEqual({ state: 'preparing', leftOn: '2026-10-20', ...nothing, dueOn: '2026-10-22' });
    // What the screen says matches what the download answers.
    expect((await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, ravi.token)).statusCode).toBe(409);

    const approved = (await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`)).json();
    expect(await mine(ravi.token)).toEqual({ state: 'approved', leftOn: '2026-10-20', dueOn: '2026-10-22', approvedOn: '2026-11-15', paidOn: null, payable: approved.payable, owedByEmployee: 0 });
    expect(approved.payable).toBeGreaterThan(1_00_000);
    expect((await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`, undefined, ravi.token)).statusCode).toBe(200);
    // Another employee asking gets their own (none), never Ravi's.
    expect(await mine(asha.token)).toEqual({ state: 'none', leftOn: null, ...nothing });

    const paying = (await call('POST', `/api/employees/${ravi.id}/final-settlement/batch`)).json();
    expect((await mine(ravi.token)).state).toBe('approved');
    expect((await call('POST', `/api/salary/payments/batches/${paying.batch._id}/paid`, { paidOn: '2026-11-15', bankReference: 'UTR2026111500007' })).statusCode).toBe(200);
    expect(await mine(ravi.token)).toMatchObject({ state: 'paid', approvedOn: '2026-11-15', paidOn: '2026-11-15', payable: approved.payable });
  });

  it('leaves out of open and overdue a leaver settled before going live, unless HR starts one here', async () => {
    // Asha was imported as having left on 19 September (a leaving date, no exit record); Ravi leaves
    // through an exit on 20 October. Both are overdue while no go-live date is set.
    await t.ctx.database.db.updateTable('employee_statutory').set({ left_on: '2026-09-19' }).where('user_id', '=', asha.id).execute();
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
    const ids = async (which: string) => (await call('GET', `/api/final-settlements?which=${which}`)).json().map((i: { employeeId: string; state: string; overdue: boolean }) => [i.employeeId, i.state, i.overdue]);
    expect(await ids('overdue')).toEqual([[asha.employeeId, 'not-started', true], [ravi.employeeId, 'not-started', true]]);
    const mine = async () => (await call('GET', '/api/final-settlements/mine', undefined, asha.token)).json();
    expect((await mine()).state).toBe('preparing');

    // Going live on 1 October: Asha left before it, so the old system settled her.
    const goLive = await call('PUT', '/api/company/go-live', { goLiveDate: '2026-10-01', payBasis: 'attendance', inviteOnImport: 'now' });
    expect(goLive.statusCode).toBe(200);
    // The dashboard's card shows the overdue list: Ravi alone is counted.
    expect(await ids('overdue')).toEqual([[ravi.employeeId, 'not-started', true]]);
    expect(await ids('open')).toEqual([[ravi.employeeId, 'not-started', true]]);
    expect(await ids('all')).toEqual([[asha.employeeId, 'before-go-live', false], [ravi.employeeId, 'not-started', true]]);
    expect(await mine()).toEqual({ state: 'before-go-live', leftOn: '2026-09-19', dueOn: null, approvedOn: null, paidOn: null, payable: null, owedByEmployee: null });

    // HR chooses to settle her here after all: an ordinary settlement again, and overdue.
    expect((await call('PUT', `/api/employees/${asha.id}/final-settlement`, { otherRecoveries: 0, recoveriesNote: '' })).statusCode).toBe(200);
    expect(await ids('overdue')).toEqual([[asha.employeeId, 'draft', true], [ravi.employeeId, 'not-started', true]]);
    expect(await mine()).toMatchObject({ state: 'preparing', leftOn: '2026-09-19' });
  });

  it("lays the settlement's bank file out by the company's column template", async () => {
    expect((await call('PUT', '/api/salary/settings', { bankFormat: CUSTOM_BANK_FORMAT })).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
    const approved = (await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`)).json();
    const paying = (await call('POST', `/api/employees/${ravi.id}/final-settlement/batch`)).json();
    const file = (await call('GET', `/api/salary/payments/batches/${paying.batch._id}/file`)).body.split('\r\n');
    expect(file[0]).toBe('Txn Type,Debit Account,Beneficiary A/c,IFSC,Amount,Value Date,Name,Remarks,Ref');
    expect(file[1]).toBe(`NEFT,00011122233,50100123456789,HDFC0001234,${approved.payable.toFixed(2)},15/11/2026,Ravi Kumar,F&F ${ravi.employeeId},FNF-${ravi.employeeId}`);
  });

  it('shows the last month as paid through payroll when that month was approved first', async () => {
    expect((await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, kind: 'retirement', noticeWaived: true })).statusCode).toBe(200);
    await approveQuietly(t, '2026-10');
    const s = (await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`)).json();
    expect(s.lastMonth).toMatchObject({ paidThroughPayroll: true, paidDays: 17 });
    expect(s.notice).toMatchObject({ shortfallDays: 15, amount: 0, waived: true });
    expect(s.lines[0].label).toMatch(/paid with that month's payroll$/);
    expect(s.total).toBe(s.lines.slice(1).reduce((sum: number, l: { amount: number }) => sum + l.amount, 0));
    // A retirement is reported in the ESI sheet with reason 3.
    const exit = (await call('GET', `/api/employees/${ravi.id}/exit`)).json();
    expect(exit.esi).toEqual({ code: 3, label: 'Retired' });
  });

  it('refuses a last working day before a month approved with their slip, and writes nothing', async () => {
    await approveQuietly(t, '2026-10');
    const res = await call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, noticeGivenOn: '2026-09-01', lastWorkingDay: '2026-09-30' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('The approved payroll of October 2026 pays Ravi Kumar after 2026-09-30: re-run that month without them first, or choose a later last working day');
    expect((await call('GET', `/api/employees/${ravi.id}/exit`)).statusCode).toBe(404);
    expect((await t.ctx.database.db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', ravi.id).executeTakeFirst())?.left_on ?? null).toBeNull();
  });

  it('words one counted year in the singular, on the statement and in its PDF (a fixed-term leaver)', async () => {
    // Asha, fixed-term from 1 April 2025, leaves on 19 September 2026: 1 year 5 months 19 days (the
    // last day counted), one year counted (a part year counts only over six months), payable after
    // one year for fixed-term.
    expect((await call('PUT', `/api/employee/edit/${asha.id}`, { name: 'Asha Rao', email: asha.email, statutory: { employmentType: 'fixed-term' } })).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${asha.id}/exit`, { ...resign, noticeGivenOn: '2026-08-20', lastWorkingDay: '2026-09-19' })).statusCode).toBe(200);
    const draft = (await call('GET', `/api/employees/${asha.id}/final-settlement`)).json();
    expect(draft.gratuity).toMatchObject({ eligible: true, service: { years: 1, months: 5, days: 19 }, countedYears: 1 });
    const { text } = await pdfText((await call('GET', `/api/employees/${asha.id}/final-settlement/pdf`)).rawPayload);
    expect(text).toContain('1 year, 5 months, 19 days');
    expect(text).toMatch(/Gratuity: 1 year counted × 15\/26 of ₹13,500\.00 a month/);
    expect(text).not.toMatch(/\b1 years\b/);
  });

  it('withdraws a resignation: current again, leaving date cleared', async () => {
    expect((await call('POST', `/api/employees/${asha.id}/exit`, { ...resign, noticeGivenOn: '2026-11-10', lastWorkingDay: '2026-12-10' })).json().status).toBe('on-notice');
    expect((await call('GET', '/api/employee')).json().find((e: { employeeId: string }) => e.employeeId === asha.employeeId).status).toBe('on-notice');
    expect((await call('POST', `/api/employees/${asha.id}/final-settlement/approve`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/employees/${asha.id}/exit`)).statusCode).toBe(200);
    expect((await call('GET', '/api/employee')).json().find((e: { employeeId: string }) => e.employeeId === asha.employeeId)).toMatchObject({ status: 'active', leftOn: null });
    expect((await call('GET', `/api/employees/${asha.id}/exit`)).statusCode).toBe(404);
    void OVERRIDE_BLOCKING;
  });

  // Two admins at once, on PostgreSQL, where instances write side by side (SQLite's writers take
  // turns). A transaction holds Ravi's users row, as a second admin's exit or approval would; the
  // call waits for it, and checks what that transaction wrote only once it is committed.
  (engine === 'postgres' ? describe : describe.skip)('two admins at once', () => {
    type Trx = typeof t.ctx.database.db;
    const ravisRow = (trx: Trx) => trx.selectFrom('users').select('id').where('id', '=', ravi.id).forNoKeyUpdate().execute();
    /** What an exit in flight holds, and what a payroll approval in flight holds. */
    const exitInFlight = (trx: Trx) => holdLeavingDates(trx, 'postgres', 'exit');
    const payrollInFlight = (trx: Trx) => holdLeavingDates(trx, 'postgres', 'payroll');

    /** Holds Ravi's row (or what `hold` takes), waits until `pending` waits on it, then writes `meanwhile` and commits. */
    async function whileHeld<T>(pending: () => Promise<T>, meanwhile: (trx: Trx) => Promise<unknown>, hold: (trx: Trx) => Promise<unknown> = ravisRow): Promise<T> {
      const { db } = t.ctx.database;
      let answer!: Promise<T>;
      await db.transaction().execute(async (trx) => {
        await hold(trx);
        answer = pending();
        await eventually(async () => {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
          return Number(rows[0]!.n) > 0;
        }, 60_000, 'the call to wait on the lock');
        await meanwhile(trx);
      });
      return answer;
    }

    it('refuses a settlement whose exit changed while it was approved, and stores nothing', async () => {
      expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
      const res = await whileHeld(
        () => call('POST', `/api/employees/${ravi.id}/final-settlement/approve`),
        async (trx) => {
          await trx.updateTable('employee_exits').set({ last_working_day: '2026-10-25', updated_at: new Date().toISOString() }).where('user_id', '=', ravi.id).execute();
          await trx.updateTable('employee_statutory').set({ left_on: '2026-10-25' }).where('user_id', '=', ravi.id).execute();
        },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('The exit of Ravi Kumar changed while the settlement was being approved: open the statement again');
      expect(await t.ctx.database.db.selectFrom('final_settlements').select('state').where('user_id', '=', ravi.id).executeTakeFirst()).toBeUndefined();
      // Approved again, it is worked out to the new last working day.
      const approved = await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ state: 'approved', leftOn: '2026-10-25' });
    });

    it('refuses to change or withdraw an exit whose settlement was approved while it waited', async () => {
      expect((await call('POST', `/api/employees/${ravi.id}/exit`, resign)).statusCode).toBe(200);
      const approveMeanwhile = (trx: Trx) =>
        trx.insertInto('final_settlements').values({ user_id: ravi.id, state: 'approved', other_recoveries_paise: 0, recoveries_note: '', created_at: TEST_NOW.toISOString(), updated_at: TEST_NOW.toISOString() }).execute();
      const changed = await whileHeld(() => call('POST', `/api/employees/${ravi.id}/exit`, { ...resign, lastWorkingDay: '2026-10-25' }), approveMeanwhile);
      expect(changed.statusCode).toBe(409);
      expect(changed.json().msg).toBe(`Ravi Kumar (${ravi.employeeId}) has an approved full-and-final settlement, so the exit can no longer change`);
      await t.ctx.database.db.deleteFrom('final_settlements').where('user_id', '=', ravi.id).execute();
      const withdrawn = await whileHeld(() => call('DELETE', `/api/employees/${ravi.id}/exit`), approveMeanwhile);
      expect(withdrawn.statusCode).toBe(409);
      expect((await t.ctx.database.db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', ravi.id).executeTakeFirstOrThrow()).left_on).toBe('2026-10-20');
    });

    it('refuses a payroll approval during which an exit was recorded, and includes the leaver when approved again', async () => {
      const leaves = (trx: Trx) => trx.updateTable('employee_statutory').set({ left_on: '2026-10-15' }).where('user_id', '=', asha.id).execute();
      const res = await whileHeld(() => approveMonth(t, '2026-10'), leaves, exitInFlight);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('A leaving date changed while October 2026 was being worked out: approve it again to include it');
      expect(await t.ctx.database.db.selectFrom('payroll_approvals').select('month').execute()).toEqual([]);
      await approveQuietly(t, '2026-10');
      expect((await t.ctx.database.db.selectFrom('payroll_approved_slips').select('user_id').where('month', '=', '2026-10').execute()).map((r) => r.user_id).sort()).toEqual([ravi.id, asha.id].sort());
    });

    it('waits for a payroll approval in flight before it records an exit', async () => {
      const res = await whileHeld(() => call('POST', `/api/employees/${ravi.id}/exit`, resign), async () => undefined, payrollInFlight);
      expect(res.statusCode).toBe(200);
    });
  });
});
