/**
 * A throw-away PostgreSQL database for one bench run, created next to the one DATABASE_URL names
 * (a fresh database rather than a schema: the server under test gets a plain DATABASE_URL, exactly
 * as in production, and dropping it leaves nothing behind).
 */
import { randomBytes } from 'node:crypto';
import { withPgClient } from '../server/db/database';

export interface BenchPgDatabase {
  name: string;
  /** DATABASE_URL for the new database. */
  url: string;
  drop(): Promise<void>;
}


export async function createBenchPgDatabase(baseUrl: string, tag: string): Promise<BenchPgDatabase> {
  const name = `hr_bench_${tag}_${randomBytes(4).toString('hex')}`;
  await withPgClient(baseUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // WITH (FORCE) ends sessions a killed server child may have left behind.
    drop: () => withPgClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Redacts the password of a postgres:// URL for the report. */
export const redactUrl = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
