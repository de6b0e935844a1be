/**
 * `npm run restore -- FILE`: puts a backup (from `npm run backup`) back as DATA_DIR's database.
 *
 * The server must be stopped: the command refuses while any process has the database open (found
 * through /proc on Linux, and by SQLite itself: leaving WAL mode needs the only connection). The
 * backup is verified (`PRAGMA integrity_check`, HR Portal tables) before anything is touched; the
 * current database, even a corrupt one, is kept beside it as hr-portal.sqlite.before-restore (with
 * its -wal), and the new file is copied in under a temporary name, checked, then renamed into place.
 * With DATABASE_URL set it prints how to use pg_restore instead and exits 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite, { type SqliteDatabase } from '../db/sqlite-driver';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../data-dir';
import { PG_BACKUP_HELP, SQLITE_FILE, describeRows, fsyncFileAndDir, verifySnapshot, type SnapshotCheck } from './backup';

export class DatabaseInUseError extends Error {}

/** Pids of other processes holding the file (or its -wal/-shm) open, from /proc (Linux; [] elsewhere). */
export function processesHolding(file: string): number[] {
  if (!fs.existsSync('/proc/self/fd')) return [];
  const targets = new Set([file, `${file}-wal`, `${file}-shm`].map((f) => (fs.existsSync(f) ? fs.realpathSync(f) : f)));
  const holders: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    for (const fd of fds) {
      try {
        if (targets.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) {
          holders.push(pid);
          break;
        }
      } catch {
        // closed meanwhile
      }
    }
  }
  return holders;
}

/**
 * Throws DatabaseInUseError when another process has the database open. Otherwise, if the file is
 * readable, folds its WAL into it (journal_mode=DELETE), so the copy kept aside is one file.
 */
export function ensureNotInUse(file: string): void {
  const holders = processesHolding(file);
  if (holders.length) {
    throw new DatabaseInUseError(`The database ${file} is open in process ${holders.join(', ')}: stop the server first, then restore.`);
  }
  let db: SqliteDatabase | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 0 });
    // Leaving WAL mode needs every other connection closed; SQLITE_BUSY means someone has it open.
    db.pragma('journal_mode = DELETE');
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new DatabaseInUseError(`The database ${file} is in use: stop the server first, then restore.`);
    }
    // Any other failure (a corrupt or truncated file): that is what is being replaced; it is kept aside as is.
  } finally {
    db?.close();
  }
}

/** A name beside `file` that is free: file.before-restore, else file.before-restore-<time>. */
function asideName(file: string, now: Date): string {
  const plain = `${file}.before-restore`;
  return fs.existsSync(plain) ? `${plain}-${now.toISOString().replace(/[:.]/g, '-')}` : plain;
}

export interface RestoreResult {
  target: string;
  /** Where the replaced database now is, if there was one. */
  keptAs?: string;
  check: SnapshotCheck;
}

/** Restores `backup` as DATA_DIR's database. The server must be stopped. */
export async function restoreSqlite(dataDir: string, backup: string, now = new Date()): Promise<RestoreResult> {
  const source = path.resolve(backup);
  // Checked before anything is touched: a bad backup leaves the current database as it is.
  verifySnapshot(source);
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, SQLITE_FILE);
  if (path.resolve(target) === source) throw new Error('That file is the live database itself; restore from a backup file.');

  let keptAs: string | undefined;
  if (fs.existsSync(target)) {
    ensureNotInUse(target);
    keptAs = asideName(target, now);
    fs.renameSync(target, keptAs);
    // A stale WAL beside the new file would be replayed into it; it goes with the file it belongs to.
    for (const suffix of ['-wal', '-shm']) if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, keptAs + suffix);
  }

  const incoming = `${target}.restoring`;
  fs.rmSync(incoming, { force: true });
  try {
    // Through the backup API rather than a byte copy: a backup left in WAL mode with its -wal
    // beside it still arrives whole.
    const from = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await from.backup(incoming, { progress: () => 0x7fffffff });
    } finally {
      from.close();
    }
    const check = verifySnapshot(incoming);
    fsyncFileAndDir(incoming);
    fs.renameSync(incoming, target);
    fsyncFileAndDir(target);
    return { target, keptAs, check };
  } catch (err) {
    fs.rmSync(incoming, { force: true });
    // Nothing new is in place: put the previous database back where it was.
    if (keptAs && !fs.existsSync(target)) {
      fs.renameSync(keptAs, target);
      for (const suffix of ['-wal', '-shm']) if (fs.existsSync(keptAs + suffix)) fs.renameSync(keptAs + suffix, target + suffix);
    }
    throw err;
  }
}

async function main() {
  // Whatever it writes into DATA_DIR is private (src/server/data-dir.ts).
  usePrivateUmask();
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(PG_BACKUP_HELP);
    process.exit(2);
  }
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- path/to/hr-portal-backup.sqlite   (stop the server first)');
  const { target, keptAs, check } = await restoreSqlite(config.dataDir, positionals[0]!);
  console.log(`Restored ${path.resolve(positionals[0]!)} into ${target} (integrity ok; ${describeRows(check.rows)}).`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
  console.log('Start the server again with npm start.');
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`restore: ${err.message.split('\n')[0]}`);
    process.exit(1);
  });
}
