/**
 * `npm run bench [-- --quick] [-- --engines sqlite,postgres] [-- --only 1,3,5] [-- --render]`
 *
 * Seeds a company, starts the real server on loopback as a child process, measures every figure
 * (1-23) beside a floor taken in the same run, and writes BENCHMARKS.md and bench-results.json (a
 * --quick run writes dist/bench/BENCHMARKS.quick.md and its JSON instead, so the committed full
 * table is not replaced by a small one). SQLite always; PostgreSQL too when DATABASE_URL is set (in a fresh database
 * created for the run and dropped after).
 *
 * Per engine: a long-history database (the storm on a fresh day, API overhead, the today-poll,
 * the CSV export, the payroll run and the employee list in the browser; in a full run the storm
 * again with SQLITE_SYNCHRONOUS=NORMAL), then a short-history one seeded with today already punched
 * in (the today-poll again, to show it does not grow with history, then the import). On SQLite
 * last, the load and soak on its own seeded server (src/bench/soak.ts; FULL/QUICK `soak` sizes).
 * Income tax (17) and more than one process (11) each seed a database of their own; figures 18-23
 * run the app in this process (`inject`, or a listening port for the device push), each on a fresh
 * database it fills itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createTokenService } from '../server/auth/tokens';
import { ensureClientBuilt } from '../server/cli/client-build';
import { migrateToLatest, openDatabase, type Dialect } from '../server/db/database';
import { dateInZone } from '../shared/format';
import { FULL, QUICK, ratio, type EngineSetting, type FigureResult, type FigureRow, type Raw, type Sizes } from './bench-types';
import { measureApiOverhead } from './figures/api-overhead';
import { measureEmployeeList, measureLoginRoute } from './figures/browser';
import { measureLighthouse } from './figures/lighthouse';
import { measureTransfer } from './figures/transfer';
import { measureCsvExport } from './figures/csv-export';
import { measureAttendanceYearList } from './figures/attendance-list';
import { measureCsvImport } from './figures/csv-import';
import { measurePayrollRun } from './figures/payroll-run';
import { measurePayrollPdfSmtp, startSmtpPeer } from './figures/payroll-pdf-smtp';
import { measureMonthRegister } from './figures/month-register';
import { measureLeavePolicy } from './figures/leave-policy';
import { measureAuditLog } from './figures/audit-log';
import { measureIncomeTax, TAX_DAYS } from './figures/income-tax';
import { measureMultiProcess } from './figures/multi-process';
import { measurePunchStorm } from './figures/punch-storm';
import { measureSoak } from './figures/soak';
import { measureTodayPoll, type PollFigure } from './figures/today-poll';
import { measureApprovedRegister } from './approved-register';
import { measureAttendanceImport } from './attendance-import';
import { measureDevicePush } from './device-push';
import { measureXlsxImport } from './employee-xlsx-import';
import { measurePayrollHistory } from './payroll-history';
import { measureTeam } from './team';
import { machineInfo } from './machine';
import { createBenchPgDatabase, redactUrl, type BenchPgDatabase } from './pg-database';
import { createProgress } from './progress';
import { ROOT, startAppServer, startBareServer, startLoadRunner, type ChildServer, type LoadRunner } from './processes';
import { writeReport, type BenchReport, type EngineReport } from './report';
import { seedDatabase, type SeedResult } from './seeder';

/** The server children and the tokens the bench mints share this secret. */
const JWT_SECRET = 'hr-portal-bench-secret-0123456789-abcdefghijklmnop';
const TIME_ZONE = 'Asia/Kolkata';

const runStarted = performance.now();
const log = (line: string) => process.stderr.write(`[bench +${((performance.now() - runStarted) / 1000).toFixed(0)}s] ${line}\n`);

interface Prepared {
  dataDir: string;
  databaseUrl?: string;
  pgDb?: BenchPgDatabase;
  seed: SeedResult;
  cleanup(): Promise<void>;
}

/** A fresh database (SQLite file in a temp DATA_DIR, or a new PostgreSQL database), migrated and seeded. */
async function prepare(engine: Dialect, employees: number, days: number, tag: string, punchedInNextDay = false): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hr-bench-${tag}-`));
  const pgDb = engine === 'postgres' ? await createBenchPgDatabase(process.env.DATABASE_URL!, tag) : undefined;
  const database = openDatabase({ dataDir, databaseUrl: pgDb?.url });
  try {
    await migrateToLatest(database);
    log(`seeding ${engine}: ${employees.toLocaleString('en-US')} employees x ${days} days${pgDb ? ` into ${pgDb.name}` : ''}`);
    const seed = await seedDatabase(database, {
      employees,
      days,
      timeZone: TIME_ZONE,
      admin: true,
      punchedInNextDay,
      progress: (label, total) => createProgress(`[bench] ${label}`, total),
    });
    return {
      dataDir,
      databaseUrl: pgDb?.url,
      pgDb,
      seed,
      async cleanup() {
        await pgDb?.drop().catch((err: Error) => log(`could not drop ${pgDb.name}: ${err.message}`));
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}

async function mintTokens(seed: SeedResult): Promise<{ admin: string; employees: string[] }> {
  const tokens = createTokenService(JWT_SECRET);
  const admin = await tokens.sign({ role: 'admin', employeeId: null, user: { id: String(seed.adminUserId), role: 'admin' }, tv: 0 });
  const employees: string[] = [];
  for (const e of seed.employees) {
    employees.push(await tokens.sign({ role: 'employee', employeeId: e.employeeId, user: { id: String(e.userId), role: 'employee' }, tv: 0 }));
  }
  return { admin, employees };
}

/** Runs one figure; a figure that throws becomes a failed row, and the run goes on. */
async function figure(group: number, name: string, only: Set<number> | null, rows: FigureRow[], raw: Record<string, Raw>, fn: () => Promise<FigureResult>): Promise<FigureResult | undefined> {
  if (only && !only.has(group)) return undefined;
  log(`figure ${group}: ${name}`);
  const started = performance.now();
  try {
    const result = await fn();
    rows.push(...result.rows);
    raw[name] = result.raw;
    log(`figure ${group}: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (err) {
    const message = (err as Error).message.split('\n').slice(0, 3).join(' ');
    log(`figure ${group}: ${name} FAILED: ${(err as Error).stack ?? message}`);
    rows.push({ id: `${name}.error`, group, label: `${name}: could not be measured`, value: 'error', floor: '—', ratio: null, target: '—', pass: false, note: message.slice(0, 400) });
    return undefined;
  }
}

async function withServer<T>(prepared: Prepared, fn: (server: ChildServer) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const server = await startAppServer({ dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl, jwtSecret: JWT_SECRET, timeZone: TIME_ZONE, env });
  log(`server up at ${server.url} (pid ${server.pid}${Object.keys(env).length ? `, ${JSON.stringify(env)}` : ''})`);
  try {
    return await fn(server);
  } finally {
    await server.stop();
    const warnings = server.output().split('\n').filter((l) => /"level":(40|50|60)/.test(l));
    if (warnings.length) log(`server logged ${warnings.length} warnings/errors, last: ${warnings.at(-1)!.slice(0, 500)}`);
  }
}

/** True when every script and stylesheet index.html names is served as such by this server. */
async function assetsServed(url: string): Promise<boolean> {
  const html = await (await fetch(`${url}/`)).text();
  // Minified HTML may leave attribute values unquoted (src=/assets/main.js).
  const assets = [...html.matchAll(/(?:src|href)=["']?(\/assets\/[^"'\s>]+)/g)].map((m) => m[1]!);
  for (const asset of assets) {
    const res = await fetch(`${url}${asset}`);
    await res.arrayBuffer();
    if (res.status !== 200 || /text\/html/.test(res.headers.get('content-type') ?? '')) return false;
  }
  return assets.length > 0;
}

/** A server for the browser figures whose SPA assets are all served; rebuilt and restarted (twice at most) if not. */
async function withBrowserServer(prepared: Prepared, fn: (server: ChildServer) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    ensureClientBuilt(path.join(ROOT, 'dist/client'));
    let ok = false;
    await withServer(prepared, async (server) => {
      ok = await assetsServed(server.url);
      if (ok || attempt === 3) await fn(server);
      else log('dist/client changed under the server (someone rebuilt it); building and restarting');
    });
    if (ok || attempt === 3) return;
  }
}

/** What every engine's figures share: the bare floor, the load runner, scratch space. */
interface Shared {
  bare: ChildServer;
  load: LoadRunner;
  tmpDir: string;
  only: Set<number> | null;
  /** The login-route figure, measured once (it does not depend on the database). */
  login?: FigureResult;
  /** Lighthouse, measured once, on the first engine's server. */
  lighthouse?: FigureResult;
}

/** The in-process figures, in the order they run. */
const IN_PROCESS: [number, string, (sizes: Sizes, databaseUrl: string | undefined) => Promise<FigureResult>][] = [
  [18, 'xlsx-import', measureXlsxImport],
  [19, 'attendance-import', measureAttendanceImport],
  [20, 'device-push', measureDevicePush],
  [21, 'approved-register', measureApprovedRegister],
  [22, 'team', measureTeam],
  [23, 'payroll-history', measurePayrollHistory],
];

const wants = (only: Set<number> | null, ...groups: number[]) => !only || groups.some((g) => only.has(g));

async function benchEngine(engine: Dialect, sizes: Sizes, shared: Shared): Promise<EngineReport> {
  const { only } = shared;
  const rows: FigureRow[] = [];
  const raw: Record<string, Raw> = {};
  const setup: Record<string, unknown> = { employees: sizes.employees };
  const polls: { long?: PollFigure; short?: PollFigure } = {};
  const setting = (p: Prepared, server: ChildServer, tokens: { admin: string; employees: string[] }): EngineSetting => ({
    engine,
    sizes,
    server,
    dataDir: p.dataDir,
    databaseUrl: p.databaseUrl,
    timeZone: TIME_ZONE,
    seed: p.seed,
    adminToken: tokens.admin,
    employeeTokens: tokens.employees,
    tmpDir: shared.tmpDir,
    bare: shared.bare,
    load: (spec) => shared.load.run(spec),
  });

  if (wants(only, 1, 2, 3, 5, 6, 7, 9, 10, 12, 13, 14, 15, 16)) {
    const long = await prepare(engine, sizes.employees, sizes.longDays, 'long');
    setup.long = { attendance: long.seed.counts.attendance, leaves: long.seed.counts.leaves, tasks: long.seed.counts.tasks, from: long.seed.from, until: long.seed.until, seconds: Math.round(long.seed.ms / 100) / 10 };
    try {
      const tokens = await mintTokens(long.seed);
      const today = dateInZone(new Date(), TIME_ZONE);
      await withServer(long, async (server) => {
        const s = setting(long, server, tokens);
        // The storm first: it fills today the way a real morning does, and the polls then read that day.
        const storm = wants(only, 1, 2, 3, 9, 10) ? await figure(3, 'storm-long', null, rows, raw, () => measurePunchStorm(s, today, `${sizes.longDays} d`)) : undefined;
        const todayRecords = (storm?.raw.records as number | undefined) ?? 0;
        await figure(1, 'api-overhead', only, rows, raw, () => measureApiOverhead(s, today, todayRecords));
        polls.long = (await figure(2, 'poll-long', only, rows, raw, () => measureTodayPoll(s, today, sizes.longDays, long.seed.counts.attendance))) as PollFigure | undefined;
        await figure(5, 'csv-export', only, rows, raw, () => measureCsvExport(s));
        await figure(15, 'attendance-year-list', only, rows, raw, () => measureAttendanceYearList(s));
        await figure(6, 'payroll-run', only, rows, raw, () => measurePayrollRun(s));
        await figure(12, 'month-register', only, rows, raw, () => measureMonthRegister(s));
        await figure(16, 'audit-log', only, rows, raw, () => measureAuditLog(s));
        // Last on this server: it files leave, which the figures above should not see.
        await figure(13, 'leave-policy', only, rows, raw, () => measureLeavePolicy(s, today));
      });
      if (wants(only, 14)) {
        // Its own server, mailing through a real SMTP peer instead of writing the outbox.
        const peer = await startSmtpPeer();
        try {
          await withServer(long, (server) => figure(14, 'payroll-pdf-smtp', only, rows, raw, () => measurePayrollPdfSmtp(setting(long, server, tokens), peer)), { SMTP_URL: peer.url });
        } finally {
          await peer.close();
        }
      }
      if (wants(only, 7, 9, 10)) {
        // Its own server, started right after making sure the SPA is current: the static plugin routes the
        // asset files present at start-up, and other people's builds replace dist/client under a long run.
        await withBrowserServer(long, async (server) => {
          const s = setting(long, server, tokens);
          if (!shared.login) shared.login = await figure(7, 'login-route', only, [], raw, () => measureLoginRoute(server.url, sizes.browserRuns));
          await figure(7, 'employee-list', only, rows, raw, () => measureEmployeeList(s));
          await figure(9, 'transfer', only, rows, raw, () => measureTransfer(s, today));
          if (!shared.lighthouse) shared.lighthouse = await figure(10, 'lighthouse', only, [], raw, () => measureLighthouse(server.url, s.adminToken, s.employeeTokens[0]!, shared.tmpDir));
        });
      }
      if (engine === 'sqlite' && sizes.syncComparison && wants(only, 3)) {
        // The same storm with SQLITE_SYNCHRONOUS=NORMAL (opt-in): what the per-commit WAL sync costs.
        await clearDay(long, today);
        await withServer(
          long,
          async (server) => {
            await figure(3, 'storm-long-normal', null, rows, raw, async () => {
              const result = await measurePunchStorm(setting(long, server, tokens), today, `${sizes.longDays} d, SQLITE_SYNCHRONOUS=NORMAL`);
              // Informational: NORMAL is not the default, so its rows carry no target.
              return { ...result, rows: result.rows.map((r) => ({ ...r, id: r.id.replace('storm.', 'storm-normal.'), pass: r.target === '—' ? null : r.pass })) };
            });
          },
          { SQLITE_SYNCHRONOUS: 'NORMAL' },
        );
      }
    } finally {
      await long.cleanup();
    }
  }

  if (wants(only, 2, 4)) {
    // Today already punched in by everyone, as the storm left the long-history database.
    const short = await prepare(engine, sizes.employees, sizes.shortDays, 'short', true);
    setup.short = { attendance: short.seed.counts.attendance, seconds: Math.round(short.seed.ms / 100) / 10 };
    try {
      const tokens = await mintTokens(short.seed);
      await withServer(short, async (server) => {
        const s = setting(short, server, tokens);
        const today = dateInZone(new Date(), TIME_ZONE);
        if (wants(only, 2)) {
          polls.short = (await figure(2, 'poll-short', null, rows, raw, () =>
            measureTodayPoll(s, today, sizes.shortDays, short.seed.counts.attendance, polls.long?.bare),
          )) as PollFigure | undefined;
        }
        // Last on this server: the import leaves invitations being written in the background.
        await figure(4, 'csv-import', only, rows, raw, () => measureCsvImport(s));
      });
    } finally {
      await short.cleanup();
    }
  }

  if (wants(only, 17)) {
    // Income tax on its own database: two months of history, so the last complete month is whole.
    const tax = await prepare(engine, sizes.employees, TAX_DAYS, 'tax');
    setup.tax = { attendance: tax.seed.counts.attendance, seconds: Math.round(tax.seed.ms / 100) / 10 };
    try {
      const tokens = await mintTokens(tax.seed);
      await withServer(tax, (server) => figure(17, 'income-tax', only, rows, raw, () => measureIncomeTax(setting(tax, server, tokens))));
    } finally {
      await tax.cleanup();
    }
  }

  // Figures 18-23 run the app in this process, each on a fresh database of its own (on PostgreSQL a
  // schema of DATABASE_URL's database), seeded the way its figure needs.
  const inProcessUrl = engine === 'postgres' ? process.env.DATABASE_URL : undefined;
  for (const [group, name, measure] of IN_PROCESS) await figure(group, name, only, rows, raw, () => measure(sizes, inProcessUrl));

  if (wants(only, 11)) {
    // WORKERS=1 against WORKERS=2 on one database: API req/s and the payroll run shared by two processes.
    const multi = await prepare(engine, sizes.employees, sizes.shortDays, 'multi');
    try {
      const tokens = await mintTokens(multi.seed);
      await figure(11, 'multi-process', only, rows, raw, () =>
        measureMultiProcess(setting(multi, shared.bare, tokens), (env, fn) => withServer(multi, fn, env)),
      );
    } finally {
      await multi.cleanup();
    }
  }

  if (engine === 'sqlite' && wants(only, 8)) {
    // The load and soak: seeds and starts its own server (soak-load.ts), which it stops and removes.
    setup.soak = { clients: sizes.soak.clients };
    await figure(8, 'soak', only, rows, raw, () => measureSoak(sizes.soak, (line) => log(`soak: ${line}`)));
  }

  if (polls.long && polls.short) {
    const kinds = { revalidate: 'revalidation', full: 'full answer of an unchanged version', afterChange: 'first full answer after a change' } as const;
    for (const [kind, name] of Object.entries(kinds) as [keyof typeof kinds, string][]) {
      const long = polls.long.p50[kind];
      const short = polls.short.p50[kind];
      const r = ratio(long, short);
      rows.push({
        id: `poll.history.${kind}`,
        group: 2,
        label: `Today-poll p50 (${name}) at ${sizes.longDays} d ÷ at ${sizes.shortDays} d of history`,
        value: `${long.toFixed(2)} ms ÷ ${short.toFixed(2)} ms`,
        floor: '—',
        ratio: r,
        target: '≤ 1.5 (independent of history)',
        pass: r !== null && r <= 1.5,
      });
    }
  }
  rows.sort((a, b) => a.group - b.group);
  return { engine, setup, rows, raw };
}

/** Removes a day's attendance (to run the storm again on the same database). */
async function clearDay(p: Prepared, date: string): Promise<void> {
  const database = openDatabase({ dataDir: p.dataDir, databaseUrl: p.databaseUrl });
  try {
    await database.db.deleteFrom('attendance').where('date', '=', date).execute();
    if (database.sqlite) database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await database.close();
  }
}

function postgresVersion(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  return client
    .connect()
    .then(() => client.query<{ server_version: string }>('show server_version'))
    .then((r) => `PostgreSQL ${r.rows[0]!.server_version}`)
    .catch(() => undefined)
    .finally(() => client.end().catch(() => {}));
}

async function main() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      engines: { type: 'string' },
      only: { type: 'string' },
      render: { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
    },
  });
  if (values.merge && (!values.only || values.quick)) throw new Error('--merge needs --only and a full-size run');
  // Only a complete full run replaces the committed BENCHMARKS.md; quick and partial runs go to dist/bench.
  const partial = !!values.only || (!!values.engines && !!process.env.DATABASE_URL && !values.engines.includes('postgres'));
  const out = values.quick
    ? { dir: path.join(ROOT, 'dist/bench'), md: 'BENCHMARKS.quick.md', json: 'bench-results.quick.json' }
    : partial
      ? { dir: path.join(ROOT, 'dist/bench'), md: 'BENCHMARKS.partial.md', json: 'bench-results.partial.json' }
      : { dir: ROOT, md: 'BENCHMARKS.md', json: 'bench-results.json' };
  if (values.render) {
    // Re-renders the markdown from the last run's JSON (after the findings text changed), measuring nothing.
    const report = JSON.parse(fs.readFileSync(path.join(out.dir, out.json), 'utf8')) as BenchReport;
    const written = writeReport(report, out.dir, out);
    log(`re-rendered ${path.relative(ROOT, written.md)} from ${path.relative(ROOT, written.json)}`);
    return;
  }
  const started = performance.now();
  const date = new Date().toISOString();
  const sizes = values.quick ? QUICK : FULL;
  const engines: Dialect[] = values.engines
    ? (values.engines.split(',').map((e) => e.trim()) as Dialect[])
    : process.env.DATABASE_URL
      ? ['sqlite', 'postgres']
      : ['sqlite'];
  for (const e of engines) {
    if (e !== 'sqlite' && e !== 'postgres') throw new Error(`unknown engine "${e}" (sqlite, postgres)`);
    if (e === 'postgres' && !process.env.DATABASE_URL) throw new Error('PostgreSQL needs DATABASE_URL (postgres://...)');
  }
  const only = values.only ? new Set(values.only.split(',').map(Number)) : null;
  const machine = machineInfo();
  if (process.env.DATABASE_URL) {
    const version = await postgresVersion(process.env.DATABASE_URL);
    if (version) Object.assign(machine, { postgres: version });
  }
  log(`${values.quick ? 'quick' : 'full'} run on ${engines.join(' + ')}; ${machine.cpus} CPUs (${machine.cpuModel}), load ${machine.loadAverageAtStart.join(' ')}`);

  // The server is started with --no-build, so the SPA it serves is built here, as `npm start` would.
  ensureClientBuilt(path.join(ROOT, 'dist/client'));
  log('web app built and current');

  const shared: Shared = { bare: await startBareServer(), load: startLoadRunner(), tmpDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-run-')), only };
  const reports: EngineReport[] = [];
  try {
    for (const engine of engines) reports.push(await benchEngine(engine, sizes, shared));
  } finally {
    await shared.bare.stop();
    await shared.load.stop();
    fs.rmSync(shared.tmpDir, { recursive: true, force: true });
  }

  const flags = values.quick ? ' -- --quick' : '';
  const report: BenchReport = {
    date,
    mode: values.quick ? 'quick' : 'full',
    durationSec: Math.round((performance.now() - started) / 1000),
    sizes,
    machine: { ...machine, loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    commands: [
      'npm install',
      `npm run bench${flags}                       # SQLite`,
      `DATABASE_URL=${process.env.DATABASE_URL ? redactUrl(process.env.DATABASE_URL) : 'postgres://postgres@127.0.0.1:5432/test'} npm run bench${flags}   # SQLite + PostgreSQL (a fresh database is created and dropped)`,
      'npm run bench -- --quick                 # small sizes, both engines in 10-20 min; writes dist/bench/BENCHMARKS.quick.md',
      'npm run seed -- --employees 10000 --days 365 [--data-dir DIR]   # the seeder alone',
    ],
    engines: reports,
    browser:
      shared.login || shared.lighthouse
        ? { rows: [...(shared.login?.rows ?? []), ...(shared.lighthouse?.rows ?? [])], raw: { ...shared.login?.raw, ...shared.lighthouse?.raw } }
        : null,
  };
  const written = values.merge
    ? writeReport(mergeInto(JSON.parse(fs.readFileSync(path.join(ROOT, 'bench-results.json'), 'utf8')) as BenchReport, report, [...only!]), ROOT, {
        md: 'BENCHMARKS.md',
        json: 'bench-results.json',
      })
    : writeReport(report, out.dir, out);
  const rows = [...reports.flatMap((r) => r.rows), ...(report.browser?.rows ?? [])];
  const missed = rows.filter((r) => r.pass === false);
  log(`done in ${report.durationSec} s: ${rows.filter((r) => r.pass).length} targets met, ${missed.length} missed; wrote ${path.relative(ROOT, written.md)} and ${path.relative(ROOT, written.json)}`);
  for (const r of missed) log(`  missed: ${r.label}: ${r.value} (target ${r.target})`);
}

/**
 * The committed full report with the rows of `groups` replaced by a partial run's: a figure that
 * was added or changed is measured at full size without re-running the 10-minute rest. The report
 * says which figures came later, and when.
 */
function mergeInto(full: BenchReport, partial: BenchReport, groups: number[]): BenchReport {
  const keep = (rows: FigureRow[]) => rows.filter((r) => !groups.includes(r.group));
  const byGroup = (a: FigureRow, b: FigureRow) => a.group - b.group;
  const engines = full.engines.map((e) => {
    const fresh = partial.engines.find((p) => p.engine === e.engine);
    // Only the merged groups' rows: a partial run also measures what its figures need first (figure 10
    // runs the storm of figure 3 to fill today), and those rows must not be added a second time.
    const freshRows = fresh?.rows.filter((r) => groups.includes(r.group)) ?? [];
    return fresh ? { ...e, rows: [...keep(e.rows), ...freshRows].sort(byGroup), raw: { ...e.raw, ...fresh.raw } } : e;
  });
  const browserRows = [...keep(full.browser?.rows ?? []), ...(partial.browser?.rows ?? [])].sort(byGroup);
  return {
    ...full,
    engines,
    browser: browserRows.length ? { rows: browserRows, raw: { ...full.browser?.raw, ...partial.browser?.raw } } : null,
    merged: [
      ...(full.merged ?? []).filter((m) => m.groups.some((g) => !groups.includes(g))),
      { date: partial.date, groups: [...groups].sort((a, b) => a - b), loadAverageAtStart: partial.machine.loadAverageAtStart },
    ],
  };
}

main().catch((err: Error) => {
  console.error(`bench: ${err.stack ?? err.message}`);
  process.exit(1);
});
