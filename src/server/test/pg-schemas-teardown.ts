/**
 * Jest global setup and teardown of the server project. Setup names this run (workers inherit the
 * environment); teardown drops the PostgreSQL schemas this run made, and no one else's.
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
  });
}
