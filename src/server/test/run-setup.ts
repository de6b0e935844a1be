/**
 * Jest global setup of the lanes that open databases or write files (unit, server, reliability).
 * It names this run, and gives it a temporary folder of its own as TMPDIR: every folder a test
 * makes with mkdtemp lands there, and the teardown (run-teardown.ts) removes it whole, so no run
 * leaves folders behind even when a test fails before its own cleanup. Workers and the processes
 * tests start inherit both through the environment. Each lane calls it; the first call does it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RUN_TMP_PREFIX = 'hr-portal-test-';

/** PostgreSQL schemas and databases of one run share a prefix, so its teardown drops only its own. */
export const testSchemaPrefix = () => `hr_test_${process.env.HR_TEST_RUN ?? 'adhoc'}_`;

export default function runSetup(): void {
  if (process.env.HR_TEST_RUN) return;
  process.env.HR_TEST_RUN = randomBytes(3).toString('hex');
  process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), `${RUN_TMP_PREFIX}${process.env.HR_TEST_RUN}-`));
}
