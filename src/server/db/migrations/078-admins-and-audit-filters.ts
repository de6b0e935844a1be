/**
 * The Admins screen and the Audit log screen.
 * - users.last_sign_in_at: when the account last signed in (stamped by a successful sign-in), so an
 *   admin can see which of the other admin accounts are still in use.
 * - audit_log indexes: the screen filters by actor, action and entity and pages newest first by id;
 *   an index per filter ending in id lets each page be one index range, however large the log
 *   grows, and one on `at` serves the date range.
 */
import type { Kysely, Migration } from 'kysely';

export const adminsAndAuditFiltersMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
    await db.schema.createIndex('audit_log_actor_id_idx').on('audit_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('audit_log_action_id_idx').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_log_entity_id_idx').on('audit_log').columns(['entity', 'id']).execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  },
};
