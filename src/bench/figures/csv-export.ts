/**
 * Figure 5, the attendance CSV export: GET /api/attendance/download over the shortest range ending
 * yesterday that holds the wanted number of rows, read as fast as the bench can. Beside it the
 * floor: the same query iterated in this process (raw better-sqlite3 `iterate()`, or a pg cursor)
 * and stringified by csv-stringify with the same cells. The server's RSS is sampled every 50 ms
 * from /proc during the download; growth is measured over the RSS just before it.
 */
import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { stringify } from 'csv-stringify';
import { csvCells, csvColumns } from '../../server/modules/attendance';
import type { AttendanceRow } from '../../server/modules/attendance';
import type { Database } from '../../server/db/database';
import { int, mb, ratio, sec, type EngineSetting, type FigureResult } from '../bench-types';
import { withBenchDatabase } from '../bench-database';
import { rssDuring, rssRow } from '../server-rss';


export interface ExportRange {
  from: string;
  to: string;
  rows: number;
}

/** The shortest range ending on `until` with at least `wanted` rows (all of history if it has fewer). */
export function pickExportRange(s: EngineSetting, wanted: number): Promise<ExportRange> {
  return withBenchDatabase(s, async ({ db }) => {
    const perDay = await db
      .selectFrom('attendance')
      .select(['date', (eb) => eb.fn.countAll<number>().as('n')])
      .where('date', '<=', s.seed.until)
      .groupBy('date')
      .orderBy('date', 'desc')
      .execute();
    let rows = 0;
    let from = s.seed.until;
    for (const day of perDay) {
      rows += Number(day.n);
      from = day.date;
      if (rows >= wanted) break;
    }
    return { from, to: s.seed.until, rows };
  });
}

/** The export's query, as the attendance repository builds it (same joins, filters and order). */
function exportQuery(database: Database, range: ExportRange) {
  return database.db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('employees as e', 'e.user_id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'a.date', 'a.status', 'a.punch_in', 'a.punch_out', 'u.email', 'u.name', 'e.employee_id'])
    .where('a.date', '>=', range.from)
    .where('a.date', '<=', range.to)
    .orderBy('a.date')
    .orderBy('a.user_id')
    .compile();
}

async function* pgRows(url: string, text: string, params: readonly unknown[]): AsyncGenerator<AttendanceRow> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cursor = client.query(new Cursor<AttendanceRow>(text, params as unknown[]));
  try {
    for (;;) {
      const batch = await cursor.read(1000);
      if (!batch.length) return;
      yield* batch;
    }
  } finally {
    await cursor.close();
    await client.end();
  }
}

/** Iterates the query and stringifies every row in this process; returns rows and milliseconds. */
function floorExport(s: EngineSetting, range: ExportRange): Promise<{ rows: number; ms: number; bytes: number }> {
  return withBenchDatabase(s, async (database) => {
    const query = exportQuery(database, range);
    let rows = 0;
    let bytes = 0;
    const source = database.sqlite
      ? (function* () {
          for (const row of database.sqlite!.prepare(query.sql).iterate(...(query.parameters as unknown[]))) yield row as AttendanceRow;
        })()
      : pgRows(s.databaseUrl!, query.sql, query.parameters);
    const started = performance.now();
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const row of source) {
            rows += 1;
            yield csvCells(row, 'Asia/Kolkata');
          }
        })(),
      ),
      stringify({ header: true, columns: csvColumns('Asia/Kolkata') }),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return { rows, ms: performance.now() - started, bytes };
  });
}

/** Downloads the report, counting lines and bytes as they arrive. */
function download(s: EngineSetting, range: ExportRange): Promise<{ status: number; lines: number; bytes: number; ms: number }> {
  const url = `${s.server.url}/api/attendance/download?startDate=${range.from}&endDate=${range.to}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'x-auth-token': s.adminToken } }, (res) => {
        let lines = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, lines, bytes, ms: performance.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function measureCsvExport(s: EngineSetting): Promise<FigureResult> {
  const range = await pickExportRange(s, s.sizes.exportRows);
  const floor = await floorExport(s, range);
  const { out: got, rss } = await rssDuring(s.server.pid, () => download(s, range));

  const rows = Math.max(0, got.lines - 1);
  const serverRate = (rows / got.ms) * 1000;
  const floorRate = (floor.rows / floor.ms) * 1000;
  const r = ratio(serverRate, floorRate);
  const span = `${int(range.rows)} rows, ${range.from} to ${range.to}`;
  return {
    raw: { range, floor, download: got, ...rss },
    rows: [
      {
        id: 'export.rate',
        group: 5,
        label: `Attendance CSV export (${span}): rows/s`,
        value: int(serverRate),
        floor: `${int(floorRate)} (in-process query + csv-stringify)`,
        ratio: r,
        target: '≥ 0.50 × floor',
        pass: got.status === 200 && rows === range.rows && r !== null && r >= 0.5,
        note: `${int(rows)} rows, ${mb(got.bytes)} in ${sec(got.ms / 1000)} (floor ${sec(floor.ms / 1000)})` + (rows !== range.rows ? `; expected ${int(range.rows)} rows` : ''),
      },
      rssRow({ id: 'export.rss', group: 5, label: 'Attendance CSV export: server RSS growth (peak − before)', ok: true }, rss),
    ],
  };
}
