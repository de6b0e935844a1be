/**
 * Benchmark: one CSV upload of 100,000 employees through the real route (multipart, parse,
 * validation, one transaction, audit) on a fresh database with production settings (SQLite with
 * synchronous=FULL, or PostgreSQL when DATABASE_URL is set). Invitations go to an in-memory mailer
 * and are timed separately, since they run after the response.
 *
 *   npx tsx src/bench/employee-import.ts [rows]
 *
 * `npm run bench` times the same upload as figure 4 (src/bench/figures/csv-import.ts); this script is
 * the stand-alone form, one upload through `buildApp`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CSV_MAX_BYTES } from '../shared/constants';
import { buildApp } from '../server/app';
import { createContext } from '../server/bootstrap';
import { withPgClient } from '../server/db/database';
import { loadConfig } from '../server/config';
import type { MailMessage, Mailer } from '../server/mail/mailer';

const FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Kiran', 'Divya', 'Rahul', 'Sneha', 'Vikram'];
const LAST = ['Rao', 'Iyer', 'Shah', 'Nair', 'Das', 'Gupta', 'Menon', 'Singh', 'Bose', 'Pillai'];
const POSITIONS = ['Engineer', 'Analyst', 'Designer', 'Manager', 'Tester', 'HR'];

/** A CSV of `rows` employees with short titles and emails (the bench's figure 4 times a realistic one). */
export function employeesCsv(rows: number): Buffer {
  const lines = ['name,email,position,salary'];
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[i % 10]!;
    const last = LAST[Math.floor(i / 10) % 10]!;
    lines.push(`${first} ${last},${first}.${last}${i}@acme.in,${POSITIONS[i % 6]},${30000 + (i % 500) * 100}`.toLowerCase());
  }
  return Buffer.from(lines.join('\n') + '\n');
}

class CountingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  count = 0;
  async send(_message: MailMessage) {
    this.count += 1;
  }
  close() {}
}

export interface ImportBenchResult {
  engine: 'sqlite' | 'postgres';
  rows: number;
  bytes: number;
  requestMs: number;
  status: number;
  msg: string;
  invitationsMs: number;
  /** GET /api/employee over the imported roster, serialized. */
  listMs: number;
}

export async function benchEmployeeImport(rows = 100_000, databaseUrl = process.env.DATABASE_URL): Promise<ImportBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-'));
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await withPgClient(databaseUrl!, (c) => c.query(`create schema ${schema}`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const mailer = new CountingMailer();
  const ctx = await createContext(config, { mailer, database: { pgSchema: schema } });
  const app = await buildApp({ ctx });
  try {
    const now = new Date().toISOString();
    const admin = await ctx.database.db
      .insertInto('users')
      .values({ email: 'bench-admin@acme.in', name: 'Admin', role: 'admin', password_hash: null, created_at: now, updated_at: now })
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow();
    const token = await ctx.tokens.sign({ role: 'admin', employeeId: null, user: { id: String(admin.id), role: 'admin' }, tv: admin.token_version });

    const csv = employeesCsv(rows);
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/employee/upload',
      headers: { 'x-auth-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const requestMs = performance.now() - started;
    const added = res.statusCode === 200 ? Number(/^Added (\d+)/.exec(res.json().msg)?.[1] ?? 0) : 0;
    while (mailer.count < added) await new Promise((r) => setTimeout(r, 20));
    const invitationsMs = performance.now() - started;
    const listStarted = performance.now();
    const list = await app.inject({ method: 'GET', url: '/api/employee', headers: { 'x-auth-token': token } });
    const listMs = performance.now() - listStarted;
    if (list.json().length !== added) throw new Error(`list returned ${list.json().length} employees, expected ${added}`);
    return {
      engine: databaseUrl ? 'postgres' : 'sqlite',
      rows,
      bytes: csv.length,
      requestMs: Math.round(requestMs),
      status: res.statusCode,
      msg: res.json().msg,
      invitationsMs: Math.round(invitationsMs),
      listMs: Math.round(listMs),
    };
  } finally {
    await app.close();
    await ctx.database.close();
    if (schema) await withPgClient(databaseUrl!, (c) => c.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}


if (require.main === module) {
  const rows = Number(process.argv[2] ?? 100_000);
  benchEmployeeImport(rows)
    .then((r) => {
      console.log(
        `${r.engine}: ${r.rows} rows, ${(r.bytes / 1024 / 1024).toFixed(2)} MB (limit ${CSV_MAX_BYTES / 1024 / 1024} MB): ` +
          `HTTP ${r.status} "${r.msg}" in ${r.requestMs} ms; all invitations handed to the mailer after ${r.invitationsMs} ms; ` +
          `GET /api/employee of all ${r.rows} in ${r.listMs} ms`,
      );
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
