/**
 * Invitation emails for new employees: a one-time set-password link (72 h) each. They are sent in
 * the background, after the employees are committed, so neither one add nor a 100,000-row import
 * waits on the mail server, and a failed send only costs an email (the employee can use
 * "forgot password"), never the employee.
 *
 * The queue is in memory, but what it owes is not: every new employee is committed with
 * `users.invite_pending = 1`, cleared once their invitation has been sent. A stop or crash before
 * that leaves the flag, and `resume()` (when the server starts listening) sends those. A crash
 * between a send and its flag being cleared sends that invitation again: at least once, never lost.
 */
import type { AppContext } from '../../context';
import { createWorkQueue, forEachLimit } from '../../mail/work-queue';
import { issuePasswordToken, issuePasswordTokens, setPasswordUrl } from '../auth/password-links';
import { SET_PASSWORD_TOKEN_TTL_HOURS } from '../../../shared/constants';

export interface Invitee {
  userId: number;
  name: string;
  email: string;
  employeeId: string;
}

export interface Invitations {
  /** Queues invitations for employees that are already committed; returns at once. */
  send(invitees: readonly Invitee[]): void;
  /** Resolves when every queued invitation has been sent or has failed. */
  idle(): Promise<void>;
  /** Queues every invitation still pending from before this process started; resolves with how many. */
  resume(): Promise<number>;
  /** Stops sending: queued batches stay pending for the next start, the running one finishes. */
  close(): Promise<void>;
}

export interface InvitationOptions {
  /** Invitees whose links are written in one transaction, then mailed. */
  batchSize?: number;
  /** Mails in flight at once; SMTP servers throttle clients that open many connections. */
  concurrency?: number;
}

export function createInvitations(ctx: AppContext, opts: InvitationOptions = {}): Invitations {
  const batchSize = opts.batchSize ?? 200;
  // Employees created from now on are queued by this process itself; resume() leaves them to it.
  const startedAt = ctx.now().toISOString();
  const concurrency = opts.concurrency ?? 4;
  // Batches run one at a time (each already sends `concurrency` mails at once), oldest first.
  const queue = createWorkQueue({
    concurrency: 1,
    onError: (err) => ctx.log.error({ err: String(err) }, 'invitation batch failed'),
  });

  async function sendBatch(batch: readonly Invitee[]) {
    const now = ctx.now();
    // One INSERT per batch: a 100,000-person import costs 500 statements here, not 100,000.
    const tokens =
      batch.length === 1
        ? [await issuePasswordToken(ctx.database.db, batch[0]!.userId, 'invite', now)]
        : await issuePasswordTokens(ctx.database.db, batch.map((i) => i.userId), 'invite', now);
    const sent: number[] = [];
    await forEachLimit(batch, concurrency, async (invitee, i) => {
      try {
        await ctx.mailer.send(invitationMail(ctx, invitee, setPasswordUrl(ctx.config.publicUrl, tokens[i]!)));
        sent.push(invitee.userId);
      } catch (err) {
        // The mailer has already retried; the flag stays, so the next start tries once more.
        ctx.log.error({ err: String(err), to: invitee.email, employeeId: invitee.employeeId }, 'invitation mail failed');
      }
    });
    if (sent.length) await ctx.database.db.updateTable('users').set({ invite_pending: 0 }).where('id', 'in', sent).execute();
  }

  function send(invitees: readonly Invitee[]) {
    for (let i = 0; i < invitees.length; i += batchSize) {
      const batch = invitees.slice(i, i + batchSize);
      queue.push(() => sendBatch(batch));
    }
  }

  return {
    send,
    async resume() {
      const pending = await ctx.database.db
        .selectFrom('users')
        .innerJoin('employees', 'employees.user_id', 'users.id')
        .select(['users.id as userId', 'users.name', 'users.email', 'employees.employee_id as employeeId'])
        .where('users.invite_pending', '=', 1)
        .where('users.active', '=', 1)
        // Someone who has set a password meanwhile (through "forgot password") needs no invitation.
        .where('users.password_hash', 'is', null)
        .where('users.created_at', '<', startedAt)
        .orderBy('users.id')
        .execute();
      if (pending.length) ctx.log.info({ count: pending.length }, 'sending invitations left pending by the last stop');
      send(pending);
      return pending.length;
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}

/** The invitation itself: who they are in the portal and the link to choose a password. */
export function invitationMail(ctx: Pick<AppContext, 'config'>, invitee: Invitee, link: string) {
  const company = ctx.config.companyName;
  return {
    to: invitee.email,
    subject: `${company}: your account is ready, set your password`,
    text: [
      `Hello ${invitee.name},`,
      '',
      // Not "the ${company} portal": with the default COMPANY_NAME that read "the HR Portal portal".
      `Your ${company} account has been created (employee ID ${invitee.employeeId}).`,
      '',
      `Open this link within ${SET_PASSWORD_TOKEN_TTL_HOURS} hours to choose your password; it works once:`,
      link,
      '',
      `Then sign in on the Employee tab with ${invitee.email} and your new password.`,
      'If the link has expired, use "Forgot password?" on the sign-in page to get a new one.',
    ].join('\n'),
  };
}
