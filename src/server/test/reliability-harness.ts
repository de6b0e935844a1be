/**
 * Helpers for the reliability tests (crash safety, soak, backup and restore) and the soak bench.
 *
 * - A DATA_DIR seeded straight through Kysely before the server starts (no scrypt, no HTTP), with an
 *   admin and employees whose tokens we mint ourselves.
 * - The real server (src/server/main.ts, the `npm start` entry) as ONE child process:
 *   `node --import tsx main.ts`. `tsx/cli` would put a wrapper process in between, and a SIGKILL
 *   on the wrapper leaves the server running as an orphan — the kill would prove nothing.
 * - A keep-alive HTTP client, and readers for /proc (RSS), the mail outbox and the SQLite file.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import SQLite, { type SqliteDatabase } from '../db/sqlite-driver';
import { createTokenService } from '../auth/tokens';
import { migrateToLatest, openDatabase } from '../db/database';

export const ROOT = path.resolve(__dirname, '../../..');
export const MAIN = path.join(ROOT, 'src/server/main.ts');
/** The server children and the tokens minted here share this secret. */
export const JWT_SECRET = 'reliability-secret-0123456789-abcdefghijklmnopq';
export const ADMIN_EMAIL = 'admin@reliability.test';
export const DB_FILE_NAME = 'hr-portal.sqlite';

/**
 * A fixed-offset zone in which it is now about noon, so "today" cannot roll over during a run
 * (a punch-in answered 200 before midnight and 409 expected after it would be a false error).
 * Etc/GMT names carry the inverted sign: Etc/GMT-5 is UTC+5.
 */
export function noonTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // -11 .. 12
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export interface SeededEmployee {
  userId: number;
  employeeId: string;
  email: string;
  name: string;
  /** Task ids assigned to this employee by the seed, oldest first. */
  taskIds: number[];
}

export interface Seeded {
  dataDir: string;
  dbFile: string;
  admin: { userId: number; email: string };
  employees: SeededEmployee[];
}

export interface SeedOptions {
  employees: number;
  /** YYYY-MM-DD; payroll only includes employees who had joined by the end of the month. */
  joinedOn?: string;
  tasksPerEmployee?: number;
  dataDir?: string;
}

const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** A fresh, migrated DATA_DIR with an admin (no password: we mint its token) and `employees` employees. */
export async function seedDataDir(opts: SeedOptions): Promise<Seeded> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hr-reliability-'));
  const database = openDatabase({ dataDir });
  const at = new Date().toISOString();
  const joinedOn = opts.joinedOn ?? '2020-01-01';
  try {
    await migrateToLatest(database);
    const { db } = database;
    const admin = await db
      .insertInto('users')
      .values({ email: ADMIN_EMAIL, name: 'Reliability Admin', role: 'admin', password_hash: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();

    const wanted = Array.from({ length: opts.employees }, (_, i) => ({
      n: i + 1,
      email: `emp${i + 1}@reliability.test`,
      name: `Employee ${i + 1}`,
      employeeId: `EMP${String(i + 1).padStart(4, '0')}`,
    }));
    const employees: SeededEmployee[] = [];
    await db.transaction().execute(async (trx) => {
      for (const part of chunk(wanted, 400)) {
        const users = await trx
          .insertInto('users')
          .values(part.map((e) => ({ email: e.email, name: e.name, role: 'employee' as const, password_hash: null, created_at: at, updated_at: at })))
          .returning(['id', 'email'])
          .execute();
        const idByEmail = new Map(users.map((u) => [u.email, Number(u.id)]));
        await trx
          .insertInto('employees')
          .values(part.map((e) => ({ user_id: idByEmail.get(e.email)!, employee_id: e.employeeId, position: 'Engineer', salary_paise: 5_000_000 + e.n * 100, joined_on: joinedOn })))
          .execute();
        employees.push(...part.map((e) => ({ userId: idByEmail.get(e.email)!, employeeId: e.employeeId, email: e.email, name: e.name, taskIds: [] })));
      }
      await trx.updateTable('counters').set({ value: opts.employees }).where('name', '=', 'employee_id').execute();

      const tasksPer = opts.tasksPerEmployee ?? 0;
      if (tasksPer > 0) {
        const rows = employees.flatMap((e) =>
          Array.from({ length: tasksPer }, (_, k) => ({
            user_id: e.userId,
            title: `Task ${k + 1} of ${e.employeeId}`,
            description: 'seeded by the reliability harness',
            status: 'assigned' as const,
            assigned_by: admin.id,
            created_at: at,
            updated_at: at,
          })),
        );
        for (const part of chunk(rows, 400)) await trx.insertInto('tasks').values(part).execute();
        const tasks = await trx.selectFrom('tasks').select(['id', 'user_id']).orderBy('id').execute();
        const byUser = new Map(employees.map((e) => [e.userId, e]));
        for (const t of tasks) byUser.get(t.user_id)?.taskIds.push(t.id);
      }
    });
    return { dataDir, dbFile: path.join(dataDir, DB_FILE_NAME), admin: { userId: admin.id, email: ADMIN_EMAIL }, employees };
  } finally {
    await database.close();
  }
}

/** Tokens signed with the server's JWT_SECRET, as the login route would issue them. */
export function mintTokens(secret = JWT_SECRET) {
  const service = createTokenService(secret);
  return {
    admin: (userId: number) => service.sign({ role: 'admin', employeeId: null, user: { id: String(userId), role: 'admin' }, tv: 0 }),
    employee: (e: Pick<SeededEmployee, 'userId' | 'employeeId'>) =>
      service.sign({ role: 'employee', employeeId: e.employeeId, user: { id: String(e.userId), role: 'employee' }, tv: 0 }),
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** The last few KB the server printed. */
  output(): string;
  /** The DevTools WebSocket URL, when started with `inspect`. */
  inspectorUrl?: string;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful: the database is closed), SIGKILL after 20 s. */
  stop(): Promise<void>;
  readonly exited: boolean;
}

export interface StartOptions {
  dataDir: string;
  timeZone?: string;
  env?: Record<string, string>;
  /** Open the V8 inspector on a free loopback port (the soak forces GCs through it). */
  inspect?: boolean;
  timeoutMs?: number;
}

const OUTPUT_KEEP = 20_000;

/** Starts src/server/main.ts on 127.0.0.1 with a free port; resolves once it prints its URL. */
export function startServer(opts: StartOptions): Promise<ServerProcess> {
  const args = [...(opts.inspect ? ['--inspect=127.0.0.1:0'] : []), '--import', 'tsx', MAIN, '--no-build'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      JWT_SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: 'not-used-an-admin-exists',
      LOG_LEVEL: 'warn',
      APP_TIMEZONE: opts.timeZone ?? noonTimeZone(),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let inspectorUrl: string | undefined;
  const keep = (line: string) => {
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    output = (output + line + '\n').slice(-OUTPUT_KEEP);
  };
  readline.createInterface({ input: child.stdout! }).on('line', keep);
  readline.createInterface({ input: child.stderr! }).on('line', keep);

  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const signal = async (sig: NodeJS.Signals, graceMs?: number) => {
    if (exited) return;
    child.kill(sig);
    const timer = graceMs ? setTimeout(() => child.kill('SIGKILL'), graceMs) : undefined;
    await exit;
    clearTimeout(timer);
  };

  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void signal('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, opts.timeoutMs ?? 60_000);
    const poll = setInterval(() => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        url: m[1]!.replace('localhost', '127.0.0.1'),
        pid: child.pid!,
        dataDir: opts.dataDir,
        output: () => output,
        inspectorUrl,
        kill: () => signal('SIGKILL'),
        stop: () => signal('SIGTERM', 20_000),
        get exited() {
          return exited;
        },
      });
    }, 20);
    void exit.then(() => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  /** A raw body; its content type goes in `headers`. */
  body?: Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A keep-alive HTTP/1.1 client for one origin; loopback only. */
export function createClient(baseUrl: string, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const origin = new URL(baseUrl);
  return {
    request(method: string, pathname: string, opts: RequestOptions = {}): Promise<HttpAnswer> {
      const json = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
      const body = json ?? opts.body;
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: origin.hostname,
            port: origin.port,
            method,
            path: pathname,
            headers: {
              ...(opts.token ? { 'x-auth-token': opts.token } : {}),
              ...(json ? { 'content-type': 'application/json' } : {}),
              ...(body ? { 'content-length': String(body.length) } : {}),
              ...opts.headers,
            },
            timeout: opts.timeoutMs ?? 30_000,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${pathname} timed out`)));
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** A multipart/form-data body with one file field named "file", as a browser sends it. */
export function multipartCsv(csv: string, filename = 'employees.csv'): { body: Buffer; contentType: string } {
  const boundary = '----hr-reliability-boundary-9f3a1c';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Resident set size of a process in KiB, from /proc/<pid>/status (Linux); undefined elsewhere. */
export function readRssKb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Recipients of the .eml files in an outbox folder: address -> number of files, plus unreadable files. */
export function readOutbox(outboxDir: string): { byRecipient: Map<string, number>; files: number; unreadable: string[] } {
  const byRecipient = new Map<string, number>();
  const unreadable: string[] = [];
  const names = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((n) => n.endsWith('.eml')) : [];
  for (const name of names) {
    // The headers are at the top; 4 KB holds them.
    const fd = fs.openSync(path.join(outboxDir, name), 'r');
    const head = Buffer.alloc(4096);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    const to = /^To: (?:.*<)?([^\s<>]+@[^\s<>]+?)>?\s*$/m.exec(head.subarray(0, n).toString('utf8'))?.[1]?.toLowerCase();
    if (!to) unreadable.push(name);
    else byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  }
  return { byRecipient, files: names.length, unreadable };
}

/** Number of .eml files in the outbox (cheap: no reading). */
export const outboxCount = (outboxDir: string) => (fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((n) => n.endsWith('.eml')).length : 0);

/** PRAGMA integrity_check of a SQLite file, 'ok' when sound; then `inspect` runs on the same connection. */
export function checkSqliteFile<T>(file: string, inspect: (db: SqliteDatabase) => T = () => undefined as T): { integrity: string; result: T } {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    return { integrity, result: inspect(db) };
  } finally {
    db.close();
  }
}

/**
 * Checks the database exactly as a crash left it, without touching it: the file and its WAL are
 * copied aside and the copy is opened (which replays the WAL's committed frames), so the server's
 * own restart still does the recovery of the real files.
 */
export function checkCrashedCopy<T>(dataDir: string, inspect: (db: SqliteDatabase) => T): { integrity: string; result: T } {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-crashed-copy-'));
  try {
    const src = path.join(dataDir, DB_FILE_NAME);
    const copy = path.join(scratch, DB_FILE_NAME);
    fs.copyFileSync(src, copy);
    if (fs.existsSync(`${src}-wal`)) fs.copyFileSync(`${src}-wal`, `${copy}-wal`);
    return checkSqliteFile(copy, inspect);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Size of the database's WAL file in bytes (0 when absent). */
export function walSize(dataDir: string): number {
  try {
    return fs.statSync(path.join(dataDir, `${DB_FILE_NAME}-wal`)).size;
  } catch {
    return 0;
  }
}

/** Checkpoints the WAL into the database and truncates it to zero bytes, beside a running server. */
export function truncateWal(dataDir: string): void {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { fileMustExist: true, timeout: 5000 });
  try {
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (row?.busy) throw new Error('WAL checkpoint was blocked by a reader');
  } finally {
    db.close();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until the condition holds or the time is up (then throws with `what`). */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The p-th percentile (0-100) of a list of numbers, nearest-rank; 0 for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
