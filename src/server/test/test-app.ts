/**
 * Test harness: a real app on a real database. SQLite always; PostgreSQL too when DATABASE_URL is
 * set, each test app in its own fresh schema so suites can run side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildOptions } from '../app';
import { createContext, type ContextOverrides } from '../bootstrap';
import { migrateToLatest, openDatabase, withPgClient } from '../db/database';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';
import { hashPassword } from '../auth/passwords';

export type Engine = 'sqlite' | 'postgres';
export const engines: Engine[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

import { testSchemaPrefix } from './run-setup';
export { testSchemaPrefix };

/** Cheap scrypt for tests; the production cost is asserted separately. */
export const TEST_LOG_N = 10;

/** Keeps sent mail in memory; for tests that check what was sent, not how. `refuse` fails chosen recipients with a 550. */
export class MemoryMailer implements Mailer {
  readonly kind = 'outbox' as const;
  sent: MailMessage[] = [];
  constructor(public refuse: (to: string) => boolean = () => false) {}
  async send(message: MailMessage) {
    if (this.refuse(message.to)) throw new Error(`550 mailbox unavailable: ${message.to}`);
    this.sent.push(message);
  }
  close() {}
}

/** The token in a set-password link inside a mail body. */
export const linkToken = (text: string): string | undefined => /set-password\?token=([\w-]+)/.exec(text)?.[1];

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailer: MemoryMailer;
  engine: Engine;
  dataDir: string;
  /** A fresh admin and a token for it. */
  admin: { id: number; token: string; email: string };
  /** Creates an employee with a password, returning ids and a token. */
  employee(opts?: Partial<{ name: string; email: string; position: string; salaryPaise: number; password: string; joinedOn: string }>): Promise<TestEmployee>;
  close(): Promise<void>;
}

export interface TestEmployee {
  id: number;
  employeeId: string;
  email: string;
  password: string;
  token: string;
}

export async function createTestApp(
  engine: Engine,
  opts: { env?: Record<string, string>; overrides?: ContextOverrides; clientDir?: string; onRoute?: BuildOptions['onRoute'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-test-'));
  // A copy of this worker's migrated template: migrating afresh for every app cost 0.16 s on SQLite
  // and 0.7 s on PostgreSQL; a file copy or CREATE DATABASE ... TEMPLATE costs a few milliseconds.
  const databaseUrl = engine === 'postgres' ? await pgDatabaseFromTemplate() : (sqliteFromTemplate(await migratedSqlite(), dataDir), undefined);
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    APP_TIMEZONE: 'Asia/Kolkata',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const schema = engine === 'postgres' ? TEMPLATE_SCHEMA : undefined;

  const mailer = new MemoryMailer();
  const ctx = await createContext(config, {
    mailer,
    passwordLogN: TEST_LOG_N,
    ...opts.overrides,
    // Suites download and import far more than a person would in a minute; the per-user budget of
    // costly routes has its own test (heavy-budget.test.ts), which sets it low.
    authLimits: { heavyMax: 100_000, ...opts.overrides?.authLimits },
    database: { pgSchema: schema },
  });
  const app = await buildApp({ ctx, clientDir: opts.clientDir, onRoute: opts.onRoute });
  await app.ready();

  const db = ctx.database.db;
  const now = () => new Date().toISOString();
  let seq = 0;

  const adminEmail = 'admin@test.local';
  const adminRow = await db
    .insertInto('users')
    .values({ email: adminEmail, name: 'Admin', role: 'admin', password_hash: await hashPassword('admin-password', TEST_LOG_N), created_at: now(), updated_at: now() })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
  const admin = {
    id: adminRow.id,
    email: adminEmail,
    token: await ctx.tokens.sign({ role: 'admin', employeeId: null, user: { id: String(adminRow.id), role: 'admin' }, tv: adminRow.token_version }),
  };

  const employee: TestApp['employee'] = async (o = {}) => {
    seq += 1;
    const email = o.email ?? `employee${seq}@test.local`;
    const password = o.password ?? 'employee-password';
    const user = await db
      .insertInto('users')
      .values({ email, name: o.name ?? `Employee ${seq}`, role: 'employee', password_hash: await hashPassword(password, TEST_LOG_N), created_at: now(), updated_at: now() })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow();
    const employeeId = await nextEmployeeId(db);
    await db
      .insertInto('employees')
      .values({ user_id: user.id, employee_id: employeeId, position: o.position ?? 'Engineer', salary_paise: o.salaryPaise ?? 50_000_00, joined_on: o.joinedOn ?? '2024-01-01' })
      .execute();
    const token = await ctx.tokens.sign({ role: 'employee', employeeId, user: { id: String(user.id), role: 'employee' }, tv: user.token_version });
    return { id: user.id, employeeId, email, password, token };
  };

  return {
    app,
    ctx,
    mailer,
    engine,
    dataDir,
    admin,
    employee,
    async close() {
      await app.close();
      await ctx.database.close();
      // Databases are dropped once at the end of the run (run-teardown.ts), by their prefix.
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}


/** The schema every PostgreSQL test database holds its tables in (each test app has a database of its own). */
const TEMPLATE_SCHEMA = 'hr';
const SQLITE_FILE = 'hr-portal.sqlite';

/**
 * The templates outlive a test file: jest gives every file fresh modules, so a module variable alone
 * would migrate once per file (a hundred times a run) instead of once per worker. A worker finds the
 * template an earlier file left by its name, made of the run (HR_TEST_RUN, run-setup.ts) and the
 * worker's process id; the run's teardown removes both. Outside a named run a file keeps its own,
 * removed when the process ends.
 */
const templateKey = `${process.env.HR_TEST_RUN ?? randomBytes(3).toString('hex')}_${process.pid}`;

let sqliteTemplate: Promise<string> | undefined;
let pgTemplate: Promise<string> | undefined;

/** This worker's SQLite database, migrated once: the folder that holds it. */
function migratedSqlite(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = path.join(os.tmpdir(), `hr-test-template-${templateKey}`);
    if (fs.existsSync(path.join(dir, SQLITE_FILE))) return dir;
    // Migrated beside it and renamed into place, so a half-migrated file is never taken for one.
    const scratch = fs.mkdtempSync(`${dir}-`);
    const database = openDatabase({ dataDir: scratch });
    await migrateToLatest(database);
    await database.close(); // the last connection checkpoints the WAL into the one file
    fs.renameSync(scratch, dir);
    if (!process.env.HR_TEST_RUN) process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return sqliteTemplate;
}

function sqliteFromTemplate(templateDir: string, dataDir: string): void {
  fs.copyFileSync(path.join(templateDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
  fs.chmodSync(path.join(dataDir, SQLITE_FILE), 0o600);
}

/** DATABASE_URL with another database name. */
function urlOfDatabase(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** This worker's PostgreSQL template database, migrated once (its name). */
function migratedPgTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `${testSchemaPrefix()}tpl_${templateKey}`;
    const found = await withPg((c) => c.query('select 1 from pg_database where datname = $1', [name]));
    if (found.rowCount) return name;
    // Migrated under another name and renamed when done, as the SQLite file is.
    const scratch = `${name}_${randomBytes(3).toString('hex')}`;
    await withPg((c) => c.query(`create database ${scratch}`));
    const database = openDatabase({ dataDir: os.tmpdir(), databaseUrl: urlOfDatabase(scratch), pgSchema: TEMPLATE_SCHEMA });
    try {
      await database.db.schema.createSchema(TEMPLATE_SCHEMA).execute();
      await migrateToLatest(database);
    } finally {
      await database.close(); // a template may have no open connection while it is copied
    }
    await withPg((c) => c.query(`alter database ${scratch} rename to ${name}`));
    return name;
  })();
  return pgTemplate;
}

/**
 * A fresh database copied from this worker's migrated template: its URL. Its sessions commit
 * without waiting for the WAL to reach the disk (synchronous_commit=off, a setting of this database
 * alone, not the server's): a commit still takes effect at once and in order for every other session,
 * and only a crash of the PostgreSQL server could lose the last ones, which no test needs to
 * survive. Waiting cost about 4 ms a commit on this machine's disk.
 */
async function pgDatabaseFromTemplate(): Promise<string> {
  const template = await migratedPgTemplate();
  const name = `${testSchemaPrefix()}${randomBytes(6).toString('hex')}`;
  await withPg(async (c) => {
    await c.query(`create database ${name} template ${template}`);
    await c.query(`alter database ${name} set synchronous_commit = off`);
  });
  return urlOfDatabase(name);
}

/** Polls until the condition holds, for background work with no promise to await (mail, payroll runs); fails after `timeoutMs`. */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Shorthand for authenticated inject calls. */
export const auth = (token: string) => ({ 'x-auth-token': token });

/** A one-off connection to the test PostgreSQL (DATABASE_URL). */
export const withPg = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withPgClient(process.env.DATABASE_URL!, fn);

/** The next employee id (EMP0001, EMP0002, ...) from the counters table, as the roster's inserts take it. */
export async function nextEmployeeId(db: Kysely<DB>): Promise<string> {
  const counter = await db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'employee_id')
    .returning('value')
    .executeTakeFirstOrThrow();
  return `EMP${String(counter.value).padStart(4, '0')}`;
}

/** The stored status of a leave or task row, read past the API (what a decision really wrote). */
export async function storedStatus(db: Kysely<DB>, table: 'leaves' | 'tasks', id: string): Promise<string> {
  return (await db.selectFrom(table).select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;
}

/** Asserts a create call's answer (201, the message and the new row's id) and gives the id. */
export function createdId(res: { statusCode: number; json(): unknown }, msg: string): string {
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ msg, _id: expect.stringMatching(/^\d+$/) });
  return (res.json() as { _id: string })._id;
}
