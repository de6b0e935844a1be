/**
 * An employee's own change of sign-in email. The email is what "forgot password"
 * mails a link to, so changing it at once would let anyone holding a stolen session take the account
 * for good. Instead the change waits (table email_changes, one per user) until the link mailed to
 * the new address is opened, and the old address hears of it at once. Confirming revokes the
 * account's outstanding set-password links, which were mailed to the old address.
 *
 * A new address that another account already uses gets the same answer on the profile screen as a
 * free one (no "already exists" oracle for employees); that address is sent a note without a link.
 *
 * The notice to the old address carries a second link, "it was not me" (email_change_cancels, 7
 * days): it drops the pending change, puts the old address back if a thief has already confirmed the
 * new one, and ends every session of the account. A password change, a set-password link, "log out
 * everywhere" and a deactivation drop a pending change too (cancelEmailChange).
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ACCOUNT_MSG } from '../../../shared/messages';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest } from '../../errors';
import { isEmailTaken } from '../employee-records';
import { isUniqueViolation } from '../../db/unique-violation';
import { EMAIL_CHANGE_TTL_HOURS } from './account-mail';
import { revokePasswordTokens, sha256 } from './password-links';

/** How long the old address's "it was not me" link works: longer than the change, see above. */
export const EMAIL_CHANGE_CANCEL_TTL_HOURS = 7 * 24; // the notice says 7 days (account-mail.ts)

/**
 * Records a pending change, replacing any earlier one of this user, and the old address's cancel
 * link. Returns the raw tokens: `confirm` is null when the address belongs to another account (then
 * nothing is pending, but the cancel link still ends every session).
 */
export async function requestEmailChange(trx: Transaction<DB>, userId: number, oldEmail: string, newEmail: string, now: Date): Promise<{ confirm: string | null; cancel: string }> {
  await cancelEmailChange(trx, userId);
  const cancel = randomBytes(32).toString('base64url');
  await trx
    .insertInto('email_change_cancels')
    .values({ token_hash: sha256(cancel), user_id: userId, old_email: oldEmail, expires_at: new Date(now.getTime() + EMAIL_CHANGE_CANCEL_TTL_HOURS * 3600_000).toISOString(), created_at: now.toISOString() })
    .execute();
  if (await isEmailTaken(trx, newEmail, userId)) return { confirm: null, cancel };
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
  return { confirm: token, cancel };
}

/** Drops the user's pending email change, if any (its confirmation link stops working). */
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

/**
 * The old address's "it was not me" link: drops the pending change, puts the old address back when
 * the change was confirmed meanwhile (unless another account has taken it since), revokes the
 * account's set-password links and ends every session (the token version moves on). Works once.
 */
export async function cancelEmailChangeByLink(ctx: AppContext, token: string): Promise<{ msg: string }> {
  const now = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const link = await trx
      .deleteFrom('email_change_cancels')
      .where('token_hash', '=', sha256(token))
      .where('expires_at', '>', now.toISOString())
      .returning(['user_id', 'old_email'])
      .executeTakeFirst();
    const user = link && (await trx.selectFrom('users').select(['id', 'email']).where('id', '=', link.user_id).executeTakeFirst());
    if (!link || !user) throw badRequest(ACCOUNT_MSG.invalidCancelLink);
    await cancelEmailChange(trx, user.id);
    const restore = user.email !== link.old_email && !(await isEmailTaken(trx, link.old_email, user.id));
    await trx
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now.toISOString(), ...(restore && { email: link.old_email }) }))
      .where('id', '=', user.id)
      .execute();
    await revokePasswordTokens(trx, [user.id], now);
    await trx.deleteFrom('email_change_cancels').where('user_id', '=', user.id).execute();
    await recordAudit(
      trx,
      { actorId: null, action: 'employee.email-change-cancelled', entity: 'employee', entityId: String(user.id), before: { email: user.email }, after: { email: restore ? link.old_email : user.email, sessionsEnded: true } },
      now,
    );
  });
  return { msg: ACCOUNT_MSG.emailChangeCancelled };
}
