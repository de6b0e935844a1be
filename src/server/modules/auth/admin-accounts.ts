/** Creating admin accounts: the first one on an empty database, and more from the CLI. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { generatePassword, hashPassword } from '../../auth/passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@hr-portal.local';

export async function createAdmin(db: Kysely<DB>, email: string, password: string, logN?: number, name = 'Admin') {
  const now = new Date().toISOString();
  const normalized = email.trim().toLowerCase();
  const existing = await db.selectFrom('users').select('id').where('email', '=', normalized).executeTakeFirst();
  if (existing) throw new Error(`An account with the email ${normalized} already exists`);
  await db
    .insertInto('users')
    .values({ email: normalized, name, role: 'admin', password_hash: await hashPassword(password, logN), created_at: now, updated_at: now })
    .execute();
  return normalized;
}

/**
 * On a database with no admin, creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password that is returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  opts: { email?: string; password?: string; logN?: number },
): Promise<{ email: string; password?: string } | undefined> {
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (admin) return undefined;
  const password = opts.password ?? generatePassword();
  try {
    const email = await createAdmin(db, opts.email ?? DEFAULT_ADMIN_EMAIL, password, opts.logN);
    return { email, password: opts.password ? undefined : password };
  } catch (err) {
    // Instances starting together on an empty database: the first to insert creates the admin,
    // and the others find it there (their insert fails on the unique email) and carry on.
    if (await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()) return undefined;
    throw err;
  }
}
