/**
 * Jest global teardown of the lanes run-setup.ts sets up: drops the PostgreSQL schemas this run
 * made, and no one else's, and any database of this run a test left behind (the multi-instance test
 * makes a fresh one); then removes the run's temporary folder. Each lane calls it; the work is the
 * same every time, so later calls find nothing left. It imports no part of the server: jest runs it
 * in its own process, where loading the app would only cost time.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { RUN_TMP_PREFIX, testSchemaPrefix } from './run-setup';

export default async function runTeardown(): Promise<void> {
  const tmp = process.env.TMPDIR;
  if (tmp && path.basename(tmp).startsWith(RUN_TMP_PREFIX)) fs.rmSync(tmp, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return;
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`${testSchemaPrefix()}%`]);
    for (const { nspname } of rows) await c.query(`drop schema if exists "${nspname}" cascade`);
    const dbs = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${testSchemaPrefix()}%`]);
    for (const { datname } of dbs.rows) await c.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await c.end();
  }
}
