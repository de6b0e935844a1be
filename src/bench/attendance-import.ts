/**
 * Figure 19: a month of past attendance, 10,000 people × 30 days (300,000 rows, October 2026) from one
 * CSV, through the real route (multipart, the file read and every row checked, the people, days,
 * leave and approved months read once, one transaction, the kept report): first the dry run, then the
 * import, on a fresh database with production settings and 10,000 employees already in. Beside them,
 * in the same run, the floor: the same 300,000 attendance rows written raw in one transaction on the
 * same database's copy of the people. Memory: the process's RSS and JS heap + buffers, sampled every
 * 50 ms during each request, peak minus before.
 *
 * `npm run bench -- --only 19` measures it beside the other figures; on its own:
 *   node --expose-gc --import tsx src/bench/attendance-import.ts [people] [days]          (SQLite)
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx src/bench/attendance-import.ts
 */
import { sql } from 'kysely';
import { int, type FigureResult, type Sizes } from './bench-types';
import { importRows, sendImport } from './import-rows';
import { insertStaff, pad, staffCode as code } from './staff';
import { openStandaloneApp, runAlone } from './standalone-app';

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

export async function benchAttendanceImport(people = 10_000, days = 30, databaseUrl = process.env.DATABASE_URL || undefined) {
  const { app, ctx, engine, headers, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: 'Asia/Kolkata' });
  const db = ctx.database.db;
  try {
    // The people, written raw: this bench measures the attendance, not the employee import.
    const userIds = await insertStaff(db, people);
    const sent = await sendImport(app, headers, '/api/attendance/import', { name: 'october.csv', type: 'text/csv', content: monthCsv(people, days) }, '?dryRun=true', '');

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
    return {
      engine,
      rows: people * days,
      ...sent,
      floorMs: Math.round(floorMs),
    };
  } finally {
    await close();
  }
}

const TARGET_MS = 20_000;

export async function measureAttendanceImport(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const { people, days } = sizes.attendanceImport;
  const r = await benchAttendanceImport(people, days, databaseUrl);
  return { rows: importRows(19, 'attendance-import', `${int(r.rows)} attendance rows (${int(people)} people × ${days} days) from one CSV`, r, TARGET_MS), raw: { ...r } };
}

if (process.argv[1] && /attendance-import\.ts$/.test(process.argv[1])) {
  const [people, days] = process.argv.slice(2).map(Number);
  runAlone(() => benchAttendanceImport(people || 10_000, days || 30));
}
