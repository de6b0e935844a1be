/**
 * Crash safety on SQLite: the real server, a child process, is killed with SIGKILL in the
 * middle of a 50,000-row CSV import, of a storm of punches, of an import's invitations and of a
 * payroll run. After each kill the
 * database as the crash left it passes `PRAGMA integrity_check`, the server restarts on the same
 * DATA_DIR, and every write that got a 2xx answer is there.
 *
 * The kills need no hook in the server. The import's transaction is caught mid-write by watching its
 * WAL file grow with no answer yet (once its dirty pages outgrow the page cache, SQLite spills them
 * to the WAL before the commit frame); the storm is killed once a share of the punches is
 * acknowledged; the payroll run once a share of the slips is in the outbox.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { dateInZone } from '../../shared/format';
import {
  checkCrashedCopy,
  checkSqliteFile,
  createClient,
  mintTokens,
  multipartCsv,
  noonTimeZone,
  outboxCount,
  readOutbox,
  seedDataDir,
  sleep,
  startServer,
  truncateWal,
  waitFor,
  walSize,
  type Seeded,
  type ServerProcess,
} from '../test/reliability-harness';

const IMPORT_ROWS = 50_000;
const log = (line: string) => console.log(`[crash-safety] ${line}`);

// One zone for the whole file, so "today" is the same day for the server and for the checks.
const TZ = noonTimeZone();
const today = () => dateInZone(new Date(), TZ);

async function restart(seed: Seeded): Promise<ServerProcess> {
  return startServer({ dataDir: seed.dataDir, timeZone: TZ });
}

describe('crash safety: SIGKILL on the real server (SQLite)', () => {
  let server: ServerProcess | undefined;
  const dataDirs: string[] = [];
  const seeded = async (opts: Parameters<typeof seedDataDir>[0]) => {
    const seed = await seedDataDir(opts);
    dataDirs.push(seed.dataDir);
    return seed;
  };
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  // ---------------------------------------------------------------------------------------------
  describe('a 50,000-row CSV import', () => {
    type Strategy = { kind: 'after-response' } | { kind: 'wal'; bytes: number } | { kind: 'delay'; ms: number };

    interface Attempt {
      k: number;
      strategy: string;
      answered: number | undefined;
      walGrowthAtKill: number;
      msAfterBodySent: number;
      imported: number;
    }

    const csvFor = (k: number) =>
      'name,email,position,salary\n' +
      Array.from({ length: IMPORT_ROWS }, (_, i) => `Import ${k} Person ${i},imp${k}-${i}@crash.test,Engineer,${30000 + (i % 5000)}`).join('\n') +
      '\n';

    /** Sends the upload, kills the server as the strategy says, and reports what the client saw. */
    async function uploadAndKill(srv: ServerProcess, token: string, k: number, strategy: Strategy) {
      const { body, contentType } = multipartCsv(csvFor(k), `crash-${k}.csv`);
      const url = new URL('/api/employee/upload', srv.url);
      let bodySentAt = 0;
      let answered: number | undefined;
      const response = new Promise<void>((resolve) => {
        const req = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'x-auth-token': token, 'content-type': contentType, 'content-length': String(body.length) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              answered = res.statusCode;
              resolve();
            });
            res.on('error', () => resolve());
          },
        );
        req.on('error', () => resolve()); // the kill resets the connection: no answer
        req.on('finish', () => (bodySentAt = Date.now()));
        req.end(body);
      });

      await waitFor('the upload body to be sent', () => bodySentAt > 0, 30_000, 1);
      const walBase = walSize(srv.dataDir);
      if (strategy.kind === 'after-response') {
        await response;
      } else if (strategy.kind === 'delay') {
        await Promise.race([response, sleep(strategy.ms)]);
      } else {
        await waitFor('the WAL to grow', () => answered !== undefined || walSize(srv.dataDir) - walBase >= strategy.bytes, 120_000, 2);
      }
      const msAfterBodySent = Date.now() - bodySentAt;
      const answeredBeforeKill = answered;
      const walGrowthAtKill = walSize(srv.dataDir) - walBase;
      await srv.kill();
      await response;
      return { answered: answeredBeforeKill, walGrowthAtKill, msAfterBodySent };
    }

    it('leaves 0 or 50,000 new employees, never a part; an acknowledged import survives', async () => {
      const seed = await seeded({ employees: 0 });
      const tokens = mintTokens();
      const adminToken = await tokens.admin(seed.admin.userId);
      server = await restart(seed);

      const attempts: Attempt[] = [];
      let committedImports = 0;
      let fullWalGrowth = 0;
      let fullMs = 0;

      // First a kill the moment the 200 arrives (an acknowledged import must survive; it also
      // measures how long an import takes and how much WAL it writes). Then kills inside that
      // window: on WAL growth (pages of the open transaction being written) and after a delay; two
      // more only if none of those caught the transaction writing.
      const midTransactionSeen = () => attempts.some((a) => a.answered === undefined && a.walGrowthAtKill > 0 && a.imported === 0);
      const plan = (i: number): Strategy | undefined => {
        const walAt = (share: number) => Math.max(64 * 1024, Math.floor(fullWalGrowth * share));
        if (i === 0) return { kind: 'after-response' };
        if (i === 1) return { kind: 'wal', bytes: walAt(0.3) };
        if (i === 2) return { kind: 'delay', ms: Math.floor(fullMs / 2) };
        if (midTransactionSeen()) return undefined;
        if (i === 3) return { kind: 'wal', bytes: walAt(0.7) };
        if (i === 4) return { kind: 'delay', ms: Math.floor(fullMs * 0.8) };
        return undefined;
      };

      for (let i = 0; ; i++) {
        const strategy = plan(i);
        if (!strategy) break;
        const k = i + 1;
        // A zero-length WAL before each upload, so its growth is this import's writing alone.
        truncateWal(seed.dataDir);
        const seen = await uploadAndKill(server, adminToken, k, strategy);

        const crashed = checkCrashedCopy(seed.dataDir, (db) => ({
          users: (db.prepare(`select count(*) n from users where email like ?`).get(`imp${k}-%`) as { n: number }).n,
          employees: (db.prepare(`select count(*) n from employees e join users u on u.id = e.user_id where u.email like ?`).get(`imp${k}-%`) as { n: number }).n,
          audits: (db.prepare(`select count(*) n from audit_log where action = 'employee.import'`).get() as { n: number }).n,
          counter: (db.prepare(`select value from counters where name = 'employee_id'`).get() as { value: number }).value,
          highestId: (db.prepare(`select max(cast(substr(employee_id, 4) as integer)) m from employees`).get() as { m: number | null }).m ?? 0,
        }));
        const c = crashed.result;
        const attempt: Attempt = {
          k,
          strategy: strategy.kind === 'after-response' ? 'after the 200' : strategy.kind === 'wal' ? `WAL +${strategy.bytes} B` : `${strategy.ms} ms after the body`,
          answered: seen.answered,
          walGrowthAtKill: seen.walGrowthAtKill,
          msAfterBodySent: seen.msAfterBodySent,
          imported: c.users,
        };
        attempts.push(attempt);
        log(`import ${k}: kill ${attempt.strategy} (${seen.msAfterBodySent} ms after the body, WAL +${seen.walGrowthAtKill} B, answer ${seen.answered ?? 'none'}) -> ${c.users} employees`);

        expect(crashed.integrity).toBe('ok');
        // All or nothing, in every table the import writes.
        expect([0, IMPORT_ROWS]).toContain(c.users);
        expect(c.employees).toBe(c.users);
        if (c.users) committedImports += 1;
        expect(c.audits).toBe(committedImports);
        // The business-id counter moved exactly with the committed rows: no id handed out twice.
        expect(c.counter).toBe(c.highestId);
        // An acknowledged import is on disk.
        if (seen.answered !== undefined) {
          expect(seen.answered).toBe(200);
          expect(c.users).toBe(IMPORT_ROWS);
        }
        if (i === 0) {
          fullWalGrowth = seen.walGrowthAtKill;
          fullMs = seen.msAfterBodySent;
        }

        // The server opens the crashed files itself. The invitations this import still owes would
        // then go out beside the next attempt and muddle its WAL measurements; they are the subject
        // of the invitations test below, so after that recovery they are marked done.
        server = await restart(seed);
        await server.stop();
        checkSqliteFile(seed.dbFile, (db) => db.prepare('update users set invite_pending = 0').run());
        server = await restart(seed);
      }

      // The API serves exactly what the checks found committed.
      const client = createClient(server.url, 2);
      const list = await client.request('GET', '/api/employee', { token: adminToken });
      client.close();
      expect(list.status).toBe(200);
      const listed = JSON.parse(list.body) as { email: string }[];
      for (const a of attempts) expect(listed.filter((e) => e.email.startsWith(`imp${a.k}-`)).length).toBe(a.imported);

      await server.stop();
      server = undefined;
      expect(checkSqliteFile(seed.dbFile).integrity).toBe('ok');

      const outcomes = new Set(attempts.map((a) => a.imported));
      // A kill that found the transaction writing (WAL grown) with no answer, and nothing committed:
      // the proof that a half-written import rolls back.
      const midTransaction = attempts.filter((a) => a.answered === undefined && a.walGrowthAtKill > 0 && a.imported === 0);
      log(`outcomes seen: ${[...outcomes].join(' and ')}; kills in the middle of the transaction: ${midTransaction.length} of ${attempts.length}`);
      expect(outcomes.has(IMPORT_ROWS)).toBe(true);
      expect(midTransaction.length).toBeGreaterThan(0);
    }, 300_000);
  });

  // ---------------------------------------------------------------------------------------------
  it('keeps every acknowledged punch through a kill during a storm of punches', async () => {
    const STORM = 600;
    const seed = await seeded({ employees: STORM });
    const tokens = mintTokens();
    const employeeTokens = await Promise.all(seed.employees.map((e) => tokens.employee(e)));
    server = await restart(seed);
    const date = today();

    // Every employee punches in, then out, all at once (a connection each); answers are recorded as
    // they arrive.
    const client = createClient(server.url, STORM);
    const ackIn = new Set<number>();
    const ackOut = new Set<number>();
    const unexpected: string[] = [];
    let cutOff = 0;
    const storm = seed.employees.map(async (e, i) => {
      try {
        const a = await client.request('POST', '/api/attendance/punch-in', { token: employeeTokens[i] });
        if (a.status !== 200) return void unexpected.push(`punch-in ${a.status} ${a.body}`);
        ackIn.add(e.userId);
        const b = await client.request('POST', '/api/attendance/punch-out', { token: employeeTokens[i] });
        if (b.status !== 200) return void unexpected.push(`punch-out ${b.status} ${b.body}`);
        ackOut.add(e.userId);
      } catch {
        cutOff += 1; // the kill cut the connection: no answer, so no promise was made
      }
    });
    // Killed with both kinds acknowledged and both still coming (the punch-outs queue behind the ins).
    await waitFor('half the punch-ins and a tenth of the punch-outs to be acknowledged', () => ackIn.size >= STORM / 2 && ackOut.size >= STORM / 10, 60_000, 1);
    await server.kill();
    await Promise.all(storm);
    client.close();

    const crashed = checkCrashedCopy(seed.dataDir, (db) =>
      db.prepare(`select user_id, punch_in, punch_out from attendance where date = ?`).all(date) as { user_id: number; punch_in: string | null; punch_out: string | null }[],
    );
    expect(crashed.integrity).toBe('ok');
    const rows = new Map(crashed.result.map((r) => [r.user_id, r]));
    const lostIn = [...ackIn].filter((id) => !rows.get(id)?.punch_in);
    const lostOut = [...ackOut].filter((id) => !rows.get(id)?.punch_out);
    log(
      `storm of ${STORM}: killed with ${ackIn.size} punch-ins and ${ackOut.size} punch-outs acknowledged, ${cutOff} employees cut off; ` +
        `${rows.size} records on disk (${[...rows.keys()].filter((id) => !ackIn.has(id)).length} committed but unanswered); lost: ${lostIn.length + lostOut.length}`,
    );
    expect(lostIn).toEqual([]);
    expect(lostOut).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(crashed.result.filter((r) => r.punch_out && !r.punch_in)).toEqual([]);
    expect(cutOff).toBeGreaterThan(0); // the kill did land in the middle of the storm

    // After the restart the API shows the same day, and the state is coherent: a punch-in is a 409
    // exactly for the employees whose record exists, and a 200 for the rest.
    server = await restart(seed);
    const after = createClient(server.url, 32);
    const listed = await after.request('GET', `/api/attendance?date=${date}`, { token: await tokens.admin(seed.admin.userId) });
    expect(listed.status).toBe(200);
    expect((JSON.parse(listed.body) as unknown[]).length).toBe(rows.size);
    const again = await Promise.all(
      seed.employees.map(async (e, i) => ({ userId: e.userId, status: (await after.request('POST', '/api/attendance/punch-in', { token: employeeTokens[i] })).status })),
    );
    after.close();
    expect(again.filter((a) => a.status !== (rows.has(a.userId) ? 409 : 200))).toEqual([]);

    await server.stop();
    server = undefined;
    expect(checkSqliteFile(seed.dbFile).integrity).toBe('ok');
  }, 120_000);

  // ---------------------------------------------------------------------------------------------
  it('sends, after a kill, the invitations an import had not sent yet; none is lost', async () => {
    const ROWS = 3_000;
    // createInvitations' batch size: the flags of a batch are cleared after all its mails, so a kill
    // can repeat at most the part of one batch that was already mailed.
    const BATCH = 200;
    const seed = await seeded({ employees: 0 });
    const adminToken = await mintTokens().admin(seed.admin.userId);
    const outbox = path.join(seed.dataDir, 'outbox');
    server = await restart(seed);

    const emails = Array.from({ length: ROWS }, (_, i) => `invitee.${i + 1}@crash.test`);
    const { body, contentType } = multipartCsv(['name,email,position,salary', ...emails.map((e, i) => `Invitee ${i + 1},${e},Engineer,30000`)].join('\n'));
    const client = createClient(server.url, 1);
    const answer = await client.request('POST', '/api/employee/upload', { token: adminToken, headers: { 'content-type': contentType }, body });
    client.close();
    expect(answer.status).toBe(200);
    await waitFor('a tenth of the invitations in the outbox', () => outboxCount(outbox) >= ROWS / 10, 60_000, 5);
    await server.kill();

    const pendingAtKill = checkCrashedCopy(seed.dataDir, (db) => (db.prepare('select count(*) as n from users where invite_pending = 1').get() as { n: number }).n).result;
    const mailedAtKill = readOutbox(outbox).files;
    expect(pendingAtKill).toBeGreaterThan(0); // the kill did cut the queue short
    log(`invitations: killed with ${mailedAtKill} of ${ROWS} in the outbox, ${pendingAtKill} still pending`);

    server = await restart(seed);
    await waitFor('every invitation in the outbox', () => outboxCount(outbox) >= ROWS, 120_000, 50);
    await waitFor('no invitation pending', () => checkSqliteFile(seed.dbFile, (db) => (db.prepare('select count(*) as n from users where invite_pending = 1').get() as { n: number }).n).result === 0, 30_000, 100);
    const final = readOutbox(outbox);
    expect(final.unreadable).toEqual([]);
    expect(emails.filter((e) => !final.byRecipient.has(e))).toEqual([]);
    const repeats = [...final.byRecipient.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(repeats).toBeLessThanOrEqual(BATCH);
    log(`invitations after the restart: all ${ROWS} sent, ${repeats} sent twice`);
  }, 240_000);

  // ---------------------------------------------------------------------------------------------
  it('resumes a payroll run killed mid-way; only a send in flight at the kill can repeat', async () => {
    const EMPLOYEES = 2_000;
    // The processor's CONCURRENCY (DEFAULT_PAYROLL_RUN_TUNING.concurrency): sends in flight at once.
    const IN_FLIGHT = 8;
    const seed = await seeded({ employees: EMPLOYEES, joinedOn: '2020-01-01' });
    const adminToken = await mintTokens().admin(seed.admin.userId);
    const outbox = path.join(seed.dataDir, 'outbox');
    server = await restart(seed);

    // Last month in the company's zone: started, and everyone had joined by then.
    const [y, m] = today().split('-').map(Number) as [number, number];
    const month = m === 1 ? { month: 12, year: y - 1 } : { month: m - 1, year: y };
    const client = createClient(server.url, 4);
    const started = await client.request('POST', '/api/salary/email-all', { token: adminToken, json: month });
    client.close();
    expect(started.status).toBe(202);
    const runId = Number((JSON.parse(started.body) as { runId: string }).runId);

    await waitFor('a quarter of the slips in the outbox', () => outboxCount(outbox) >= EMPLOYEES / 4, 120_000, 5);
    await server.kill();

    const atKill = readOutbox(outbox);
    const crashed = checkCrashedCopy(seed.dataDir, (db) => ({
      run: db.prepare(`select status, total from payroll_runs where id = ?`).get(runId) as { status: string; total: number },
      sent: new Set((db.prepare(`select u.email from payroll_run_items i join users u on u.id = i.user_id where i.run_id = ? and i.status = 'sent'`).all(runId) as { email: string }[]).map((r) => r.email)),
    }));
    expect(crashed.integrity).toBe('ok');
    // The 202 was acknowledged: the run and all its items are on disk.
    expect(crashed.result.run).toEqual({ status: 'running', total: EMPLOYEES });
    const sentAtKill = crashed.result.sent;
    // Every item recorded 'sent' has its mail in the outbox: the mark follows the send, never precedes it.
    expect([...sentAtKill].filter((to) => !atKill.byRecipient.has(to))).toEqual([]);
    // Mailed but not yet recorded at the kill: the at-least-once window. The processor has at most
    // IN_FLIGHT sends between "handed to the transport" and "marked sent".
    const inWindow = [...atKill.byRecipient.keys()].filter((to) => !sentAtKill.has(to));
    expect(inWindow.length + atKill.unreadable.length).toBeLessThanOrEqual(IN_FLIGHT);

    // The restart resumes the run on its own and finishes it.
    server = await restart(seed);
    const poller = createClient(server.url, 2);
    let report: { status: string; total: number; sent: number; failed: number; pending: number } | undefined;
    await waitFor(
      'the resumed run to finish',
      async () => {
        const r = await poller.request('GET', `/api/salary/runs/${runId}`, { token: adminToken });
        report = JSON.parse(r.body);
        return report!.status === 'done';
      },
      180_000,
      250,
    );
    poller.close();
    expect(report).toMatchObject({ status: 'done', total: EMPLOYEES, sent: EMPLOYEES, failed: 0, pending: 0 });

    const final = readOutbox(outbox);
    const everyone = seed.employees.map((e) => e.email);
    const missing = everyone.filter((to) => !final.byRecipient.has(to));
    const duplicated = [...final.byRecipient].filter(([, n]) => n > 1).map(([to]) => to);
    log(
      `payroll of ${EMPLOYEES}: killed with ${atKill.files} slips in the outbox, ${sentAtKill.size} recorded sent, ` +
        `${inWindow.length} mailed but unrecorded, ${atKill.unreadable.length} half-written; after the resume: ` +
        `${final.files} files, ${missing.length} employees without a slip, ${duplicated.length} with two`,
    );
    expect(missing).toEqual([]);
    expect([...final.byRecipient.keys()].filter((to) => !everyone.includes(to))).toEqual([]);
    // Nobody whose slip was recorded as sent before the kill got another one.
    expect(duplicated.filter((to) => sentAtKill.has(to))).toEqual([]);
    // A repeat is possible only for a send in the window at the kill, and only once.
    expect(duplicated.filter((to) => !inWindow.includes(to))).toEqual([]);
    expect([...final.byRecipient.values()].every((n) => n <= 2)).toBe(true);
    // No new half-written file: only the kill could cut one short.
    expect(final.unreadable).toEqual(atKill.unreadable);

    await server.stop();
    server = undefined;
    expect(checkSqliteFile(seed.dbFile).integrity).toBe('ok');
  }, 240_000);
});
