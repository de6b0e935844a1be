/**
 * Instances starting together migrate one fresh database safely: one migrates, the others find it
 * done. A migration that lands after a higher-numbered one still runs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from './database';
import { migrationsFor } from './migrations';
import { testSchemaPrefix, withPg } from '../test/test-app';

(process.env.DATABASE_URL ? describe : describe.skip)('migrations on PostgreSQL', () => {
  it('run once when three instances start at the same moment', async () => {
    const schema = `${testSchemaPrefix()}${randomBytes(6).toString('hex')}`;
    await withPg((c) => c.query(`create schema ${schema}`));
    const databases = [0, 1, 2].map(() => openDatabase({ dataDir: '/nonexistent', databaseUrl: process.env.DATABASE_URL, pgSchema: schema }));
    try {
      await Promise.all(databases.map((d) => migrateToLatest(d)));
      const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(databases[0]!.db);
      expect(rows.map((r) => r.name)).toEqual(Object.keys(migrationsFor('postgres')).sort());
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});

describe('a migration that lands after a higher-numbered one', () => {
  it('still runs on a database that already has the higher one (SQLite)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-unordered-'));
    const database = openDatabase({ dataDir: dir });
    try {
      const all = migrationsFor('sqlite');
      const names = Object.keys(all).sort();
      const late = names[names.length - 2]!; // lower-numbered than the last, but not yet applied
      const early = Object.fromEntries(Object.entries(all).filter(([name]) => name !== late));
      await migrateToLatest(database, early);
      await migrateToLatest(database);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((r) => r.name)).toEqual(names);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
