/**
 * Jest global setup of the lanes that open databases or write files (unit, server, reliability).
 * It names this run, and gives it a temporary folder of its own as TMPDIR: every folder a test
 * makes with mkdtemp lands there, and the teardown (run-teardown.ts) removes it whole, so no run
 * leaves folders behind even when a test fails before its own cleanup. Workers and the processes
 * tests start inherit both through the environment. Each lane calls it; the first call does it.
 *
 * The folder is in memory (/dev/shm) where the machine has one. SQLite keeps its production
 * setting, synchronous=FULL, so every commit syncs its WAL to the disk: a server test commits about
 * 25 times, and on this machine's disk a sync took 3 to 8 ms, so four server files (97 tests) on
 * SQLite waited 8 to 18 s on the disk beside 45 s of CPU. A test never outlives a power cut, the one
 * thing those syncs are for; a process killed mid-write (the crash-safety suite) loses the same in
 * memory as on disk.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RUN_TMP_PREFIX = 'hr-portal-test-';

/** PostgreSQL schemas and databases of one run share a prefix, so its teardown drops only its own. */
export const testSchemaPrefix = () => `hr_test_${process.env.HR_TEST_RUN ?? 'adhoc'}_`;

const MEMORY_FOLDER = '/dev/shm';

function writableFolder(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export default function runSetup(): void {
  if (process.env.HR_TEST_RUN) return;
  process.env.HR_TEST_RUN = randomBytes(3).toString('hex');
  const base = writableFolder(MEMORY_FOLDER) ? MEMORY_FOLDER : os.tmpdir();
  process.env.TMPDIR = fs.mkdtempSync(path.join(base, `${RUN_TMP_PREFIX}${process.env.HR_TEST_RUN}-`));
}
