/**
 * Account security state that every server instance must see: several instances may run
 * on one PostgreSQL, so none of it lives in process memory.
 *
 * - auth_throttle: counters in fixed windows. One row per (scope, account, client): failed sign-ins
 *   per account and client pair, per client and per account; the per-client budget of the public
 *   auth routes; reset mails per account; wrong old passwords on change-password. `expires_at` says
 *   when a row no longer matters, so a sweep can drop it with one indexed delete.
 * - revoked_tokens: the `jti` of each session ended by POST /api/auth/logout, kept until the token
 *   would have expired anyway. Why a denylist and not a row per session: only logouts write here
 *   (sign-in writes nothing), and the guard's existing one-row account lookup reads it with a LEFT
 *   JOIN on the primary key, so the per-request check costs no extra round trip. "Every session of
 *   this user" is already covered by users.token_version (bumped by password changes, set-password
 *   links and deactivation), which the same lookup compares.
 * - email_changes: an employee's own email change, pending until the link mailed to the new address
 *   is used. Only a SHA-256 of the link token is stored, as for password links.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function accountSecurityMigration(dialect: Dialect): Migration {
  const ref = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('auth_throttle')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('blocked_until', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('auth_throttle_pk', ['scope', 'account', 'client'])
        .execute();
      // "Clear this account's failures" (a password set) and the sweep of stale rows.
      await db.schema.createIndex('auth_throttle_account_idx').on('auth_throttle').columns(['account', 'scope']).execute();
      await db.schema.createIndex('auth_throttle_expires_idx').on('auth_throttle').column('expires_at').execute();

      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('revoked_tokens_expires_idx').on('revoked_tokens').column('expires_at').execute();

      await db.schema
        .createTable('email_changes')
        .addColumn('user_id', ref, (c) => c.primaryKey().references('users.id'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
