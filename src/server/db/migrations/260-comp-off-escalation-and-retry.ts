/**
 * Comp-off requests as leave requests and corrections are: `escalated_at` marks one that waited for
 * its manager too long and was sent to HR as well, and the one-per-day rule holds only for live
 * requests (pending or approved), so a day whose request was rejected may be asked for again.
 *
 * SQLite cannot drop a table's UNIQUE constraint, so there the table is copied into a new one
 * made by its own CREATE statement less the constraint; nothing references `comp_offs`, so the copy
 * loses no foreign key.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

export function compOffEscalationAndRetryMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await db.schema.alterTable('comp_offs').dropConstraint('comp_offs_user_day').execute();
        await db.schema.alterTable('comp_offs').addColumn('escalated_at', 'text').execute();
      } else {
        // SQLite's own recipe for a changed table: its CREATE statement, edited, under a new name.
        await db.schema.alterTable('comp_offs').addColumn('escalated_at', 'text').execute();
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'comp_offs'`.execute(db);
        const created = rows[0]!.sql;
        const next = created.replace(/,\s*constraint\s+"comp_offs_user_day"\s+unique\s*\([^)]*\)/i, '').replace(/^create table "comp_offs"/i, 'create table "comp_offs_next"');
        if (next === created || !next.includes('comp_offs_next') || next.includes('comp_offs_user_day')) throw new Error('comp_offs is not as migration 220 made it');
        await sql.raw(next).execute(db);
        await sql`insert into comp_offs_next select * from comp_offs`.execute(db);
        await db.schema.dropTable('comp_offs').execute();
        await db.schema.alterTable('comp_offs_next').renameTo('comp_offs').execute();
        await db.schema.createIndex('comp_offs_status').on('comp_offs').columns(['status', 'user_id']).execute();
      }
      await db.schema
        .createIndex('comp_offs_live_day_uq')
        .on('comp_offs')
        .columns(['user_id', 'work_date'])
        .unique()
        .where(sql.raw<boolean>(`status in ('pending', 'approved')`))
        .execute();
    },
  };
}
