/**
 * The stand-alone benches' fixture: the real app (`buildApp`) on a fresh database with production
 * settings (SQLite in a temporary folder, or a schema of its own on DATABASE_URL's PostgreSQL), one
 * admin and their token, a mailer that only counts, and one `close` that removes all of it. Each
 * stand-alone bench (the imports, the device push) measures a route on this, so they differ only
 * in what they send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createContext, type ContextOverrides } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { withPgClient } from '../server/db/database';
import type { AppContext } from '../server/context';
import type { MailMessage, Mailer } from '../server/mail/mailer';

/** Takes every message and counts it: the benches time the hand-over, not an SMTP peer. */
export class CountingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  count = 0;
  async send(_message: MailMessage) {
    this.count += 1;
  }
  close() {}
}

export interface StandaloneApp {
  app: FastifyInstance;
  ctx: AppContext;
  engine: 'sqlite' | 'postgres';
  mailer: CountingMailer;
  /** The admin's `x-auth-token` header. */
  headers: { 'x-auth-token': string };
  close(): Promise<void>;
}

/** Opens the app on a fresh database; `env` adds settings (APP_TIMEZONE, say), `overrides` context settings (sign-in limits, say). */
export async function openStandaloneApp(databaseUrl: string | undefined, env: Record<string, string> = {}, overrides: Pick<ContextOverrides, 'authLimits'> = {}): Promise<StandaloneApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-'));
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await withPgClient(databaseUrl!, (c) => c.query(`create schema ${schema}`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const mailer = new CountingMailer();
  const ctx = await createContext(config, { ...overrides, mailer, database: { pgSchema: schema } });
  const app = await buildApp({ ctx });
  const close = async () => {
    await app.close();
    await ctx.database.close();
    if (schema) await withPgClient(databaseUrl!, (c) => c.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const now = new Date().toISOString();
    const admin = await ctx.database.db
      .insertInto('users')
      .values({ email: 'bench-admin@acme.in', name: 'Admin', role: 'admin', password_hash: null, created_at: now, updated_at: now })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow();
    const token = await ctx.tokens.sign({ role: 'admin', employeeId: null, user: { id: String(admin.id), role: 'admin' }, tv: admin.token_version });
    return { app, ctx, engine: databaseUrl ? 'postgres' : 'sqlite', mailer, headers: { 'x-auth-token': token }, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A multipart body carrying `content` as the field `file`, and the content-type header that goes with it. */
export function fileUpload(filename: string, contentType: string, content: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An import's msg; throws when the import was refused or left a row out, so a figure never times a failure. */
export function importMsg(what: string, res: { statusCode: number; json: () => unknown }): string {
  const body = res.json() as { msg: string; counts?: { failed: number }; errors?: string[] };
  if (res.statusCode !== 200 || body.counts?.failed) throw new Error(`${what}: ${res.statusCode} ${body.msg} ${JSON.stringify(body.errors?.slice(0, 3))}`);
  return body.msg;
}

/** An `inject` that must answer 2xx; anything else throws with the body's start, so no figure times an error. */
export async function injectOk(app: FastifyInstance, request: { method: 'GET' | 'POST' | 'PUT'; url: string; headers: Record<string, string>; payload?: object }) {
  const res = await app.inject(request);
  if (res.statusCode >= 300) throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
}

/** Runs a bench on its own (`node --import tsx src/bench/<name>.ts`) and prints what it measured as JSON, and the load around it. */
export function runAlone(bench: () => Promise<unknown>): void {
  const load = () => os.loadavg()[0]!.toFixed(1);
  console.log(`load at start ${load()}`);
  bench()
    .then((r) => console.log(`${JSON.stringify(r, null, 2)}\nload at the end ${load()}`))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
