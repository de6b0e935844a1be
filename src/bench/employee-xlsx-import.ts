/**
 * Benchmark: 10,000 employees from one .xlsx with every column the import reads (the master,
 * departments, locations, reporting lines by code, every statutory and bank field), through the real
 * route (multipart, the workbook streamed by exceljs, every cell checked, one transaction with
 * audit entries and the kept report): first the dry run, then the import, on a fresh database with
 * production settings. Beside them, in the same run, the floor: the same users, employees and
 * employee_statutory rows written with raw inserts in one transaction on another fresh database.
 * Memory: the process's RSS sampled every 50 ms during each request, peak minus before.
 *
 *   npx tsx src/bench/employee-xlsx-import.ts [rows]            (SQLite)
 *   DATABASE_URL=postgres://… npx tsx src/bench/employee-xlsx-import.ts [rows]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { stringify } from 'csv-stringify/sync';
import { EMPLOYEE_COLUMNS, readEmployeeSheet } from '../server/modules/employees/employee-csv';
import { inMegabytes, measured, megabytes } from './memory-sampler';
import { createBenchPgDatabase } from './pg-database';
import { fileUpload, importMsg, openStandaloneApp } from './standalone-app';

const FIRST = ['Aarav', 'Asha', 'Vivaan', 'Meera', 'Arjun', 'Priya', 'Kiran', 'Divya', 'Rahul', 'Sneha', 'Vikram', 'Ananya'];
const LAST = ['Rao', 'Iyer', 'Shah', 'Nair', 'Das', 'Gupta', 'Menon', 'Singh', 'Bose', 'Pillai', 'Reddy', 'Kulkarni'];
const POSITIONS = ['Software Engineer', 'Business Analyst', 'Accountant', 'Sales Executive', 'HR Executive', 'Support Engineer'];
const DEPARTMENTS = ['Engineering', 'Finance', 'Sales', 'People', 'Support'];
const LOCATIONS = [
  { name: 'Bengaluru', state: 'KA', city: 'Bengaluru' },
  { name: 'Mumbai', state: 'MH', city: 'Mumbai' },
  { name: 'Chennai', state: 'TN', city: 'Chennai' },
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const code = (i: number) => `ACM${pad(i, 5)}`;

/** Row i (1-based), every column filled as an HR export has it; the first 100 people manage the rest. */
function person(i: number): Record<string, string> {
  const letter = (k: number) => LETTERS[(i + k) % 26]!;
  const location = LOCATIONS[i % LOCATIONS.length]!;
  return {
    employeeId: code(i),
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    email: `staff.${i}@acme.co.in`,
    position: POSITIONS[i % POSITIONS.length]!,
    salary: (30_000 + (i % 400) * 250).toLocaleString('en-IN'),
    joiningDate: `${pad((i % 28) + 1, 2)}/${pad((i % 12) + 1, 2)}/2022`,
    phone: `+91 98${pad(i, 8)}`,
    departmentId: DEPARTMENTS[i % DEPARTMENTS.length]!,
    locationId: location.name,
    managerEmployeeId: i <= 100 ? '' : code((i % 100) + 1),
    'statutory.stateOfWork': location.state,
    'statutory.pan': `${letter(0)}${letter(1)}${letter(2)}P${letter(3)}${pad(i % 10_000, 4)}${letter(4)}`,
    'statutory.uan': `1${pad(i, 11)}`,
    'statutory.esiNumber': `3${pad(i, 9)}`,
    'statutory.bankAccount': `501${pad(i, 11)}`,
    'statutory.ifsc': `HDFC0${pad(i % 1_000_000, 6)}`,
    'statutory.taxRegime': i % 5 === 0 ? 'old' : 'new',
    'statutory.gender': i % 2 ? 'female' : 'male',
    'statutory.pfOnFullWages': 'no',
    'statutory.leftOn': '',
    'statutory.dateOfBirth': `${pad((i % 28) + 1, 2)}/${pad((i % 12) + 1, 2)}/${1970 + (i % 30)}`,
    'statutory.pfMember': 'yes',
    'statutory.pfFirstJoinedOn': `${pad((i % 28) + 1, 2)}/${pad((i % 12) + 1, 2)}/2022`,
    'statutory.pfWageAtJoining': '15,000',
    'statutory.epsEligible': '',
    'statutory.personWithDisability': 'no',
  };
}

/** The same rows as CSV: reading both apart shows what the .xlsx reader itself costs. */
export function staffCsv(rows: number): Buffer {
  const records = [[...EMPLOYEE_COLUMNS], ...Array.from({ length: rows }, (_, k) => EMPLOYEE_COLUMNS.map((c) => person(k + 1)[c] ?? ''))];
  return Buffer.from(stringify(records));
}

export async function staffXlsx(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Employees');
  sheet.addRow([...EMPLOYEE_COLUMNS]);
  for (let i = 1; i <= rows; i++) {
    const p = person(i);
    sheet.addRow(EMPLOYEE_COLUMNS.map((c) => p[c] ?? ''));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same rows written raw (users, employees, employee_statutory) in one transaction on a fresh database. */
async function floor(rows: number, databaseUrl: string | undefined): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-xlsx-floor-'));
  const pg = databaseUrl ? await createBenchPgDatabase(databaseUrl, 'xlsxfloor') : undefined;
  const database = openDatabase({ dataDir, databaseUrl: pg?.url });
  try {
    await migrateToLatest(database);
    const stamp = new Date().toISOString();
    const people = Array.from({ length: rows }, (_, k) => person(k + 1));
    const started = performance.now();
    if (database.sqlite) {
      const h = database.sqlite;
      const user = h.prepare("insert into users (email, name, role, password_hash, created_at, updated_at) values (?, ?, 'employee', null, ?, ?)");
      const employee = h.prepare('insert into employees (user_id, employee_id, position, salary_paise, joined_on, phone) values (?, ?, ?, ?, ?, ?)');
      const statutory = h.prepare(
        'insert into employee_statutory (user_id, state_of_work, pan, uan, esi_number, bank_account, ifsc, tax_regime, gender, pf_on_full_wages, date_of_birth, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
      );
      h.transaction(() => {
        for (const p of people) {
          const id = user.run(p.email, p.name, stamp, stamp).lastInsertRowid;
          employee.run(id, p.employeeId, p.position, 3_000_000, '2022-01-01', p.phone);
          statutory.run(id, p['statutory.stateOfWork'], p['statutory.pan'], p['statutory.uan'], p['statutory.esiNumber'], p['statutory.bankAccount'], p['statutory.ifsc'], p['statutory.taxRegime'], p['statutory.gender'], '1990-01-01', stamp);
        }
      })();
    } else {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < people.length; i += 5_000) {
          const chunk = people.slice(i, i + 5_000);
          const ids = await sql<{ id: number; email: string }>`insert into users (email, name, role, password_hash, created_at, updated_at)
            select e, n, 'employee', null, ${stamp}, ${stamp} from unnest(${chunk.map((p) => p.email)}::text[], ${chunk.map((p) => p.name)}::text[]) as t(e, n)
            returning id, email`.execute(trx);
          const byEmail = new Map(ids.rows.map((r) => [r.email, Number(r.id)]));
          const userIds = chunk.map((p) => byEmail.get(p.email)!);
          await sql`insert into employees (user_id, employee_id, position, salary_paise, joined_on, phone)
            select u, c, p, 3000000, '2022-01-01', ph from unnest(${userIds}::bigint[], ${chunk.map((p) => p.employeeId)}::text[], ${chunk.map((p) => p.position)}::text[], ${chunk.map((p) => p.phone)}::text[]) as t(u, c, p, ph)`.execute(trx);
          await sql`insert into employee_statutory (user_id, state_of_work, pan, uan, esi_number, bank_account, ifsc, tax_regime, gender, pf_on_full_wages, date_of_birth, updated_at)
            select u, s, pan, uan, esi, acc, ifsc, reg, g, 0, '1990-01-01', ${stamp} from unnest(${userIds}::bigint[], ${chunk.map((p) => p['statutory.stateOfWork'])}::text[],
              ${chunk.map((p) => p['statutory.pan'])}::text[], ${chunk.map((p) => p['statutory.uan'])}::text[], ${chunk.map((p) => p['statutory.esiNumber'])}::text[],
              ${chunk.map((p) => p['statutory.bankAccount'])}::text[], ${chunk.map((p) => p['statutory.ifsc'])}::text[], ${chunk.map((p) => p['statutory.taxRegime'])}::text[],
              ${chunk.map((p) => p['statutory.gender'])}::text[]) as t(u, s, pan, uan, esi, acc, ifsc, reg, g)`.execute(trx);
        }
      });
    }
    return performance.now() - started;
  } finally {
    await database.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface XlsxImportBench {
  engine: 'sqlite' | 'postgres';
  rows: number;
  bytes: number;
  dryRun: { ms: number; growthMb: number; heapGrowthMb: number; msg: string };
  importRun: { ms: number; growthMb: number; heapGrowthMb: number; msg: string };
  floorMs: number;
  rssBeforeMb: number;
  /** Reading and checking every row in-process, no database: from the .xlsx, and from the same rows as CSV. */
  readXlsxMs: number;
  readCsvMs: number;
}

export async function benchXlsxImport(rows = 10_000, databaseUrl = process.env.DATABASE_URL || undefined): Promise<XlsxImportBench> {
  const { app, engine, headers, close } = await openStandaloneApp(databaseUrl);
  try {
    for (const name of DEPARTMENTS) await app.inject({ method: 'POST', url: '/api/company/departments', headers, payload: { name } });
    for (const l of LOCATIONS) await app.inject({ method: 'POST', url: '/api/company/locations', headers, payload: { ...l, ptRegistration: `PT-${l.state}` } });

    const xlsx = await staffXlsx(rows);
    const upload = fileUpload('staff.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx);
    const send = (query: string) => app.inject({ method: 'POST', url: `/api/employee/upload${query}`, headers: { ...headers, 'content-type': upload.contentType }, payload: upload.payload });
    const check = (res: Awaited<ReturnType<typeof send>>) => importMsg('upload', res);

    const dry = await measured(() => send('?dryRun=true&invite=later'));
    const dryMsg = check(dry.out);
    const real = await measured(() => send('?invite=later'));
    const realMsg = check(real.out);
    const floorMs = await floor(rows, databaseUrl);
    const csv = staffCsv(rows);
    let started = performance.now();
    await readEmployeeSheet(xlsx, 'add');
    const readXlsxMs = performance.now() - started;
    started = performance.now();
    await readEmployeeSheet(csv, 'add');
    const readCsvMs = performance.now() - started;
    return {
      engine,
      rows,
      bytes: xlsx.length,
      dryRun: inMegabytes(dry, dryMsg),
      importRun: inMegabytes(real, realMsg),
      floorMs: Math.round(floorMs),
      rssBeforeMb: megabytes(dry.before),
      readXlsxMs: Math.round(readXlsxMs),
      readCsvMs: Math.round(readCsvMs),
    };
  } finally {
    await close();
  }
}

if (require.main === module) {
  benchXlsxImport(Number(process.argv[2] ?? 10_000))
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
