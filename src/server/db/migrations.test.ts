/** Instances starting together migrate one fresh database safely: one migrates, the others find it done. */
import { randomBytes } from 'node:crypto';
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
