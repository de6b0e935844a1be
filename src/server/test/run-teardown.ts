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

/**
 * DROP DATABASE waits for a checkpoint (PostgreSQL 15), and every drop waiting at the same time is
 * served by the same one: dropped one at a time, a run's databases (a thousand and more) took one
 * checkpoint each, 5 s apiece while other work kept the server busy; on this many connections at once,
 * 0.4 s a database.
 */
const DROPPING_CONNECTIONS = 16;

export default async function runTeardown(): Promise<void> {
  const tmp = process.env.TMPDIR;
  if (tmp && path.basename(tmp).startsWith(RUN_TMP_PREFIX)) fs.rmSync(tmp, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return;
  const prefix = `${testSchemaPrefix()}%`;
  const databases = await withClient(async (c) => {
    const { rows } = await c.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [prefix]);
    for (const { nspname } of rows) await c.query(`drop schema if exists "${nspname}" cascade`);
    return (await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [prefix])).rows.map((r) => r.datname);
  });
  const dropping = Math.min(DROPPING_CONNECTIONS, databases.length);
  await Promise.all(
    Array.from({ length: dropping }, () =>
      withClient(async (c) => {
        for (let name = databases.pop(); name !== undefined; name = databases.pop()) await c.query(`drop database if exists "${name}" with (force)`);
      }),
    ),
  );
}

async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  return fn(c).finally(() => c.end());
}
