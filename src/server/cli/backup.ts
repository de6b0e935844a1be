/**
 * `npm run backup [-- --out FILE]`: a consistent snapshot of the SQLite database, taken while the
 * server runs, with SQLite's online backup API. Default output: DATA_DIR/backups/hr-portal-<time>.sqlite.
 * The snapshot is checked (`PRAGMA integrity_check`) before it gets its final name, so a file
 * under that name is always a complete, sound database. With DATABASE_URL set it prints how to use
 * pg_dump instead and exits 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite, { type SqliteDatabase } from '../db/sqlite-driver';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../data-dir';

/** The database file in DATA_DIR (src/server/db/database.ts opens the same name). */
export const SQLITE_FILE = 'hr-portal.sqlite';

/** Tables whose row counts a check reports; the first three must exist for the file to be ours. */
const TABLES = ['users', 'employees', 'kysely_migration', 'attendance', 'leaves', 'tasks', 'payroll_runs'] as const;
const REQUIRED = TABLES.slice(0, 3);

export const PG_BACKUP_HELP = [
  'DATABASE_URL is set: the database is PostgreSQL, which this command does not copy. Use its own tools:',
  '  backup:  pg_dump --format=custom --file=hr-portal.dump "$DATABASE_URL"',
  '  restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" hr-portal.dump',
  'pg_dump takes a consistent snapshot while the server runs; stop the server before pg_restore.',
].join('\n');

export interface SnapshotCheck {
  integrity: 'ok';
  rows: Partial<Record<(typeof TABLES)[number], number>>;
}

/** Opens a file read-only and checks it is a sound HR Portal database; throws with the reason if not. */
export function verifySnapshot(file: string): SnapshotCheck {
  let db: SqliteDatabase;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Error(`${file} cannot be opened as a SQLite database: ${(err as Error).message}`, { cause: err });
  }
  try {
    let integrity: string;
    try {
      integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    } catch (err) {
      throw new Error(`${file} is not a sound SQLite database: ${(err as Error).message}`, { cause: err });
    }
    if (integrity !== 'ok') throw new Error(`${file} failed the integrity check: ${integrity.slice(0, 300)}`);
    const present = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    const missing = REQUIRED.filter((t) => !present.has(t));
    if (missing.length) throw new Error(`${file} is not an HR Portal database (no ${missing.join(', ')} table)`);
    const rows: SnapshotCheck['rows'] = {};
    for (const t of TABLES) if (present.has(t)) rows[t] = (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n;
    return { integrity: 'ok', rows };
  } finally {
    db.close();
  }
}

/** DATA_DIR/backups/hr-portal-2026-05-01T10-20-30-123Z.sqlite */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return path.join(dataDir, 'backups', `hr-portal-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
}

/** Writes bytes to disk for good: the file, then its folder's entry. */
export function fsyncFileAndDir(file: string): void {
  const fd = fs.openSync(file, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  try {
    const dir = fs.openSync(path.dirname(file), 'r');
    fs.fsyncSync(dir);
    fs.closeSync(dir);
  } catch {
    // Some platforms cannot open a folder for fsync; the file itself is synced.
  }
}

/**
 * Copies the live database into `out` with the online backup API, in one step: the copy reads one
 * snapshot (WAL mode lets the server keep writing meanwhile), so it is consistent as of one moment.
 * The copy is made a single self-contained file (journal_mode=DELETE) and verified before renaming.
 */
export async function backupSqlite(dataDir: string, out: string): Promise<{ file: string; bytes: number; check: SnapshotCheck }> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source} (is DATA_DIR right?)`);
  if (fs.existsSync(out)) throw new Error(`${out} already exists; choose another --out`);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  fs.rmSync(partial, { force: true });
  // A backup holds the password hashes: private from the first byte (SQLite creates it under our umask).
  fs.closeSync(fs.openSync(partial, 'w', 0o600));

  const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    // The first step only measures; returning the largest page count makes the next step copy
    // everything at once, inside one read transaction.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new Error(`Backup of ${source} failed: ${(err as Error).message}`, { cause: err });
  } finally {
    db.close();
  }

  try {
    const copy = new SQLite(partial, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const check = verifySnapshot(partial);
    fsyncFileAndDir(partial);
    fs.renameSync(partial, out);
    fsyncFileAndDir(out);
    return { file: out, bytes: fs.statSync(out).size, check };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** "12,000 users, 10,000 employees, ..." for the CLI's last line. */
export function describeRows(rows: SnapshotCheck['rows']): string {
  return Object.entries(rows)
    .filter(([t]) => t !== 'kysely_migration')
    .map(([t, n]) => `${n!.toLocaleString('en-US')} ${t.replace('_', ' ')}`)
    .join(', ');
}

async function main() {
  usePrivateUmask();
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(PG_BACKUP_HELP);
    process.exit(2);
  }
  const out = path.resolve(values.out ?? defaultBackupFile(config.dataDir));
  const { file, bytes, check } = await backupSqlite(config.dataDir, out);
  console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity ok; ${describeRows(check.rows)})`);
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`backup: ${err.message.split('\n')[0]}`);
    process.exit(1);
  });
}
