/**
 * The company's logo, printed on its salary slips (the Company profile screen): one row, the image's
 * bytes as uploaded (PNG or JPEG, at most 512 KB, checked by content before it is stored), its type,
 * size, SHA-256 (which slip renderers key their prepared copy by) and who stored it when. The rest of
 * the profile (legal name, address, codes, time zone) is the 'profile' key of company_settings, which
 * needs no column.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function companyLogoMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('company_logo')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('updated_by', refType(dialect), (c) => c.references('users.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
