/**
 * Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both go
 * through the same Kysely instance type, so every query and migration is written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite, { type SqliteDatabase, type SqliteStatement } from './sqlite-driver';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Migration,
  type MigrationProvider,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrationsFor } from './migrations';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The raw SQLite handle, for the online backup API and benchmarks' floors; undefined on PostgreSQL. */
  sqlite?: SqliteDatabase;
  /** The PostgreSQL schema in use when not the default (tests). */
  pgSchema?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in a fresh schema). */
  pgSchema?: string;
  sqliteFile?: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
}

// pg returns BIGINT (counts, paise, ids) as strings to protect > 2^53; our values stay well below it.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new OneSchemaPostgresDialect({ pool, cursor: Cursor }, opts.pgSchema) });
    return { db, dialect: 'postgres', pgSchema: opts.pgSchema, close: closeOnce(db) };
  }

  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'hr-portal.sqlite');
  // Created 0600 before SQLite opens it: SQLite gives the WAL and SHM files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  // WAL lets readers (the 10 s poll, exports) run beside a writer. synchronous=FULL syncs the WAL on
  // every commit, so an acknowledged write survives a process kill and a power cut; NORMAL (opt-in)
  // survives a process kill only.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${opts.sqliteSynchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  cachePreparedStatements(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite, close: closeOnce(db) };
}

/**
 * Kysely's PostgreSQL introspector lists every column of every table in every schema (calling
 * pg_get_serial_sequence on each), and its migrator only asks it whether its two bookkeeping tables
 * exist. In a database holding many schemas (a test run makes hundreds) that scan is slow, and it
 * fails with "schema ... does not exist" when another session drops a schema while it runs. This
 * dialect's introspector looks at the one schema in use.
 */
class OneSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string | undefined,
  ) {
    super(config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.schema);
  }
}

class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly db: Kysely<any>,
    private readonly schema: string | undefined,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = coalesce(${this.schema ?? null}, current_schema())`.execute(this.db);
    return rows;
  }

  /** The schema's tables and views, without columns (nothing here reads them). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${this.schema ?? null}, current_schema()) and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/**
 * The app closes its database (plugins/db.ts) and so may whoever opened it; pg's pool throws when
 * ended twice, so every close after the first shares the first one's promise.
 */
function closeOnce(db: Kysely<DB>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= db.destroy());
}

/**
 * Brings the schema up to date; safe to run on every start, and by several instances starting at
 * once. On PostgreSQL the whole migration, including the creation of Kysely's own bookkeeping
 * tables (CREATE TABLE IF NOT EXISTS races between sessions), runs under a session advisory lock
 * held on one connection: the first instance migrates, the others wait and then find nothing to
 * do. The lock is per schema, so tests migrating their own schemas do not queue behind each other.
 * SQLite needs no lock: its writers are serialized by the file lock and busy_timeout.
 */
export async function migrateToLatest(
  database: Database,
  migrations: Record<string, Migration> = migrationsFor(database.dialect),
): Promise<void> {
  if (database.dialect !== 'postgres') return runMigrations(database.db, database, migrations);
  const lockKey = `hr-portal-migrations:${database.pgSchema ?? 'public'}`;
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${lockKey}))`.execute(conn);
    try {
      await runMigrations(conn, database, migrations);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lockKey}))`.execute(conn);
    }
  });
}

/**
 * Migrations are numbered when work starts but land in the order work finishes, so a database
 * migrated between two landings can lack a lower-numbered migration that arrived later. Each
 * migration creates or alters only its own tables and columns, so running the late one then is
 * safe; Kysely's default would refuse to start instead.
 */
async function runMigrations(db: Kysely<DB>, database: Database, migrations: Record<string, Migration>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, migrationTableSchema: database.pgSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/**
 * Kysely prepares every query afresh; on a hot route that is ~9% of the CPU. Reuse statements by
 * SQL text, bounded so one-off statements (multi-row inserts of odd sizes) cannot grow it forever.
 * Streaming exports read through their own connection, so a cached statement is never iterated
 * while another caller runs it. Part of the 3,600–4,200 -> 8,400–9,700 req/s on an authenticated
 * GET /api/employee/{id} in BENCHMARKS.md ("API overhead of an authenticated JSON call").
 */
function cachePreparedStatements(sqlite: SqliteDatabase, max = 256): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteStatement>();
  sqlite.prepare = ((text: string) => {
    // Kysely opens every transaction with a plain (deferred) BEGIN. With WORKERS > 1 several
    // processes write one file, and a deferred transaction that read before another process wrote
    // cannot upgrade to a writer: SQLite answers SQLITE_BUSY at once, with no busy_timeout wait.
    // BEGIN IMMEDIATE takes the write lock up front, so a second writer waits its turn instead.
    // With one process nothing changes: its one connection never competes with itself.
    const source = text === 'begin' ? 'begin immediate' : text;
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

/** Runs `fn` on a one-off PostgreSQL connection (schema and database set-up, outside any pool). */
export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
