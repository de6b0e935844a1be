/**
 * "Forgot password", durable: the request is stored before the answer, and its link is stored in the
 * same transaction that retires the request.
 *
 * The answer is the same for every email and must not wait for the account lookup (its timing would
 * tell which emails exist), so the lookup, the link and the mail run after it. What the caller was
 * told, though, must survive a stop: every well-formed request inserts one row into
 * password_reset_requests first (the same work whatever the email), and the background job deletes
 * that row in the transaction that stores the reset link, or finds there is no account to mail. A
 * process that stops between the answer and that transaction leaves the row, and the next start
 * (`resume`) takes it up. Deleting the row is also the claim: of two instances resuming one row, only
 * the one whose delete removed it stores a link and mails.
 */
import type { AppContext } from '../../context';
import { createWorkQueue } from '../../mail/work-queue';
import { resetMail } from './account-mail';
import { issuePasswordToken, setPasswordUrl } from './password-links';

export interface PasswordResets {
  /** Stores the request, queues its work and resolves once the request is stored. */
  request(email: string): Promise<void>;
  /** Queues the requests an earlier process left; resolves with how many. */
  resume(): Promise<number>;
  /** Resolves once no request is queued or being worked on. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createPasswordResets(ctx: AppContext): PasswordResets {
  const { db } = ctx.database;
  // Requests from now on are queued by this process itself; resume() leaves them to it.
  const startedAt = ctx.now().toISOString();
  const queue = createWorkQueue({ concurrency: 1, onError: (err) => ctx.log.error({ err: String(err) }, 'password reset failed') });

  async function work(id: number, email: string) {
    const user = await db.selectFrom('users').select(['id', 'email', 'active']).where('email', '=', email).executeTakeFirst();
    // At most a few reset mails an hour per account: each carries a live link, and a flood of them is
    // itself a nuisance. Past the limit nothing is sent, and the answer (already given) is the same.
    const allowed = user?.active ? await ctx.throttle.allowResetMail(String(user.id)) : false;
    if (user?.active && !allowed) ctx.log.warn({ userId: user.id }, 'password reset mail limit reached; not sent');
    const token = await db.transaction().execute(async (trx) => {
      const claimed = await trx.deleteFrom('password_reset_requests').where('id', '=', id).executeTakeFirst();
      if (Number(claimed.numDeletedRows) === 0 || !user || !allowed) return null;
      return issuePasswordToken(trx, user.id, 'reset', ctx.now());
    });
    if (token && user) await ctx.mailer.send(resetMail(ctx, user.email, setPasswordUrl(ctx.config.publicUrl, token)));
  }

  return {
    async request(email) {
      const row = await db.insertInto('password_reset_requests').values({ email, created_at: ctx.now().toISOString() }).returning('id').executeTakeFirstOrThrow();
      queue.push(() => work(Number(row.id), email));
    },
    async resume() {
      const left = await db.selectFrom('password_reset_requests').select(['id', 'email']).where('created_at', '<', startedAt).orderBy('id').execute();
      for (const r of left) queue.push(() => work(Number(r.id), r.email));
      return left.length;
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}
