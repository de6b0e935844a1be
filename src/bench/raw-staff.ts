/**
 * The floor of the employee imports (figures 4 and 18): the same people written with raw inserts in
 * one transaction on a fresh database with production settings, with nothing read, checked or
 * audited. better-sqlite3 prepared statements on SQLite; `unnest` inserts through pg on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type Database } from '../server/db/database';
import type { DB } from '../server/db/schema';
import { createBenchPgDatabase } from './pg-database';

export interface RawStatutory {
  stateOfWork: string;
  pan: string;
  uan: string;
  esiNumber: string;
  bankAccount: string;
  ifsc: string;
  taxRegime: string;
  gender: string;
}

export interface RawPerson {
  email: string;
  name: string;
  employeeId: string;
  position: string;
  salaryPaise: number;
  joinedOn: string;
  phone?: string;
  /** Also an employee_statutory row (date of birth 1990-01-01, PF on capped wages). */
  statutory?: RawStatutory;
}

const PG_CHUNK = 10_000;
const STATUTORY = ['stateOfWork', 'pan', 'uan', 'esiNumber', 'bankAccount', 'ifsc', 'taxRegime', 'gender'] as const;

/** Milliseconds to write `people` raw on a fresh database (`databaseUrl` set: PostgreSQL, else SQLite). */
export async function rawStaffFloor(people: readonly RawPerson[], databaseUrl: string | undefined): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-floor-'));
  const pgDb = databaseUrl ? await createBenchPgDatabase(databaseUrl, 'floor') : undefined;
  let database: Database | undefined;
  try {
    database = openDatabase({ dataDir, databaseUrl: pgDb?.url });
    await migrateToLatest(database);
    const started = performance.now();
    if (database.sqlite) writeSqlite(database.sqlite, people);
    else await database.db.transaction().execute((trx) => writePg(trx, people));
    return performance.now() - started;
  } finally {
    await database?.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeSqlite(handle: NonNullable<Database['sqlite']>, people: readonly RawPerson[]): void {
  const stamp = new Date().toISOString();
  const user = handle.prepare("insert into users (email, name, role, password_hash, created_at, updated_at) values (?, ?, 'employee', null, ?, ?)");
  const employee = handle.prepare('insert into employees (user_id, employee_id, position, salary_paise, joined_on, phone) values (?, ?, ?, ?, ?, ?)');
  const statutory = handle.prepare(
    `insert into employee_statutory (user_id, state_of_work, pan, uan, esi_number, bank_account, ifsc, tax_regime, gender, pf_on_full_wages, date_of_birth, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '1990-01-01', ?)`,
  );
  handle.transaction(() => {
    for (const p of people) {
      const id = user.run(p.email, p.name, stamp, stamp).lastInsertRowid;
      employee.run(id, p.employeeId, p.position, p.salaryPaise, p.joinedOn, p.phone ?? null);
      if (p.statutory) statutory.run(id, ...STATUTORY.map((k) => p.statutory![k]), stamp);
    }
  })();
}

async function writePg(trx: Kysely<DB>, people: readonly RawPerson[]): Promise<void> {
  const stamp = new Date().toISOString();
  for (let i = 0; i < people.length; i += PG_CHUNK) {
    const chunk = people.slice(i, i + PG_CHUNK);
    const column = (pick: (p: RawPerson) => string | number | null) => chunk.map(pick);
    const ids = await sql<{ id: number; email: string }>`insert into users (email, name, role, password_hash, created_at, updated_at)
      select e, n, 'employee', null, ${stamp}, ${stamp} from unnest(${column((p) => p.email)}::text[], ${column((p) => p.name)}::text[]) as t(e, n)
      returning id, email`.execute(trx);
    const byEmail = new Map(ids.rows.map((r) => [r.email, Number(r.id)]));
    const userIds = column((p) => byEmail.get(p.email)!);
    await sql`insert into employees (user_id, employee_id, position, salary_paise, joined_on, phone)
      select * from unnest(${userIds}::bigint[], ${column((p) => p.employeeId)}::text[], ${column((p) => p.position)}::text[],
        ${column((p) => p.salaryPaise)}::bigint[], ${column((p) => p.joinedOn)}::text[], ${column((p) => p.phone ?? null)}::text[])`.execute(trx);
    const withStatutory = chunk.filter((p) => p.statutory);
    if (!withStatutory.length) continue;
    const field = (k: (typeof STATUTORY)[number]) => withStatutory.map((p) => p.statutory![k]);
    await sql`insert into employee_statutory (user_id, state_of_work, pan, uan, esi_number, bank_account, ifsc, tax_regime, gender, pf_on_full_wages, date_of_birth, updated_at)
      select u, s, pan, uan, esi, acc, ifsc, reg, g, 0, '1990-01-01', ${stamp} from unnest(${withStatutory.map((p) => byEmail.get(p.email)!)}::bigint[],
        ${field('stateOfWork')}::text[], ${field('pan')}::text[], ${field('uan')}::text[], ${field('esiNumber')}::text[], ${field('bankAccount')}::text[],
        ${field('ifsc')}::text[], ${field('taxRegime')}::text[], ${field('gender')}::text[]) as t(u, s, pan, uan, esi, acc, ifsc, reg, g)`.execute(trx);
  }
}
