/**
 * Benchmark: a month of past attendance, 10,000 people × 30 days (300,000 rows, October 2026) from one
 * CSV, through the real route (multipart, the file read and every row checked, the people, days,
 * leave and approved months read once, one transaction, the kept report): first the dry run, then the
 * import, on a fresh database with production settings and 10,000 employees already in. Beside them,
 * in the same run, the floor: the same 300,000 attendance rows written raw in one transaction on the
 * same database's copy of the people. Memory: the process's RSS and JS heap + buffers, sampled every
 * 50 ms during each request, peak minus before.
 *
 *   node --expose-gc --import tsx src/bench/attendance-import.ts [people] [days]          (SQLite)
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx src/bench/attendance-import.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { createContext } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { withPgClient } from '../server/db/database';
import type { MailMessage, Mailer } from '../server/mail/mailer';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const code = (i: number) => `ACM${pad(i, 5)}`;

class NoMail implements Mailer {
  readonly kind = 'outbox' as const;
  async send(_message: MailMessage) {}
  close() {}
}

/** One row per person and day: punches on most days, a status on some, as an HR export has them. */
export function monthCsv(people: number, days: number): Buffer {
  const lines = ['employeeId,date,punchIn,punchOut,status'];
  for (let d = 1; d <= days; d++) {
    const date = `${pad(d, 2)}/10/2026`;
    for (let i = 1; i <= people; i++) {
      const k = (i + d) % 20;
      if (k === 0) lines.push(`${code(i)},${date},,,A`);
      else if (k === 1) lines.push(`${code(i)},${date},,,HD`);
      else lines.push(`${code(i)},${date},09:${pad((i * 7 + d) % 60, 2)},18:${pad((i * 3 + d) % 60, 2)},`);
    }
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const heapOf = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external + m.arrayBuffers;
  };
  const before = process.memoryUsage().rss;
  const heapBefore = heapOf();
  let peak = before;
  let heapPeak = heapBefore;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heapPeak = Math.max(heapPeak, heapOf());
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const out = await work();
    const ms = performance.now() - started;
    sample();
    return { out, ms, growth: peak - before, heapGrowth: heapPeak - heapBefore, before };
  } finally {
    clearInterval(timer);
  }
}

export async function benchAttendanceImport(people = 10_000, days = 30, databaseUrl = process.env.DATABASE_URL || undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-att-'));
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await withPgClient(databaseUrl!, (c) => c.query(`create schema ${schema}`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_TIMEZONE: 'Asia/Kolkata', JWT_SECRET: randomBytes(32).toString('hex'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const ctx = await createContext(config, { mailer: new NoMail(), database: { pgSchema: schema } });
  const app = await buildApp({ ctx });
  const db = ctx.database.db;
  try {
    const now = new Date().toISOString();
    const admin = await db.insertInto('users').values({ email: 'bench-admin@acme.in', name: 'Admin', role: 'admin', password_hash: null, created_at: now, updated_at: now }).returning(['id', 'token_version']).executeTakeFirstOrThrow();
    const token = await ctx.tokens.sign({ role: 'admin', employeeId: null, user: { id: String(admin.id), role: 'admin' }, tv: admin.token_version });
    // The people, written raw: this bench measures the attendance, not the employee import.
    const userIds: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i <= people; i += 1000) {
        const chunk = Array.from({ length: Math.min(1000, people - i + 1) }, (_, k) => i + k);
        const ids = await trx
          .insertInto('users')
          .values(chunk.map((n) => ({ email: `staff.${n}@acme.co.in`, name: `Person ${n}`, role: 'employee' as const, password_hash: null, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        await trx.insertInto('employees').values(ids.map((r, k) => ({ user_id: r.id, employee_id: code(chunk[k]!), position: 'Clerk', salary_paise: 3_000_000, joined_on: '2022-01-01' }))).execute();
        userIds.push(...ids.map((r) => Number(r.id)));
      }
    });
    const csv = monthCsv(people, days);
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="october.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = (query: string) => app.inject({ method: 'POST', url: `/api/attendance/import${query}`, headers: { 'x-auth-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const check = (res: Awaited<ReturnType<typeof send>>) => {
      const body = res.json() as { msg: string; counts?: { failed: number }; errors?: string[] };
      if (res.statusCode !== 200 || body.counts?.failed) throw new Error(`import: ${res.statusCode} ${body.msg} ${JSON.stringify(body.errors?.slice(0, 3))}`);
      return body.msg;
    };
    const dry = await measured(() => send('?dryRun=true'));
    const dryMsg = check(dry.out);
    const real = await measured(() => send(''));
    const realMsg = check(real.out);

    // The floor: the same rows, raw, in one transaction, after the import's rows are gone.
    await db.deleteFrom('attendance').execute();
    const rows: { user_id: number; date: string; status: string; punch_in: string | null; punch_out: string | null; source: string }[] = [];
    for (let d = 1; d <= days; d++) for (const id of userIds) rows.push({ user_id: id, date: `2026-10-${pad(d, 2)}`, status: 'P', punch_in: `2026-10-${pad(d, 2)}T03:42:00.000Z`, punch_out: `2026-10-${pad(d, 2)}T12:35:00.000Z`, source: 'import' });
    const started = performance.now();
    if (ctx.database.sqlite) {
      const h = ctx.database.sqlite;
      const insert = h.prepare('insert into attendance (user_id, date, status, punch_in, punch_out, source) values (?, ?, ?, ?, ?, ?)');
      h.transaction(() => {
        for (const r of rows) insert.run(r.user_id, r.date, r.status, r.punch_in, r.punch_out, r.source);
      })();
    } else {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 20_000) {
          const c = rows.slice(i, i + 20_000);
          await sql`insert into attendance (user_id, date, status, punch_in, punch_out, source)
            select u, d, s, pi, po, src from unnest(${c.map((r) => r.user_id)}::bigint[], ${c.map((r) => r.date)}::text[], ${c.map((r) => r.status)}::text[],
              ${c.map((r) => r.punch_in)}::text[], ${c.map((r) => r.punch_out)}::text[], ${c.map((r) => r.source)}::text[]) as t(u, d, s, pi, po, src)`.execute(trx);
        }
      });
    }
    const floorMs = performance.now() - started;
    const MB = 1024 * 1024;
    return {
      engine: databaseUrl ? 'postgres' : 'sqlite',
      rows: people * days,
      bytes: csv.length,
      dryRun: { ms: Math.round(dry.ms), growthMb: +(dry.growth / MB).toFixed(1), heapGrowthMb: +(dry.heapGrowth / MB).toFixed(1), msg: dryMsg },
      importRun: { ms: Math.round(real.ms), growthMb: +(real.growth / MB).toFixed(1), heapGrowthMb: +(real.heapGrowth / MB).toFixed(1), msg: realMsg },
      floorMs: Math.round(floorMs),
      rssBeforeMb: +(dry.before / MB).toFixed(1),
      load: os.loadavg()[0]!.toFixed(1),
    };
  } finally {
    await app.close();
    await ctx.database.close();
    if (schema) await withPgClient(databaseUrl!, (c) => c.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && /attendance-import\.ts$/.test(process.argv[1])) {
  const [people, days] = process.argv.slice(2).map(Number);
  console.log(`load at start ${os.loadavg()[0]!.toFixed(1)}`);
  benchAttendanceImport(people || 10_000, days || 30)
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
