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
import { CSV_MAX_BYTES } from '../shared/constants';
import { fileUpload, openStandaloneApp } from './standalone-app';

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
  const { app, engine, mailer, headers, close } = await openStandaloneApp(databaseUrl);
  try {
    const csv = employeesCsv(rows);
    const upload = fileUpload('employees.csv', 'text/csv', csv);

    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/employee/upload',
      headers: { ...headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    const requestMs = performance.now() - started;
    const added = res.statusCode === 200 ? Number(/^Added (\d+)/.exec(res.json().msg)?.[1] ?? 0) : 0;
    while (mailer.count < added) await new Promise((r) => setTimeout(r, 20));
    const invitationsMs = performance.now() - started;
    const listStarted = performance.now();
    const list = await app.inject({ method: 'GET', url: '/api/employee', headers });
    const listMs = performance.now() - listStarted;
    if (list.json().length !== added) throw new Error(`list returned ${list.json().length} employees, expected ${added}`);
    return {
      engine,
      rows,
      bytes: csv.length,
      requestMs: Math.round(requestMs),
      status: res.statusCode,
      msg: res.json().msg,
      invitationsMs: Math.round(invitationsMs),
      listMs: Math.round(listMs),
    };
  } finally {
    await close();
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
