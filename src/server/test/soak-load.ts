/**
 * The load-and-soak run, shared by its short form in `npm test` (soak.test.ts) and its
 * long form (src/bench/soak.ts): N concurrent clients against the real server on SQLite (a child
 * process on loopback) for a fixed time, then a count of what the database holds against what was
 * acknowledged.
 *
 * Every request has one known expected answer, so any other status is an error:
 * - admin pollers: GET /api/attendance?date=<today> with If-None-Match -> 200, or 304 when a tag was sent;
 * - each employee client owns one employee and tracks its day: the first punch-in 200, a repeated
 *   one 409, the first punch-out after it 200, a repeated one 409;
 * - leave requests for a new single working day each time (never overlapping their own) -> 201: the
 *   first ten of the default type (Casual, within its 12 a year, so the balance check runs under
 *   load), then Leave Without Pay, which has no balance to run out of;
 * - status changes of the employee's own task -> 200.
 *
 * Memory: the server's RSS from /proc/<pid>/status, and its live heap after a full GC forced through
 * the V8 inspector; "no steady growth" compares the end of the run with just after warm-up.
 */
import { seededRandom } from '../../shared/seeded-random';
import fs from 'node:fs';
import { dateInZone } from '../../shared/format';
import { weekdayOf } from '../../shared/payroll/pay-month';
import {
  checkSqliteFile,
  createClient,
  mintTokens,
  noonTimeZone,
  percentile,
  readRssKb,
  seedDataDir,
  sleep,
  startServer,
  type SeededEmployee,
  type ServerProcess,
} from './reliability-harness';
import { connectInspector } from './inspector';

export interface SoakOptions {
  clients: number;
  durationMs: number;
  /** Load before the "after warm-up" memory reading. */
  warmupMs: number;
  /** Share of the clients that are admin pollers (at least one). */
  adminShare?: number;
  /** Each client waits a random 0..2×thinkMs between requests (0: back to back). */
  thinkMs?: number;
  /** Seed of the clients' random choices, for a repeatable mix. */
  seed?: number;
  log?: (line: string) => void;
}

type Kind = 'poll' | 'punch-in' | 'punch-out' | 'leave' | 'task';

export interface KindStats {
  requests: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SoakReport {
  clients: number;
  adminPollers: number;
  durationS: number;
  thinkMs: number;
  requests: number;
  throughputRps: number;
  errors: number;
  errorSamples: string[];
  /** The five slowest requests: latency, when they started, what they were. */
  slowest: string[];
  latency: { p50Ms: number; p99Ms: number; maxMs: number };
  byKind: Record<Kind, KindStats>;
  writes: {
    acknowledged: { punchIn: number; punchOut: number; leave: number; task: number };
    /** Acknowledged (2xx) but not in the database after the run. */
    lost: number;
    /** In the database without an acknowledgement (every request was answered, so: none allowed). */
    unexplained: number;
    details: string[];
  };
  integrity: string;
  memory: {
    rssStartMb: number;
    rssAfterWarmupMb: number;
    rssEndMb: number;
    rssPeakMb: number;
    rssGrowthAfterWarmupMb: number;
    /** The live heap right after a forced full GC: before the load, after warm-up, at the end. */
    heapStartMb: number;
    heapAfterWarmupMb: number;
    heapEndMb: number;
    heapGrowthMb: number;
  };
  /** RSS every second, seconds since the load began. */
  timeline: { rss: { s: number; mb: number }[] };
}


const TASK_CYCLE = ['in-progress', 'completed', 'assigned'] as const;
// Leave from next January on: clear of today's payroll months, and inside the ten years ahead that
// the server accepts a leave for.
const LEAVE_BASE = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1);
/** Requests of the default type per employee before the rest go to the unpaid type. */
const PAID_LEAVES = 10;
const mb = (kb: number | undefined) => Math.round(((kb ?? 0) / 1024) * 10) / 10;

/** Runs the soak against a fresh SQLite DATA_DIR; the DATA_DIR is removed afterwards. */
export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const log = opts.log ?? (() => {});
  const thinkMs = opts.thinkMs ?? 0;
  const adminPollers = Math.max(1, Math.round(opts.clients * (opts.adminShare ?? 0.1)));
  const employeeClients = Math.max(1, opts.clients - adminPollers);
  const timeZone = noonTimeZone();

  const seed = await seedDataDir({ employees: employeeClients, tasksPerEmployee: 1 });
  const tokens = mintTokens();
  const adminToken = await tokens.admin(seed.admin.userId);
  const employeeTokens = await Promise.all(seed.employees.map((e) => tokens.employee(e)));
  let server: ServerProcess | undefined;
  // Whatever happens, the server is stopped and its DATA_DIR removed.
  try {
    const srv = (server = await startServer({ dataDir: seed.dataDir, timeZone, inspect: true }));
    const client = createClient(srv.url, opts.clients + 4);
    const date = dateInZone(new Date(), timeZone);
    const leaveTypes = JSON.parse((await client.request('GET', '/api/leave-types', { token: adminToken })).body) as { _id: string; name: string }[];
    const unpaidTypeId = leaveTypes.find((t) => t.name === 'Leave Without Pay')!._id;

    const latencies: Record<Kind, number[]> = { poll: [], 'punch-in': [], 'punch-out': [], leave: [], task: [] };
    const statuses: Record<Kind, Record<string, number>> = { poll: {}, 'punch-in': {}, 'punch-out': {}, leave: {}, task: {} };
    const errorSamples: string[] = [];
    let errors = 0;
    const ack = { punchIn: new Set<number>(), punchOut: new Set<number>(), leaveIds: new Set<number>(), taskStatus: new Map<number, string>(), taskUpdates: 0 };
    // Writes whose outcome the client cannot know (no answer, or a 5xx): they may or may not be
    // stored, so they count neither as lost nor as unexplained (they are errors already).
    const inDoubt = { punchIn: new Set<number>(), punchOut: new Set<number>(), leaves: 0, taskStatuses: new Map<number, string[]>(), taskUpdates: 0 };
    let lastInDoubt = false;

    /**
     * One request: times it, counts its status, and counts it as an error unless the status is
     * expected. Returns the answer when expected; `lastInDoubt` tells whether a failed write may
     * still have been applied.
     */
    async function call(kind: Kind, method: string, path: string, expected: number[], body?: unknown, headers?: Record<string, string>, token = adminToken) {
      lastInDoubt = false;
      const started = performance.now();
      try {
        const answer = await client.request(method, path, { token, json: body, headers });
        noteLatency(kind, method, path, started);
        statuses[kind][answer.status] = (statuses[kind][answer.status] ?? 0) + 1;
        if (!expected.includes(answer.status)) {
          errors += 1;
          if (errorSamples.length < 10) errorSamples.push(`${when(started)} ${method} ${path}: ${answer.status} (expected ${expected.join('/')}) ${answer.body.slice(0, 200)}`);
          lastInDoubt = answer.status >= 500;
          return undefined;
        }
        return answer;
      } catch (err) {
        noteLatency(kind, method, path, started);
        statuses[kind].network = (statuses[kind].network ?? 0) + 1;
        errors += 1;
        if (errorSamples.length < 10) errorSamples.push(`${when(started)} ${method} ${path}: ${(err as Error).message} after ${Math.round(performance.now() - started)} ms`);
        lastInDoubt = true;
        return undefined;
      }
    }

    // The slowest requests with when they started: a stall shows as several starting together.
    const slowest: { ms: number; what: string }[] = [];
    const noteLatency = (kind: Kind, method: string, path: string, started: number) => {
      const ms = performance.now() - started;
      latencies[kind].push(ms);
      if (slowest.length < 5 || ms > slowest[slowest.length - 1]!.ms) {
        slowest.push({ ms, what: `${when(started)} ${method} ${path}` });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
      }
    };
    /** "@12.3s": when a request started, in seconds since the load began. */
    const when = (startedAt: number) => `@${((startedAt - loadStart) / 1000).toFixed(1)}s`;
    let loadStart = performance.now();
    let running = true;
    const think = async (rnd: () => number) => {
      if (thinkMs > 0) await sleep(rnd() * 2 * thinkMs);
    };

    async function adminPoller(index: number) {
      const rnd = seededRandom((opts.seed ?? 1) * 1000 + index);
      let etag: string | undefined;
      while (running) {
        const answer = await call('poll', 'GET', `/api/attendance?date=${date}`, etag ? [200, 304] : [200], undefined, etag ? { 'if-none-match': etag } : undefined);
        if (answer?.status === 200) etag = String(answer.headers.etag);
        await think(rnd);
      }
    }

    async function employeeClient(index: number, employee: SeededEmployee) {
      const rnd = seededRandom((opts.seed ?? 1) * 1000 + adminPollers + index);
      const token = employeeTokens[index]!;
      const taskId = employee.taskIds[0]!;
      let day: 'none' | 'in' | 'out' = 'none';
      let leaves = 0;
      let leavesAsked = 0;
      let taskStep = 0;
      while (running) {
        const pick = rnd();
        if (pick < 0.3) {
          if (day === 'none') {
            if (await call('punch-in', 'POST', '/api/attendance/punch-in', [200], undefined, undefined, token)) ack.punchIn.add(employee.userId);
            else if (lastInDoubt) inDoubt.punchIn.add(employee.userId);
            day = 'in'; // even when unanswered: the state is unknown, so never expect a 200 again
          } else if (day === 'in' && rnd() < 0.5) {
            if (await call('punch-out', 'POST', '/api/attendance/punch-out', [200], undefined, undefined, token)) ack.punchOut.add(employee.userId);
            else if (lastInDoubt) inDoubt.punchOut.add(employee.userId);
            day = 'out';
          } else if (rnd() < 0.5) {
            await call('punch-in', 'POST', '/api/attendance/punch-in', [409], undefined, undefined, token);
          } else {
            const wasIn = day === 'in';
            const answer = await call('punch-out', 'POST', '/api/attendance/punch-out', wasIn ? [200] : [409], undefined, undefined, token);
            if (wasIn) {
              if (answer) ack.punchOut.add(employee.userId);
              else if (lastInDoubt) inDoubt.punchOut.add(employee.userId);
              day = 'out';
            }
          }
        } else if (pick < 0.5) {
          let d: string;
          // Sunday is the weekly off: a leave on it holds no working day.
          do d = new Date(LEAVE_BASE + leaves++ * 86_400_000).toISOString().slice(0, 10);
          while (weekdayOf(d) === 0);
          const type = leavesAsked++ < PAID_LEAVES ? {} : { leaveTypeId: unpaidTypeId };
          const answer = await call('leave', 'POST', '/api/leave', [201], { startDate: d, endDate: d, reason: `soak ${d}`, ...type }, undefined, token);
          if (answer) ack.leaveIds.add(Number((JSON.parse(answer.body) as { _id: string })._id));
          else if (lastInDoubt) inDoubt.leaves += 1;
        } else {
          const status = TASK_CYCLE[taskStep++ % TASK_CYCLE.length]!;
          if (await call('task', 'PUT', `/api/task/${taskId}`, [200], { status }, undefined, token)) {
            ack.taskStatus.set(taskId, status);
            ack.taskUpdates += 1;
            inDoubt.taskStatuses.delete(taskId); // only in-doubt updates after the last answered one matter
          } else if (lastInDoubt) {
            inDoubt.taskStatuses.set(taskId, [...(inDoubt.taskStatuses.get(taskId) ?? []), status]);
            inDoubt.taskUpdates += 1;
          }
        }
        await think(rnd);
      }
    }

    // Memory: RSS sampled every 250 ms for the timeline. At the end of warm-up and at the end of the
    // run (both under the same load) a full GC is forced through the inspector and the live heap and
    // RSS are read right after it, so garbage V8 has not collected yet does not look like growth.
    const inspector = await connectInspector(srv.inspectorUrl!);
    const rss: { atMs: number; kb: number }[] = [];
    const rssStartKb = readRssKb(srv.pid) ?? 0;
    const heapStartMb = await inspector.liveHeapMb();
    loadStart = performance.now();
    const sampler = setInterval(() => {
      const kb = readRssKb(srv.pid);
      if (kb !== undefined) rss.push({ atMs: performance.now() - loadStart, kb });
    }, 250);
    const settle = async () => {
      const heapMb = await inspector.liveHeapMb();
      return { heapMb, rssKb: readRssKb(srv.pid) ?? 0 };
    };

    log(`${opts.clients} clients (${adminPollers} admin pollers, ${employeeClients} employees) for ${opts.durationMs / 1000} s against ${srv.url}`);
    // Clients join one after another over the first half of the warm-up, as users do.
    const rampMs = opts.warmupMs / 2;
    const joining = (i: number, run: () => Promise<void>) => sleep((i / opts.clients) * rampMs).then(run);
    const workers = [
      ...Array.from({ length: adminPollers }, (_, i) => joining(i, () => adminPoller(i))),
      ...seed.employees.map((e, i) => joining(adminPollers + i, () => employeeClient(i, e))),
    ];
    await sleep(opts.warmupMs);
    const warm = await settle();
    log(`warm-up done: live heap ${warm.heapMb} MB, RSS ${mb(warm.rssKb)} MB`);
    await sleep(Math.max(0, opts.durationMs - (performance.now() - loadStart)));
    const end = await settle();
    running = false;
    await Promise.all(workers);
    const elapsedS = (performance.now() - loadStart) / 1000;
    clearInterval(sampler);
    inspector.close();
    client.close();
    await srv.stop();

    // What the database holds, against what was acknowledged.
    const db = checkSqliteFile(seed.dbFile, (sqlite) => ({
      attendance: sqlite.prepare(`select user_id, punch_in, punch_out from attendance where date = ?`).all(date) as { user_id: number; punch_in: string | null; punch_out: string | null }[],
      leaveIds: (sqlite.prepare(`select id from leaves`).all() as { id: number }[]).map((r) => r.id),
      tasks: sqlite.prepare(`select id, status from tasks`).all() as { id: number; status: string }[],
      taskAudits: (sqlite.prepare(`select count(*) n from audit_log where action = 'task.status'`).get() as { n: number }).n,
    }));

    const details: string[] = [];
    let lost = 0;
    let unexplained = 0;
    const inDb = new Set(db.result.attendance.filter((r) => r.punch_in).map((r) => r.user_id));
    const outDb = new Set(db.result.attendance.filter((r) => r.punch_out).map((r) => r.user_id));
    const leavesDb = new Set(db.result.leaveIds);
    const compare = (what: string, acked: Set<number>, stored: Set<number>, doubtful: Set<number> | number) => {
      const missing = [...acked].filter((x) => !stored.has(x));
      let extra = [...stored].filter((x) => !acked.has(x));
      extra = typeof doubtful === 'number' ? extra.slice(doubtful) : extra.filter((x) => !doubtful.has(x));
      lost += missing.length;
      unexplained += extra.length;
      if (missing.length) details.push(`${what}: ${missing.length} acknowledged but missing (${missing.slice(0, 5).join(', ')})`);
      if (extra.length) details.push(`${what}: ${extra.length} stored but never acknowledged (${extra.slice(0, 5).join(', ')})`);
    };
    compare('punch-in', ack.punchIn, inDb, inDoubt.punchIn);
    compare('punch-out', ack.punchOut, outDb, inDoubt.punchOut);
    compare('leave', ack.leaveIds, leavesDb, inDoubt.leaves);
    for (const task of db.result.tasks) {
      const expected = ack.taskStatus.get(task.id) ?? 'assigned';
      const possible = [expected, ...(inDoubt.taskStatuses.get(task.id) ?? [])];
      if (!possible.includes(task.status)) {
        lost += 1;
        details.push(`task ${task.id}: status ${task.status}, last acknowledged ${expected}`);
      }
    }
    const audited = db.result.taskAudits;
    if (audited < ack.taskUpdates || audited > ack.taskUpdates + inDoubt.taskUpdates) {
      if (audited < ack.taskUpdates) lost += ack.taskUpdates - audited;
      else unexplained += audited - ack.taskUpdates - inDoubt.taskUpdates;
      details.push(`task status changes: ${ack.taskUpdates} acknowledged (${inDoubt.taskUpdates} in doubt), ${audited} audited`);
    }

    const all = Object.values(latencies).flat();
    const stats = (kind: Kind): KindStats => ({
      requests: latencies[kind].length,
      statuses: statuses[kind],
      p50Ms: round(percentile(latencies[kind], 50)),
      p99Ms: round(percentile(latencies[kind], 99)),
      maxMs: round(Math.max(0, ...latencies[kind])),
    });

    return {
      clients: opts.clients,
      adminPollers,
      durationS: round(elapsedS),
      thinkMs,
      requests: all.length,
      throughputRps: round(all.length / elapsedS),
      errors,
      errorSamples,
      slowest: slowest.map((x) => `${Math.round(x.ms)} ms ${x.what}`),
      latency: { p50Ms: round(percentile(all, 50)), p99Ms: round(percentile(all, 99)), maxMs: round(Math.max(0, ...all)) },
      byKind: { poll: stats('poll'), 'punch-in': stats('punch-in'), 'punch-out': stats('punch-out'), leave: stats('leave'), task: stats('task') },
      writes: {
        acknowledged: { punchIn: ack.punchIn.size, punchOut: ack.punchOut.size, leave: ack.leaveIds.size, task: ack.taskUpdates },
        lost,
        unexplained,
        details,
      },
      integrity: db.integrity,
      memory: {
        rssStartMb: mb(rssStartKb),
        rssAfterWarmupMb: mb(warm.rssKb),
        rssEndMb: mb(end.rssKb),
        rssPeakMb: mb(Math.max(rssStartKb, end.rssKb, ...rss.map((r) => r.kb))),
        rssGrowthAfterWarmupMb: mb(end.rssKb - warm.rssKb),
        heapStartMb,
        heapAfterWarmupMb: warm.heapMb,
        heapEndMb: end.heapMb,
        heapGrowthMb: round(end.heapMb - warm.heapMb),
      },
      timeline: { rss: rss.filter((_, i) => i % 4 === 0).map((r) => ({ s: round(r.atMs / 1000), mb: mb(r.kb) })) },
    };
  } finally {
    await server?.stop();
    fs.rmSync(seed.dataDir, { recursive: true, force: true });
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The report as a short markdown summary. */
export function soakMarkdown(r: SoakReport): string {
  const kinds = Object.entries(r.byKind).map(
    ([kind, s]) =>
      `| ${kind} | ${s.requests} | ${Object.entries(s.statuses).map(([k, v]) => `${k}: ${v}`).join(', ')} | ${s.p50Ms} | ${s.p99Ms} | ${s.maxMs} |`,
  );
  const m = r.memory;
  return [
    `### Soak: ${r.clients} clients (${r.adminPollers} admin pollers) for ${r.durationS} s, SQLite`,
    '',
    `${r.requests} requests, ${r.throughputRps} req/s, **${r.errors} errors**, **${r.writes.lost} lost writes** ` +
      `(${r.writes.unexplained} unexplained), integrity_check: ${r.integrity}. p50 ${r.latency.p50Ms} ms, **p99 ${r.latency.p99Ms} ms**, max ${r.latency.maxMs} ms.`,
    '',
    '| request | count | statuses | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
    ...kinds,
    '',
    `Acknowledged writes: ${r.writes.acknowledged.punchIn} punch-ins, ${r.writes.acknowledged.punchOut} punch-outs, ` +
      `${r.writes.acknowledged.leave} leave requests, ${r.writes.acknowledged.task} task updates; ` +
      (r.writes.lost ? `${r.writes.lost} of them missing from the database.` : 'every one found in the database.'),
    '',
    `Server memory: RSS ${m.rssStartMb} MB before the load, ${m.rssAfterWarmupMb} MB after warm-up, ${m.rssEndMb} MB at the end ` +
      `(peak ${m.rssPeakMb} MB; growth after warm-up ${m.rssGrowthAfterWarmupMb} MB). Live heap after a forced full GC: ` +
      `${m.heapStartMb} MB before the load, ${m.heapAfterWarmupMb} MB after warm-up, ${m.heapEndMb} MB at the end (growth ${m.heapGrowthMb} MB).`,
    ...(r.errorSamples.length ? ['', 'Errors:', ...r.errorSamples.map((e) => `- ${e}`)] : []),
    '',
    `Slowest: ${r.slowest.join('; ')}`,
    ...(r.writes.details.length ? ['', 'Write mismatches:', ...r.writes.details.map((e) => `- ${e}`)] : []),
  ].join('\n');
}
