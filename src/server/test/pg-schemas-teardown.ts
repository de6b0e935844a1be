/**
 * Jest global setup and teardown of the server project. Setup names this run (workers inherit the
 * environment); teardown drops the PostgreSQL schemas this run made, and no one else's, and any
 * database of this run a test left behind (the multi-instance test makes a fresh one).
 */
import { randomBytes } from 'node:crypto';
import { testSchemaPrefix, withPg } from './test-app';

export default async function pgSchemas(): Promise<void> {
  if (!process.env.HR_TEST_RUN) {
    process.env.HR_TEST_RUN = randomBytes(3).toString('hex');
    return;
  }
  if (!process.env.DATABASE_URL) return;
  await withPg(async (c) => {
    const { rows } = await c.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`${testSchemaPrefix()}%`]);
    for (const { nspname } of rows) await c.query(`drop schema if exists "${nspname}" cascade`);
    const dbs = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${testSchemaPrefix()}%`]);
    for (const { datname } of dbs.rows) await c.query(`drop database if exists "${datname}" with (force)`);
  });
}
