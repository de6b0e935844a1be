/**
 * password_reset_requests: a "forgot password" request, stored before its answer goes out.
 *
 * The answer is the same for every email and comes before the account is looked up (so its timing
 * says nothing about which emails exist); the lookup, the link and the mail follow in the
 * background. Before this table that work lived only in memory, so a request acknowledged just
 * before a stop was lost. Now every well-formed request inserts one row here, whatever the email
 * (the same work for every caller), and the row is deleted in the transaction that stores the
 * request's link (or finds there is none to make); a start takes up rows an earlier process left.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './id-columns';

export function passwordResetRequestsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('password_reset_requests')
        .$call(withId(dialect))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
