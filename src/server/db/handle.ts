import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** What a query runs on: the database or a transaction on it. */
export type Db = Kysely<DB> | Transaction<DB>;
