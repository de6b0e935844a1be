/**
 * Group commit on SQLite: works queued together share one transaction, and a work that throws is
 * undone alone (its neighbours are kept and answered).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database';
import { createGroupCommit } from './group-commit';

describe('group commit (SQLite)', () => {
  let dir: string;
  let database: Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-group-commit-'));
    database = openDatabase({ dataDir: dir });
    await sql`create table notes (id integer primary key, text text not null unique)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits the works that arrive together once, and undoes only the one that fails', async () => {
    const together = createGroupCommit(database.db);
    const inTransaction: boolean[] = [];
    const sqlite = database.sqlite!;
    const write = (text: string) =>
      together(async (trx) => {
        await sql`insert into notes (text) values (${text})`.execute(trx);
        inTransaction.push(sqlite.inTransaction);
        return text;
      });
    const results = await Promise.allSettled([write('a'), write('b'), write('a'), write('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(['a', 'b', 'failed', 'c']);
    // Every work that got as far ran inside a transaction, and the group made one: one commit.
    expect(inTransaction).toEqual([true, true, true]);
    const rows = await sql<{ text: string }>`select text from notes order by id`.execute(database.db);
    expect(rows.rows.map((r) => r.text)).toEqual(['a', 'b', 'c']);
    // A later work starts a transaction of its own.
    expect(await write('d')).toBe('d');
  });
});
