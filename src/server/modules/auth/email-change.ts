/**
 * An employee's own change of sign-in email. The email is what "forgot password"
 * mails a link to, so changing it at once would let anyone holding a stolen session take the account
 * for good. Instead the change waits (table email_changes, one per user) until the link mailed to
 * the new address is opened, and the old address hears of it at once. Confirming revokes the
 * account's outstanding set-password links, which were mailed to the old address.
 *
 * A new address that another account already uses gets the same answer on the profile screen as a
 * free one (no "already exists" oracle for employees); that address is sent a note without a link.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ACCOUNT_MSG } from '../../../shared/messages';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest } from '../../errors';
import { isEmailTaken, isUniqueViolation } from '../employees/employee-repository';
import { EMAIL_CHANGE_TTL_HOURS } from './account-mail';
import { revokePasswordTokens, sha256 } from './password-links';

/**
 * Records a pending change, replacing any earlier one of this user. Returns the raw link token, or
 * null when the address belongs to another account (then nothing is pending).
 */
export async function requestEmailChange(trx: Transaction<DB>, userId: number, newEmail: string, now: Date): Promise<string | null> {
  await cancelEmailChange(trx, userId);
  if (await isEmailTaken(trx, newEmail, userId)) return null;
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('email_changes')
    .values({
      user_id: userId,
      new_email: newEmail,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export async function cancelEmailChange(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

/** Applies the change a confirmation link stands for; the link works once. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<{ msg: string }> {
  const now = ctx.now();
  await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      const change = await trx
        .deleteFrom('email_changes')
        .where('token_hash', '=', sha256(token))
        .where('expires_at', '>', now.toISOString())
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
      const user = change && (await trx.selectFrom('users').select(['id', 'email', 'active']).where('id', '=', change.user_id).executeTakeFirst());
      if (!change || !user || !user.active) throw badRequest(ACCOUNT_MSG.invalidEmailLink);
      // Taken meanwhile (an admin gave the address to someone else since the request).
      if (await isEmailTaken(trx, change.new_email, user.id)) throw badRequest(ACCOUNT_MSG.emailTaken);
      await trx.updateTable('users').set({ email: change.new_email, updated_at: now.toISOString() }).where('id', '=', user.id).execute();
      await revokePasswordTokens(trx, [user.id], now);
      await recordAudit(
        trx,
        { actorId: user.id, action: 'employee.email-confirmed', entity: 'employee', entityId: String(user.id), before: { email: user.email }, after: { email: change.new_email } },
        now,
      );
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'email')) throw badRequest(ACCOUNT_MSG.emailTaken);
      throw err;
    });
  return { msg: ACCOUNT_MSG.emailConfirmed };
}
