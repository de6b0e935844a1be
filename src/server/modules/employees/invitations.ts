/**
 * Invitation emails for new employees: a one-time set-password link (72 h) each. They are sent in
 * the background, after the employees are committed, so neither one add nor a 100,000-row import
 * waits on the mail server, and a failed send only costs an email (the employee can use
 * "forgot password"), never the employee.
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
  /** Stops sending: queued batches are dropped, the running one finishes. */
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
    await forEachLimit(batch, concurrency, async (invitee, i) => {
      try {
        await ctx.mailer.send(invitationMail(ctx, invitee, setPasswordUrl(ctx.config.publicUrl, tokens[i]!)));
      } catch (err) {
        ctx.log.error({ err: String(err), to: invitee.email, employeeId: invitee.employeeId }, 'invitation mail failed');
      }
    });
  }

  return {
    send(invitees) {
      for (let i = 0; i < invitees.length; i += batchSize) {
        const batch = invitees.slice(i, i + batchSize);
        queue.push(() => sendBatch(batch));
      }
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
      `An account has been created for you on the ${company} portal (employee ID ${invitee.employeeId}).`,
      '',
      `Open this link within ${SET_PASSWORD_TOKEN_TTL_HOURS} hours to choose your password; it works once:`,
      link,
      '',
      `Then sign in on the Employee tab with ${invitee.email} and your new password.`,
      'If the link has expired, use "Forgot password?" on the sign-in page to get a new one.',
    ].join('\n'),
  };
}
