/**
 * Three instances of the real server (src/server/main.ts, each its own process and port) on one
 * fresh PostgreSQL database act as one system. They start together on the empty database (one
 * migrates and creates the admin, the others wait and find it done), a workload is spread over
 * them (an import, punches, leave requests and decisions, a payroll run), and the instance that
 * started the payroll run is killed with SIGKILL in the middle of it. Then:
 * - the run finishes through the other two (they take its items over once its leases pass);
 * - every employee has a slip, and only a send in flight at the kill can have gone out twice;
 * - every write that got a 2xx answer, from any instance, is in the database;
 * - a lockout reached on one instance holds on the others, and a logout on one is honoured by all.
 *
 * Runs when DATABASE_URL is set (skipped otherwise). Nothing is timed: it waits for conditions,
 * with deadlines generous enough for a busy 2-core machine.
 */
import { OVERRIDE_BLOCKING } from '../test/salary-test-helpers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dateInZone } from '../../shared/format';
import { weekdayOf } from '../../shared/payroll/pay-month';
import { startTestSmtp, type TestSmtp } from '../mail/smtp-test-server';
import { withPgClient } from '../db/database';
import { testSchemaPrefix } from '../test/test-app';
import { ADMIN_EMAIL, createClient, mintTokens, multipartCsv, noonTimeZone, startServer, waitFor, type ServerProcess } from '../test/reliability-harness';

const PG = process.env.DATABASE_URL;
const EMPLOYEES = 300;
/** DEFAULT_PAYROLL_RUN_TUNING.concurrency: sends one instance has in flight at once. */
const IN_FLIGHT = 8;
const ADMIN_PASSWORD = 'multi-instance-admin-password';
const TZ = noonTimeZone();
const log = (line: string) => console.log(`[multi-instance] ${line}`);

/** The database name in a URL replaced (the test's own fresh database). */
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

(PG ? describe : describe.skip)('three instances on one PostgreSQL database', () => {
  const dbName = `${testSchemaPrefix()}mi_${randomBytes(4).toString('hex')}`;
  const dbUrl = PG ? withDatabase(PG, dbName) : '';
  const dataDirs: string[] = [];
  let smtp: TestSmtp;
  let servers: ServerProcess[] = [];
  const clients: ReturnType<typeof createClient>[] = [];

  beforeAll(async () => {
    await withPgClient(PG!, (c) => c.query(`create database "${dbName}"`));
    smtp = await startTestSmtp();
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s.stop()));
    await smtp?.close();
    await withPgClient(PG!, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    // A stop may take its whole 20 s grace on a loaded machine, then the mail server and the database go.
  }, 90_000);

  const query = <T extends object>(text: string, params: unknown[] = []) => withPgClient(dbUrl, async (c) => (await c.query<T>(text, params)).rows);
  const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const mailsTo = (pattern: RegExp) => {
    const byRecipient = new Map<string, number>();
    for (const m of smtp.received) if (pattern.test(subjectOf(m.raw))) for (const to of m.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
    return byRecipient;
  };

  it('share the work, survive the kill of the instance running the payroll, and keep limits and logouts shared', async () => {
    // ---- three instances start together on the empty database ----
    servers = await Promise.all(
      [0, 1, 2].map(() => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-multi-'));
        dataDirs.push(dataDir);
        return startServer({ dataDir, timeZone: TZ, timeoutMs: 180_000, env: { DATABASE_URL: dbUrl, SMTP_URL: smtp.url, ADMIN_PASSWORD } });
      }),
    );
    const a = servers[0]!;
    const http = servers.map((s) => createClient(s.url, 16));
    clients.push(...http);
    const [ha, hb, hc] = http as [ReturnType<typeof createClient>, ReturnType<typeof createClient>, ReturnType<typeof createClient>];
    const admins = await query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
    expect(admins[0]!.n).toBe(1);

    // A real sign-in on A; its token works on B and C.
    const login = await ha.request('POST', '/api/auth/admin-login', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const adminToken = (JSON.parse(login.body) as { token: string }).token;

    // ---- an import on B; the invitations go out once each, whoever sends them ----
    const emails = Array.from({ length: EMPLOYEES }, (_, i) => `mi.${i + 1}@multi.test`);
    const csv = multipartCsv(['name,email,position,salary', ...emails.map((e, i) => `Multi ${i + 1},${e},Engineer,${30000 + i}`)].join('\n'));
    const imported = await hb.request('POST', '/api/employee/upload', { token: adminToken, headers: { 'content-type': csv.contentType }, body: csv.body, timeoutMs: 120_000 });
    expect(imported.status).toBe(200);
    await waitFor('every invitation at the mail server', () => mailsTo(/account is ready/).size === EMPLOYEES, 180_000, 50);
    const invitations = mailsTo(/account is ready/);
    expect([...invitations.values()].filter((n) => n !== 1)).toEqual([]);

    const list = await hc.request('GET', '/api/employee', { token: adminToken });
    const staff = (JSON.parse(list.body) as { _id: string; employeeId: string; email: string }[]).map((e) => ({ userId: Number(e._id), employeeId: e.employeeId, email: e.email }));
    expect(staff).toHaveLength(EMPLOYEES);
    const mint = mintTokens();
    const tokens = await Promise.all(staff.map((e) => mint.employee(e)));

    // ---- punches and leave decisions spread over the three ----
    const acked = { punchIn: [] as number[], leaves: [] as { id: number; status: string }[] };
    await Promise.all(
      staff.slice(0, 90).map(async (e, i) => {
        const r = await http[i % 3]!.request('POST', '/api/attendance/punch-in', { token: tokens[i] });
        if (r.status === 200) acked.punchIn.push(e.userId);
      }),
    );
    expect(acked.punchIn).toHaveLength(90);
    const later = (days: number) => dateInZone(new Date(Date.now() + days * 86_400_000), TZ);
    // Staff invited today may have no paid leave yet (pro-rated), and a Sunday is the weekly off: one
    // working day each, of Leave Without Pay, whatever the date of the run.
    const types = JSON.parse((await ha.request('GET', '/api/leave-types', { token: adminToken })).body) as { _id: string; name: string }[];
    const leaveTypeId = types.find((type) => type.name === 'Leave Without Pay')!._id;
    const workingDay = (days: number) => (weekdayOf(later(days)) === 0 ? later(days + 1) : later(days));
    for (let i = 0; i < 30; i++) {
      const day = workingDay(20 + i);
      const asked = await http[i % 3]!.request('POST', '/api/leave', { token: tokens[100 + i], json: { startDate: day, endDate: day, reason: 'multi-instance', leaveTypeId } });
      expect(asked.status).toBe(201);
      const id = Number((JSON.parse(asked.body) as { _id: string })._id);
      const status = i % 2 ? 'approved' : 'rejected';
      const decided = await http[(i + 1) % 3]!.request('PUT', `/api/leave/approve/${id}`, { token: adminToken, json: { status } });
      expect(decided.status).toBe(200);
      acked.leaves.push({ id, status });
    }

    // ---- a lockout reached on A holds on B and C ----
    const target = staff[200]!.email;
    for (let i = 0; i < 10; i++) {
      const r = await ha.request('POST', '/api/auth/employee-login', { json: { email: target, password: `wrong-password-${i}` } });
      expect(r.status).toBe(401);
    }
    for (const h of [hb, hc, ha]) {
      const r = await h.request('POST', '/api/auth/employee-login', { json: { email: target, password: 'any-password-at-all' } });
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }

    // ---- a logout on B is honoured by A and C ----
    const session = tokens[201]!;
    expect((await hc.request('GET', '/api/employee/me', { token: session })).status).toBe(200);
    expect((await hb.request('POST', '/api/auth/logout', { token: session })).status).toBe(200);
    for (const h of [ha, hc]) expect((await h.request('GET', '/api/employee/me', { token: session })).status).toBe(401);

    // ---- a payroll run started on A; A is killed in the middle of it ----
    smtp.delayMs = 100; // a slow mail server, so the run is still going when A dies
    // Only a month that is over can be approved and run: last month, with the staff (invited today)
    // joined from its first day.
    const [y, m] = dateInZone(new Date(), TZ).split('-').map(Number) as [number, number];
    const [runYear, runMonth] = m === 1 ? [y - 1, 12] : [y, m - 1];
    await query(`update employees set joined_on = $1`, [`${runYear}-${String(runMonth).padStart(2, '0')}-01`]);
    const started = await ha.request('POST', '/api/salary/email-all', { token: adminToken, json: { month: runMonth, year: runYear, ...OVERRIDE_BLOCKING } });
    expect(started.status).toBe(202);
    const runId = Number((JSON.parse(started.body) as { runId: string }).runId);

    // Punch-outs keep arriving at all three while the run goes and A dies; only 2xx answers count.
    const punchedOut: number[] = [];
    let stopPunching = false;
    const punching = (async () => {
      for (let i = 0; i < 90 && !stopPunching; i++) {
        const r = await http[i % 3]!.request('POST', '/api/attendance/punch-out', { token: tokens[i] }).catch(() => undefined);
        if (r?.status === 200) punchedOut.push(staff[i]!.userId);
      }
    })();

    await waitFor('a share of the slips at the mail server', () => mailsTo(/salary slip/).size >= EMPLOYEES / 5, 120_000, 5);
    await a.kill();
    const atKill = mailsTo(/salary slip/);
    const recordedAtKill = new Set(
      (await query<{ email: string }>(`select u.email from payroll_run_items i join users u on u.id = i.user_id where i.run_id = $1 and i.status = 'sent'`, [runId])).map((r) => r.email),
    );
    log(`killed A with ${atKill.size} slips at the mail server, ${recordedAtKill.size} recorded sent`);
    stopPunching = true;
    await punching;

    let report: { status: string; total: number; sent: number; failed: number; pending: number } | undefined;
    await waitFor(
      'B or C to take the run over and finish it',
      async () => {
        const r = await hb.request('GET', `/api/salary/runs/${runId}`, { token: adminToken });
        report = JSON.parse(r.body);
        return report!.status === 'done';
      },
      240_000,
      250,
    );
    expect(report).toMatchObject({ status: 'done', total: EMPLOYEES, sent: EMPLOYEES, failed: 0, pending: 0 });

    const slips = mailsTo(/salary slip/);
    const missing = staff.filter((e) => !slips.has(e.email)).map((e) => e.email);
    const extra = [...slips.values()].reduce((sum, n) => sum + n - 1, 0);
    const owners = await query<{ claimed_by: string; n: number }>(`select claimed_by, count(*)::int as n from payroll_run_items where run_id = $1 group by claimed_by`, [runId]);
    log(`run done: ${slips.size} employees with a slip, ${extra} sent twice; items recorded by ${owners.map((o) => `${o.claimed_by} (${o.n})`).join(', ')}`);
    expect(missing).toEqual([]);
    // Only the sends A had in flight at the kill can repeat, each once; nobody recorded as sent before it.
    expect(extra).toBeLessThanOrEqual(IN_FLIGHT);
    expect([...slips].filter(([to, n]) => n > 1 && recordedAtKill.has(to))).toEqual([]);
    // The run was finished by someone other than A: items recorded under a B or C worker id.
    expect(owners.filter((o) => !o.claimed_by.includes(`:${a.pid}:`)).length).toBeGreaterThan(0);

    // ---- no acknowledged write is lost ----
    const today = dateInZone(new Date(), TZ);
    const rows = await query<{ user_id: number; punch_in: string | null; punch_out: string | null }>(`select user_id, punch_in, punch_out from attendance where date = $1`, [today]);
    const byUser = new Map(rows.map((r) => [Number(r.user_id), r]));
    expect(acked.punchIn.filter((id) => !byUser.get(id)?.punch_in)).toEqual([]);
    expect(punchedOut.filter((id) => !byUser.get(id)?.punch_out)).toEqual([]);
    const leaves = await query<{ id: number; status: string }>(`select id, status from leaves where id = any($1::bigint[])`, [acked.leaves.map((l) => l.id)]);
    expect(new Map(leaves.map((l) => [Number(l.id), l.status]))).toEqual(new Map(acked.leaves.map((l) => [l.id, l.status])));
    expect((await query<{ n: number }>(`select count(*)::int as n from employees`))[0]!.n).toBe(EMPLOYEES);
    log(`acknowledged and present: ${acked.punchIn.length} punch-ins, ${punchedOut.length} punch-outs, ${acked.leaves.length} leave decisions`);

    // The two survivors still answer, and the lockout and logout still hold there.
    expect((await hc.request('GET', '/api/employee/me', { token: session })).status).toBe(401);
    expect((await hc.request('POST', '/api/auth/employee-login', { json: { email: target, password: 'any-password-at-all' } })).status).toBe(429);
  }, 600_000);
});
