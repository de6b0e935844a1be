/**
 * One-time set-password links (invitation and "forgot password"). Only a SHA-256 of the token is
 * stored, so a database leak does not hand out working links. A user has at most one live link:
 * issuing one revokes the others, and setting or changing the password (or a confirmed email
 * change) revokes them all.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SET_PASSWORD_TOKEN_TTL_HOURS } from '../../../shared/constants';
import type { DB } from '../../db/schema';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type Db = Kysely<DB> | Transaction<DB>;

/** Marks every live link of these users used, so none of them works any more. */
export async function revokePasswordTokens(db: Db, userIds: readonly number[], now: Date): Promise<void> {
  for (let i = 0; i < userIds.length; i += 1000) {
    await db
      .updateTable('password_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', 'in', userIds.slice(i, i + 1000))
      .where('used_at', 'is', null)
      .execute();
  }
}

/** Runs `fn` in a transaction, or in the caller's when it already is one. */
const inTransaction = <T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);

export type LinkPurpose = 'invite' | 'reset';

/** Creates a link token for a user; returns the raw token to put in the URL. */
export async function issuePasswordToken(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  purpose: LinkPurpose,
  now: Date,
  ttlHours = SET_PASSWORD_TOKEN_TTL_HOURS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await inTransaction(db, async (trx) => {
    await revokePasswordTokens(trx, [userId], now);
    await trx
      .insertInto('password_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        purpose,
        expires_at: new Date(now.getTime() + ttlHours * 3600_000).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * issuePasswordToken for many users in one INSERT (a CSV import's invitations); returns the raw
 * tokens in the order of `userIds`.
 */
export async function issuePasswordTokens(
  db: Kysely<DB> | Transaction<DB>,
  userIds: readonly number[],
  purpose: LinkPurpose,
  now: Date,
  ttlHours = SET_PASSWORD_TOKEN_TTL_HOURS,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000).toISOString();
  await inTransaction(db, async (trx) => {
    await revokePasswordTokens(trx, userIds, now);
    await trx
      .insertInto('password_tokens')
      .values(userIds.map((userId, i) => ({ user_id: userId, token_hash: sha256(tokens[i]!), purpose, expires_at: expiresAt, used_at: null, created_at: now.toISOString() })))
      .execute();
  });
  return tokens;
}

/**
 * The user a link belongs to while it is live (unused, unexpired), without using it up: set-password
 * checks this before paying for a password hash, so a made-up token costs one indexed read.
 */
export async function findLivePasswordToken(db: Db, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_tokens')
    .select('user_id')
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Marks the token used and returns its user id, or undefined when the token is unknown, used or
 * expired. The conditional update makes a double submit of the same link succeed only once.
 */
export async function consumePasswordToken(trx: Transaction<DB>, token: string, now: Date): Promise<number | undefined> {
  const row = await trx
    .updateTable('password_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export const setPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/set-password?token=${encodeURIComponent(token)}`;
