/**
 * Figure 18: 10,000 employees from one .xlsx with every column the import reads (the master,
 * departments, locations, reporting lines by code, every statutory and bank field), through the real
 * route (multipart, the workbook streamed by exceljs, every cell checked, one transaction with
 * audit entries and the kept report): first the dry run, then the import, on a fresh database with
 * production settings. Beside them, in the same run, the floor: the same users, employees and
 * employee_statutory rows written with raw inserts in one transaction on another fresh database.
 * Memory: the process's RSS sampled every 50 ms during each request, peak minus before.
 *
 * `npm run bench -- --only 18` measures it beside the other figures; on its own:
 *   npx tsx src/bench/employee-xlsx-import.ts [rows]            (SQLite)
 *   DATABASE_URL=postgres://… npx tsx src/bench/employee-xlsx-import.ts [rows]
 */
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { EMPLOYEE_COLUMNS, readEmployeeSheet } from '../server/modules/employees';
import { int, ratio, sec, type FigureResult, type FigureRow, type Sizes } from './bench-types';
import { importRows, sendImport, type MeasuredImport } from './import-rows';
import { rawStaffFloor } from './raw-staff';
import { pad, staffCode as code } from './staff';
import { openStandaloneApp, runAlone } from './standalone-app';

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

export interface XlsxImportBench extends MeasuredImport {
  engine: 'sqlite' | 'postgres';
  rows: number;
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
    const file = { name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: xlsx };
    const sent = await sendImport(app, headers, '/api/employee/upload', file, '?dryRun=true&invite=later', '?invite=later');
    const floorMs = await rawStaffFloor(
      Array.from({ length: rows }, (_, k) => {
        const p = person(k + 1);
        const statutory = { stateOfWork: p['statutory.stateOfWork']!, pan: p['statutory.pan']!, uan: p['statutory.uan']!, esiNumber: p['statutory.esiNumber']!, bankAccount: p['statutory.bankAccount']!, ifsc: p['statutory.ifsc']!, taxRegime: p['statutory.taxRegime']!, gender: p['statutory.gender']! };
        return { email: p.email!, name: p.name!, employeeId: p.employeeId!, position: p.position!, salaryPaise: 3_000_000, joinedOn: '2022-01-01', phone: p.phone, statutory };
      }),
      databaseUrl,
    );
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
      ...sent,
      floorMs: Math.round(floorMs),
      readXlsxMs: Math.round(readXlsxMs),
      readCsvMs: Math.round(readCsvMs),
    };
  } finally {
    await close();
  }
}

const TARGET_MS = 10_000;

export async function measureXlsxImport(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const r = await benchXlsxImport(sizes.xlsxImportRows, databaseUrl);
  const read: FigureRow = {
    id: 'xlsx.read',
    group: 18,
    label: 'Reading and checking only, no database: the .xlsx / the same rows as CSV',
    value: `${sec(r.readXlsxMs / 1000)} / ${sec(r.readCsvMs / 1000)}`,
    floor: '—',
    ratio: ratio(r.readXlsxMs, r.readCsvMs),
    target: '—',
    pass: null,
  };
  return { rows: [...importRows(18, 'xlsx', `${int(r.rows)} employees from one .xlsx, every column`, r, TARGET_MS), read], raw: { ...r } };
}

if (process.argv[1] && /employee-xlsx-import\.ts$/.test(process.argv[1])) runAlone(() => benchXlsxImport(Number(process.argv[2] ?? 10_000)));
