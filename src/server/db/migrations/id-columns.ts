/** Column types every migration that creates a table with ids and references needs, per engine. */
import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** The type of a column referencing an id: PostgreSQL ids are bigint, SQLite's integer. */
export const refType = (dialect: Dialect) => (dialect === 'postgres' ? 'bigint' : 'integer');

/** Adds the `id` primary key: SQLite's INTEGER PRIMARY KEY is the rowid alias; PostgreSQL needs an identity column. */
export const withId =
  (dialect: Dialect) =>
  <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
