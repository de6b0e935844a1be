/**
 * Migration 260 on a database that already holds comp-off requests: every row is kept as it was,
 * `escalated_at` is empty, and the one-per-day rule now holds only for pending and approved rows.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type Database } from './database';
import { migrationsFor } from './migrations';
import { testSchemaPrefix, withPg } from '../test/test-app';
import { isUniqueViolation } from './unique-violation';

const MIGRATION = '260-comp-off-escalation-and-retry';

/** Whether a write was refused by a unique index (the error may come from another realm, so no toThrow). */
const refused = (write: Promise<unknown>) => write.then(() => false, (error: unknown) => isUniqueViolation(error));

async function opened(engine: 'sqlite' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'postgres') {
    const schema = `${testSchemaPrefix()}${randomBytes(6).toString('hex')}`;
    await withPg((c) => c.query(`create schema ${schema}`));
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: process.env.DATABASE_URL, pgSchema: schema });
    return { database, drop: () => withPg((c) => c.query(`drop schema ${schema} cascade`)).then(() => undefined) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-comp-off-migration-'));
  return { database: openDatabase({ dataDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe.each(process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('comp-off migration on %s', (engine) => {
  it('keeps every request and frees the day of a rejected one', async () => {
    const { database, drop } = await opened(engine);
    const { db } = database;
    try {
      const before = Object.fromEntries(Object.entries(migrationsFor(database.dialect)).filter(([name]) => name !== MIGRATION));
      await migrateToLatest(database, before);
      const at = '2026-08-03T04:30:00.000Z';
      const user = await db.insertInto('users').values({ email: 'alice@example.com', name: 'Alice', role: 'employee', password_hash: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const row = { user_id: user.id, work_date: '2026-08-02', days: 1, worked_minutes: 540, day_off: 'weekly-off' as const, reason: 'Release', created_at: at };
      await db.insertInto('comp_offs').values({ ...row, status: 'rejected', stage: 'manager', decided_by: user.id, decided_at: at, decided_as: 'admin', remark: 'No' }).execute();
      await db.insertInto('comp_offs').values({ ...row, work_date: '2026-08-09', status: 'approved', stage: 'hr', expires_on: '2026-09-08' }).execute();

      await migrateToLatest(database);
      const kept = await db.selectFrom('comp_offs').selectAll().orderBy('id').execute();
      expect(kept.map((r) => [Number(r.id), r.work_date, r.status, r.stage, r.expires_on, r.remark, r.decided_as, r.escalated_at])).toEqual([
        [1, '2026-08-02', 'rejected', 'manager', null, 'No', 'admin', null],
        [2, '2026-08-09', 'approved', 'hr', '2026-09-08', null, null, null],
      ]);
      // A new request for the rejected day is taken, with the next id; a second live one is refused.
      const next = await db.insertInto('comp_offs').values({ ...row, status: 'pending' }).returning('id').executeTakeFirstOrThrow();
      expect(Number(next.id)).toBe(3);
      expect(await refused(db.insertInto('comp_offs').values({ ...row, status: 'approved' }).execute())).toBe(true);
      expect(await refused(db.insertInto('comp_offs').values({ ...row, work_date: '2026-08-09', status: 'pending' }).execute())).toBe(true);
    } finally {
      await database.close();
      await drop();
    }
  });
});
