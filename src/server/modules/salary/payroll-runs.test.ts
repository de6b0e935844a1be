/** Bulk payroll runs: start, progress, one mail per employee, retry of failures, resume after a restart. */
import type { MailMessage } from '../../mail/mailer';
import { auth, createTestApp, engines, eventually, MemoryMailer, type TestApp, type TestEmployee } from '../../test/test-app';
import { configurePayrollRuns, isPayrollRunActive, isPayrollStopping, resumePayrollRuns, stopPayrollRuns } from './payroll-runs';
import { GateMailer, OVERRIDE_BLOCKING, reopenApp, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { DEFAULT_LEASE_TIMING } from '../../db/work-leases';
import { pdfText } from '../../test/pdf-text';
import { sampleLogo } from '../../test/png-fixture';
import { multipart } from '../../test/multipart';
import { renderSlipPdfPooled } from './slip-pdf-pool';
import type { SlipPdfDocument } from './slip-pdf';

// The PDFs as rendered, with what each slip was handed (the company's logo among it).
jest.mock('./slip-pdf-pool', () => {
  const actual = jest.requireActual<typeof import('./slip-pdf-pool')>('./slip-pdf-pool');
  return { ...actual, renderSlipPdfPooled: jest.fn(actual.renderSlipPdfPooled) };
});

/** Recipients that received more or fewer than exactly one message. */
function notExactlyOnce(people: TestEmployee[], ...mailboxes: MailMessage[][]) {
  const counts = new Map<string, number>(people.map((p) => [p.email, 0]));
  for (const m of mailboxes.flat()) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return [...counts].filter(([, n]) => n !== 1);
}

describe.each(engines)('payroll runs on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer | GateMailer;

  const open = async (m: MemoryMailer | GateMailer) => {
    mailer = m;
    t = await createTestApp(engine, { overrides: { mailer: m, now: () => TEST_NOW } });
  };
  afterEach(() => t.close());

  const start = (body: object, token = t.admin.token) => t.app.inject({ method: 'POST', url: '/api/salary/email-all', headers: auth(token), payload: { ...OVERRIDE_BLOCKING, ...body } });
  const report = (runId: string) => t.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: auth(t.admin.token) }).then((r) => r.json());
  const finished = (runId: string) => eventually(async () => (await report(runId)).status === 'done', 20_000, `run ${runId} to finish`);
  const people = async (n: number, o: Parameters<TestApp['employee']>[0] = {}) => {
    const list: TestEmployee[] = [];
    for (let i = 0; i < n; i++) list.push(await t.employee(o));
    return list;
  };
  const itemStatuses = async (runId: string, ctx = t.ctx) =>
    ctx.database.db.selectFrom('payroll_run_items').select(['user_id', 'status', 'attempts', 'error']).where('run_id', '=', Number(runId)).orderBy('user_id').execute();

  describe('a run', () => {
    beforeEach(() => open(new MemoryMailer()));

    it('emails every active employee who had joined by the month once, across batches, and reports progress', async () => {
      configurePayrollRuns(t.ctx, { batchSize: 3, concurrency: 2 });
      const staff = await people(7);
      await seedAttendance(t, staff[0]!.id, '2026-10');
      const [leaver] = await people(1);
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', leaver!.id).execute();
      await people(1, { joinedOn: '2026-11-01' }); // joins after October: not in the run

      const res = await start({ month: 'oct', year: '2026' });
      expect(res.statusCode).toBe(202);
      const { runId, msg } = res.json();
      expect(runId).toMatch(/^\d+$/);
      expect(msg).toBe('October 2026 approved and locked: 7 salary slips to email');
      await finished(runId);

      const done = await report(runId);
      expect(done).toMatchObject({ _id: runId, month: '2026-10', status: 'done', total: 7, sent: 7, failed: 0, pending: 0, errors: [] });
      expect(done.finishedAt).toBe(TEST_NOW.toISOString());
      expect(notExactlyOnce(staff, mailer.sent)).toEqual([]);
      expect(mailer.sent.some((m) => m.to === leaver!.email)).toBe(false);
      expect((await itemStatuses(runId)).every((i) => i.status === 'sent' && i.attempts === 1)).toBe(true);

      // Each mail carries the recipient's own slip; the one with attendance has no LOP.
      const first = mailer.sent.find((m) => m.to === staff[0]!.email)!;
      expect(first.attachments!.map((a) => a.contentType)).toEqual(['application/pdf']);
      const slip = (await pdfText(first.attachments![0]!.content)).text.replace(/\s+/g, ' ');
      expect(slip).toContain(`Employee ID ${staff[0]!.employeeId}`);
      expect(slip).toContain('LOP Days 0');

      const list = await t.app.inject({ method: 'GET', url: '/api/salary/runs', headers: auth(t.admin.token) });
      expect(list.json()).toEqual([expect.objectContaining({ _id: runId, status: 'done', total: 7, sent: 7 })]);
      const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', '=', 'payroll.approve').execute();
      expect(audit).toHaveLength(1);
    });

    // Statements are counted on the SQLite handle; the query code is the same on PostgreSQL.
    (engine === 'sqlite' ? it : it.skip)('loads attendance and leave once per batch, not once per employee', async () => {
      configurePayrollRuns(t.ctx, { batchSize: 4 });
      await people(10);
      const prepare = jest.spyOn(t.ctx.database.sqlite!, 'prepare');
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      await finished(runId);
      const statements = prepare.mock.calls.map(([text]) => String(text));
      prepare.mockRestore();
      // The approval computes the register once (10 employees in one batch of 500); the run then
      // reads the approved slips in batches of 4, 4 and 2, and never the month's days again. The
      // computation reads the days twice, each once for everyone: their marks, and the counted work
      // its overtime is reckoned from (which starts with the week the month opens in).
      const attendanceReads = statements.filter((q) => /from "attendance"/.test(q));
      expect(attendanceReads).toHaveLength(2);
      expect(attendanceReads.filter((q) => /"overtime_minutes"/.test(q))).toHaveLength(1);
      // Approved leave for the approval's computation; then each batch's slips read the leave balances,
      // and the leave taken in the month, once for the batch.
      expect(statements.filter((q) => /from "leaves"/.test(q))).toHaveLength(1 + 3 + 3);
      // What the approved earlier months of the year paid (the TDS year to date, and the slip's year to date): once per batch too.
      expect(statements.filter((q) => /^select "user_id", "month", "gross_paise"/.test(q))).toHaveLength(1 + 3);
      expect(statements.filter((q) => /^select \* from "payroll_approved_slips"/.test(q))).toHaveLength(3);
      // One outcome per item, and one claim per batch plus the empty claim that ends the pass.
      expect(statements.filter((q) => /^update "payroll_run_items" set "status"/.test(q))).toHaveLength(10);
      expect(statements.filter((q) => /^update "payroll_run_items" set "claimed_by"/.test(q))).toHaveLength(4);
    });

    it('reads the company and its logo once per batch, and hands every slip of a batch the same logo bytes, shared with the PDF threads', async () => {
      configurePayrollRuns(t.ctx, { batchSize: 4 });
      await people(10);
      // A logo of its own size, so no earlier test's is cached under its SHA-256.
      const logo = multipart([{ name: 'file', filename: 'logo.png', content: sampleLogo(133, 47), contentType: 'image/png' }]);
      expect((await t.app.inject({ method: 'PUT', url: '/api/company/logo', headers: { ...auth(t.admin.token), ...logo.headers }, payload: logo.payload })).statusCode).toBe(200);
      const rendered = jest.mocked(renderSlipPdfPooled);
      rendered.mockClear();
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      await finished(runId);
      const companies = rendered.mock.calls.map(([input]) => (input as SlipPdfDocument).company!);
      expect(companies).toHaveLength(10);
      // Batches of 4, 4 and 2: one company (address and logo) each, not one per slip.
      expect(new Set(companies).size).toBe(3);
      // The logo's bytes are held once for the process, in shared memory: a PDF thread is handed a
      // view of them with each slip, never a copy.
      const buffers = new Set(companies.map((c) => c.logo!.bytes.buffer));
      expect(buffers.size).toBe(1);
      expect([...buffers][0]).toBeInstanceOf(SharedArrayBuffer);
      // And every slip still draws it.
      expect(mailer.sent).toHaveLength(10);
      for (const m of mailer.sent) expect(m.attachments![0]!.content.toString('latin1')).toContain('/Subtype /Image');
    });

    it('finishes at once when nobody is due a slip', async () => {
      const res = await start({ month: 10, year: 2026 });
      expect(res.statusCode).toBe(202);
      await finished(res.json().runId);
      expect(await report(res.json().runId)).toMatchObject({ total: 0, sent: 0, status: 'done' });
    });

    it('parses the month like the single email and refuses future months', async () => {
      const bad = await start({ month: 'Octobre', year: 2026 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/^month must be a month name/);
      expect((await start({ month: 'May', year: '26' })).json().msg).toMatch(/^year must be a four-digit year/);
      const future = await start({ month: 'December', year: 2026 });
      expect(future.statusCode).toBe(400);
      expect(future.json().msg).toMatch(/December 2026 has not started yet/);
    });

    it('is for admins only, and 404s an unknown run', async () => {
      const [e] = await people(1);
      expect((await start({ month: 'Oct', year: 2026 }, e!.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/salary/runs', headers: auth(e!.token) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/salary/runs/999', headers: auth(t.admin.token) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/salary/runs/999/retry', headers: auth(t.admin.token) })).statusCode).toBe(404);
      // A malformed id names nothing: the same 404 as an unknown one (malformed-ids.test.ts).
      expect((await t.app.inject({ method: 'GET', url: '/api/salary/runs/abc', headers: auth(t.admin.token) })).statusCode).toBe(404);
    });
  });

  describe('failures and retry', () => {
    beforeEach(() => open(new MemoryMailer((to) => to.startsWith('bounce'))));

    it('records failed sends with their errors, and a retry sends just those, once', async () => {
      const ok = await people(3);
      const bouncing = [await t.employee({ email: 'bounce1@test.local' }), await t.employee({ email: 'bounce2@test.local' })];
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      await finished(runId);

      const first = await report(runId);
      expect(first).toMatchObject({ status: 'done', total: 5, sent: 3, failed: 2, pending: 0 });
      expect(first.errors).toEqual(bouncing.map((b) => ({ employeeId: b.employeeId, error: `550 mailbox unavailable: ${b.email}` })));

      (mailer as MemoryMailer).refuse = () => false;
      const retry = await t.app.inject({ method: 'POST', url: `/api/salary/runs/${runId}/retry`, headers: auth(t.admin.token) });
      expect(retry.statusCode).toBe(202);
      expect(retry.json()).toEqual({ msg: `Retrying 2 failed salary slips of run ${runId}`, runId });
      await finished(runId);

      expect(await report(runId)).toMatchObject({ status: 'done', total: 5, sent: 5, failed: 0, pending: 0, errors: [] });
      expect(notExactlyOnce([...ok, ...bouncing], mailer.sent)).toEqual([]);
      const items = await itemStatuses(runId);
      expect(items.filter((i) => i.attempts === 2).map((i) => i.user_id)).toEqual(bouncing.map((b) => b.id));
      expect(items.every((i) => i.status === 'sent' && i.error === null)).toBe(true);

      const nothing = await t.app.inject({ method: 'POST', url: `/api/salary/runs/${runId}/retry`, headers: auth(t.admin.token) });
      expect(nothing.json().msg).toBe(`Run ${runId} has no failed salary slips to retry`);
    });

    it('marks an item failed when its slip cannot be made, and keeps going', async () => {
      configurePayrollRuns(t.ctx, { concurrency: 1 });
      const staff = await people(3);
      // Joined after the month once the run began (an edit mid-run): the slip is refused, others go out.
      await t.ctx.database.db.updateTable('employees').set({ joined_on: '2026-12-01' }).where('user_id', '=', staff[1]!.id).execute();
      const run = await t.ctx.database.db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('payroll_runs').values({ month: '2026-10', status: 'running', total: 3, created_by: t.admin.id, created_at: TEST_NOW.toISOString(), finished_at: null }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('payroll_run_items').values(staff.map((s) => ({ run_id: id, user_id: s.id, status: 'pending' as const, updated_at: TEST_NOW.toISOString() }))).execute();
        return id;
      });
      await resumePayrollRuns(t.ctx);
      const r = await report(String(run));
      expect(r).toMatchObject({ status: 'done', sent: 2, failed: 1 });
      expect(r.errors).toEqual([{ employeeId: staff[1]!.employeeId, error: expect.stringMatching(/^Slip not generated: .*joined on 2026-12-01/) }]);
    });
  });

  describe('an approved month', () => {
    beforeEach(() => open(new GateMailer(0)));

    it('emails the slips as approved, even when a salary changes while the run is going', async () => {
      configurePayrollRuns(t.ctx, { batchSize: 1, concurrency: 1 });
      const staff = await people(2, { salaryPaise: 30_000_00 });
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      // The first slip is held at the mail server, the second not built yet: its salary changes now.
      await eventually(() => (mailer as GateMailer).held.length === 1, 10_000, 'the first slip to be held');
      const edit = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${staff[1]!.id}`, headers: auth(t.admin.token), payload: { name: 'Person', email: staff[1]!.email, position: 'Analyst', salary: 90_000 } });
      expect(edit.statusCode).toBe(200);
      (mailer as GateMailer).release();
      await finished(runId);
      for (const mail of mailer.sent) {
        // The monthly gross as approved, not the ₹90,000 saved afterwards (that waits for a re-run).
        expect((await pdfText(mail.attachments![0]!.content)).text.replace(/\s+/g, ' ')).toContain('Monthly Gross ₹30,000.00');
      }
      expect(mailer.sent).toHaveLength(2);
    });
  });

  describe('one run per month', () => {
    beforeEach(() => open(new GateMailer(0)));

    it('runs a month once: 409 while its run is sending and after, as the month is locked; another month is independent', async () => {
      await people(2);
      const first = await start({ month: 'October', year: 2026 });
      expect(first.statusCode).toBe(202);
      const { runId } = first.json();
      const second = await start({ month: '10', year: '2026' });
      expect(second.statusCode).toBe(409);
      expect(second.json().msg).toMatch(/^October 2026 is approved and locked/);
      // Another month is independent.
      expect((await start({ month: 'September', year: 2026 })).statusCode).toBe(202);

      (mailer as GateMailer).release();
      await finished(runId);
      const third = await start({ month: 'October', year: 2026 });
      expect(third.statusCode).toBe(409);
      expect(await t.ctx.database.db.selectFrom('payroll_runs').select('month').where('month', '=', '2026-10').execute()).toHaveLength(1);
    });

    it('has the database refuse a second running run of a month, whatever the service checked', async () => {
      const row = { month: '2026-10', status: 'running' as const, total: 0, created_by: null, created_at: TEST_NOW.toISOString(), finished_at: null };
      await t.ctx.database.db.insertInto('payroll_runs').values(row).execute();
      // The message, not the error's class: better-sqlite3's errors are not always instances of jest's Error.
      const second = await t.ctx.database.db.insertInto('payroll_runs').values(row).execute().then(() => 'inserted', (e: Error) => e.message);
      expect(second).toMatch(/unique|duplicate/i);
      expect(await t.ctx.database.db.selectFrom('payroll_runs').select('id').execute()).toHaveLength(1);
      await t.ctx.database.db.insertInto('payroll_runs').values({ ...row, status: 'done' }).execute();
    });
  });

  describe('two instances on one database', () => {
    beforeEach(() => open(new MemoryMailer()));

    it('share a run through their claims: every slip goes out once, and the run is closed', async () => {
      const staff = await people(40);
      const other = new MemoryMailer();
      const second = await reopenApp(t, other);
      try {
        for (const ctx of [t.ctx, second.ctx]) configurePayrollRuns(ctx, { batchSize: 3, concurrency: 2 });
        const { runId } = (await start({ month: 'October', year: 2026 })).json();
        // The second instance joins the run the first one started, as its sweep would.
        await resumePayrollRuns(second.ctx);
        await finished(runId);
        expect(notExactlyOnce(staff, mailer.sent, other.sent)).toEqual([]);
        expect(await report(runId)).toMatchObject({ status: 'done', total: 40, sent: 40, pending: 0 });
        // Every item was recorded by the instance that claimed it.
        const owners = await t.ctx.database.db.selectFrom('payroll_run_items').select('claimed_by').where('run_id', '=', Number(runId)).execute();
        expect(owners.every((o) => o.claimed_by !== null)).toBe(true);
      } finally {
        await second.close();
      }
    });
  });

  describe('restart', () => {
    const N = 30;
    const OPEN = 5;
    const CONCURRENCY = 8;
    beforeEach(() => open(new GateMailer(OPEN)));

    const sentInDb = async (runId: string, ctx = t.ctx) => (await itemStatuses(runId, ctx)).filter((i) => i.status === 'sent').length;

    it('resumes a run after the app is closed mid-run, emailing nobody twice', async () => {
      const gate = mailer as GateMailer;
      const staff = await people(N);
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      // 5 mails accepted and recorded; 8 workers now wait on the mail server.
      await eventually(async () => gate.held.length === CONCURRENCY && (await sentInDb(runId)) === OPEN, 10_000, 'the first sends');

      // Closing lets the sends in flight finish and be recorded, then stops taking new items.
      const closing = t.app.close();
      await eventually(() => isPayrollStopping(t.ctx), 20_000, 'the close to reach the payroll processor');
      gate.release();
      await closing;
      expect(isPayrollRunActive(t.ctx, Number(runId))).toBe(false);
      expect(gate.sent).toHaveLength(OPEN + CONCURRENCY);

      // The closed app closed its database too, after those sends were recorded: the next one reads them.
      const next = new MemoryMailer();
      const restarted = await reopenApp(t, next);
      try {
        expect(await sentInDb(runId, restarted.ctx)).toBe(OPEN + CONCURRENCY);
        await resumePayrollRuns(restarted.ctx);
        expect(next.sent).toHaveLength(N - OPEN - CONCURRENCY);
        expect(notExactlyOnce(staff, gate.sent, next.sent)).toEqual([]);
        const res = await restarted.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: auth(t.admin.token) });
        expect(res.json()).toMatchObject({ status: 'done', total: N, sent: N, failed: 0, pending: 0 });
      } finally {
        await restarted.close();
      }
    });

    it('resumes after a crash: sends that were never accepted go out once from the new process', async () => {
      const gate = mailer as GateMailer;
      const staff = await people(N);
      const { runId } = (await start({ month: 'October', year: 2026 })).json();
      await eventually(async () => gate.held.length === CONCURRENCY && (await sentInDb(runId)) === OPEN, 10_000, 'the first sends');

      // The old process is frozen mid-send (as if killed); a new one starts on the same database
      // once the old one's lease on its claimed items has passed.
      const next = new MemoryMailer();
      const restarted = await reopenApp(t, next, new Date(TEST_NOW.getTime() + DEFAULT_LEASE_TIMING.leaseMs + 1000));
      try {
        await resumePayrollRuns(restarted.ctx);
        expect(notExactlyOnce(staff, gate.sent, next.sent)).toEqual([]);
        expect(next.sent).toHaveLength(N - OPEN);

        // Late failures from the frozen process cannot undo what the new one recorded.
        const stopped = stopPayrollRuns(t.ctx);
        gate.fail();
        await stopped;
        const res = await restarted.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: auth(t.admin.token) });
        expect(res.json()).toMatchObject({ status: 'done', sent: N, failed: 0, pending: 0 });
        expect(notExactlyOnce(staff, gate.sent, next.sent)).toEqual([]);
      } finally {
        await restarted.close();
      }
    });
  });
});
