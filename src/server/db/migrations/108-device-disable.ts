/**
 * A device an admin has switched off (taken down, lost, replaced): `disabled_at` is when. Its calls
 * are answered without OK, so it keeps its records; switching it back on takes them again.
 */
import type { Kysely, Migration } from 'kysely';

export const deviceDisableMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('devices').addColumn('disabled_at', 'text').execute();
  },
};
