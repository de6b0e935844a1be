/**
 * `npm start`: builds the SPA when it is missing or stale (`--no-build` skips that), migrates the
 * database, creates the first admin on an empty database, and serves the SPA and /api on PORT.
 * Start-up problems print one line and exit non-zero.
 *
 * WORKERS=N (N > 1, or `auto`): this process becomes a node:cluster primary. It does the one-time
 * work itself (build, migrations, first admin, the generated JWT secret), then forks N workers that
 * each run the whole server and share PORT; the primary hands out connections and serves nothing.
 * A worker that dies is replaced. The workers share all state through the database (src/server/README.md,
 * "Running more than one instance").
 */
import cluster, { type Worker } from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createContext } from './bootstrap';
import { ConfigError, loadConfig, publicUrlWarning, type Config } from './config';
import { usePrivateUmask } from './data-dir';
import { ensureClientBuilt } from './cli/client-build';
import { portProblem } from './cli/port-check';
import { ensureFirstAdmin } from './modules/auth';
import { applyCompanyProfile, readCompanyProfile, timeZoneSource } from './modules/company';
import { PROJECT_ROOT } from './project-root';
import type { AppContext } from './context';

// `--dev` (npm run dev) serves the development build that webpack --watch keeps current.
const DEV = process.argv.includes('--dev');
const CLIENT_DIR = path.join(PROJECT_ROOT, DEV ? 'dist/client-dev' : 'dist/client');

async function main() {
  // Everything this process creates in DATA_DIR (database, WAL, secret, outbox) is private from birth.
  usePrivateUmask();
  const config = loadConfig();
  // Before the build and migrations, so a taken port is said in a second rather than after them.
  if (!cluster.isWorker) await assertPortFree(config);
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  // A cluster worker: the primary has built, migrated and printed; this one just serves.
  const isWorker = cluster.isWorker;
  if (!isWorker) await prepare(config);

  const ctx = await openContext(config);
  const created = await ensureFirstAdmin(ctx.database.db, { email: config.adminEmail, password: config.adminPassword });

  const app = await buildApp({ ctx, clientDir: CLIENT_DIR, logger: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    // Still possible: something may take the port between the early check and here.
    throw listenError(config, (err as NodeJS.ErrnoException).code, oneLine(err as Error));
  }

  onShutdown(app, ctx);
  if (isWorker) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const zone = zoneNote(ctx, await readCompanyProfile(ctx));
  console.log(`HR Portal is running at http://localhost:${port} (database: ${ctx.database.dialect}, mail: ${ctx.mailer.kind}, ${zone})${emailOnlyNote(config)}`);
  printCreatedAdmin(created);
}

async function assertPortFree(config: Config) {
  const code = await portProblem(config.host, config.port);
  if (code) throw listenError(config, code, code);
}

function listenError(config: Config, code: string | undefined, detail: string) {
  if (code === 'EADDRINUSE') return new StartupError(`Port ${config.port} is already in use; stop the other process or set PORT.`);
  return new StartupError(`Cannot listen on ${config.host}:${config.port}: ${detail}`);
}

/** What runs once per start, before anything serves: the start-up warning and the client build. */
async function prepare(config: Config) {
  const warning = publicUrlWarning(config);
  if (warning) console.warn(`hr-portal: warning: ${warning}`);
  if (DEV) await firstDevBuild();
  else if (!process.argv.includes('--no-build')) ensureClientBuilt(CLIENT_DIR);
}

const openContext = (config: Config) =>
  createContext(config).catch((err: Error) => {
    throw new StartupError(`Cannot open the database${config.databaseUrl ? ` at ${redact(config.databaseUrl)}` : ''}: ${oneLine(err)}`);
  });

/** 'time zone: Asia/Kolkata, from the company profile': the zone days are counted in, and where it comes from. */
const zoneNote = (ctx: AppContext, profile: Awaited<ReturnType<typeof readCompanyProfile>>) => `time zone: ${ctx.config.timeZone}, from ${timeZoneSource(profile, process.env)}`;

function printCreatedAdmin(created: Awaited<ReturnType<typeof ensureFirstAdmin>>) {
  if (created) {
    console.log(`First admin account: ${created.email}` + (created.password ? ` / password: ${created.password}  (shown once; change it or set ADMIN_PASSWORD)` : ''));
  }
}

/**
 * The cluster primary. Migrations, the first admin and a generated JWT secret are done here once,
 * before any worker starts, so N workers starting together never race for them. The primary keeps
 * no database open while it supervises.
 */
async function runPrimary(config: Config) {
  await prepare(config);
  const ctx = await openContext(config);
  const dialect = ctx.database.dialect;
  const mail = ctx.mailer.kind;
  const created = await ensureFirstAdmin(ctx.database.db, { email: config.adminEmail, password: config.adminPassword });
  const zone = zoneNote(ctx, await applyCompanyProfile(ctx));
  await ctx.database.close();
  ctx.mailer.close();

  let stopping = false;
  let ready = false;
  const listening = new Set<number>();
  const fork = () => cluster.fork();

  await new Promise<void>((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      listening.add(worker.id);
      if (ready || listening.size < config.workers) return;
      ready = true;
      console.log(`HR Portal is running at http://localhost:${address.port} (database: ${dialect}, mail: ${mail}, ${config.workers} workers, ${zone})${emailOnlyNote(config)}`);
      printCreatedAdmin(created);
      resolve();
    });
    cluster.on('exit', (worker: Worker, code, signal) => {
      listening.delete(worker.id);
      if (stopping) return;
      if (!ready) {
        // A worker that cannot start (port taken, database gone) has printed why; the others would fail alike.
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        reject(new StartupError(`A server process stopped while starting (${signal ?? `exit code ${code}`}).`));
        return;
      }
      console.error(`hr-portal: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
      // A pause, so a worker that dies at once on every start cannot spin the machine.
      setTimeout(() => !stopping && fork(), 1_000).unref();
    });
    for (let i = 0; i < config.workers; i++) fork();
  });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    // Each worker closes itself gracefully on SIGTERM (onShutdown): sends in flight are recorded.
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : (w.once('exit', () => resolve()), w.process.kill('SIGTERM'))))));
  });
}

/**
 * How long a stop waits for requests and sends in flight before the process exits anyway; under the
 * 30 s that systemd and Kubernetes give before they kill.
 */
const SHUTDOWN_GRACE_MS = 20_000;

/**
 * SIGINT, SIGTERM, or an error nothing caught: stop taking requests, finish those in flight, stop the
 * background jobs, close the database and the mailer, then exit (close-with-grace: 0 on a signal, 1
 * after an error, and a forced exit if closing outlasts the grace).
 */
function onShutdown(app: { close(): Promise<void> }, ctx: AppContext) {
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async () => {
    // Background jobs stop and the database closes with the app (plugins/).
    await app.close();
    ctx.mailer.close();
  });
}

/** `npm run dev` starts webpack beside the server; the static files are routed at start-up, so wait for them. */
async function firstDevBuild() {
  const index = path.join(CLIENT_DIR, 'index.html');
  for (let waited = 0; !fs.existsSync(index); waited += 500) {
    if (waited === 0) console.log('Waiting for webpack to write the development build...');
    if (waited >= 120_000) throw new StartupError(`No development build appeared in ${CLIENT_DIR}; is webpack --watch running?`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

class StartupError extends Error {}

const oneLine = (err: Error) => (err.message || String(err)).split('\n')[0];
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

main().catch((err) => {
  const known = err instanceof StartupError || err instanceof ConfigError;
  console.error(`hr-portal: ${known ? err.message : oneLine(err)}`);
  process.exit(1);
});

/**
 * With an email alone opening an employee's account, anyone knowing a manager's address could decide
 * their team's requests, so manager powers are off in that mode; the start line says so.
 */
const emailOnlyNote = (config: { employeeLogin: string }) =>
  config.employeeLogin === 'email-only' ? '. EMPLOYEE_LOGIN=email-only: manager powers are off, every request goes to HR' : '';
