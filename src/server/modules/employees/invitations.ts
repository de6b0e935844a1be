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
 *
 * Several instances on one database: each batch is claimed with a lease (users.invite_lease_until,
 * db/work-leases.ts) before its mails go out, so two instances starting together, or one resuming
 * while another is still sending, never both send the same invitation. An instance that dies stops
 * renewing; the others' sweep takes over its claimed batch once the lease passes, and the
 * invitations it had not claimed yet (never tried) after a short grace. An invitation whose send
 * failed is not swept again: as before, the next start tries it once more.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { createWorkQueue, forEachLimit } from '../../mail/work-queue';
import { invitationToSetPassword, issuePasswordToken, issuePasswordTokens, setPasswordUrl } from '../auth';
import { DEFAULT_LEASE_TIMING, leaseEnd, type LeaseTiming } from '../../db/work-leases';

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
  /**
   * Queues invitations another instance left: claimed by it with a lease that has passed, or never
   * tried and older than the grace. Does nothing while this queue is busy. Resolves with how many.
   */
  sweep(): Promise<number>;
  /** Stops sending: queued batches stay pending for the next start, the running one finishes. */
  close(): Promise<void>;
}

export interface InvitationOptions {
  /** Invitees whose links are written in one transaction, then mailed. */
  batchSize?: number;
  /** Mails in flight at once; SMTP servers throttle clients that open many connections. */
  concurrency?: number;
  lease?: LeaseTiming;
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

  const lease = opts.lease ?? DEFAULT_LEASE_TIMING;
  const { db } = ctx.database;

  /** Claims those of `userIds` still owed and held by nobody; returns the ids claimed. */
  async function claim(trx: Transaction<DB>, userIds: readonly number[]): Promise<Set<number>> {
    const now = ctx.now();
    const rows = await trx
      .updateTable('users')
      .set({ invite_lease_until: leaseEnd(now, lease) })
      .where('id', 'in', userIds)
      .where('invite_pending', '=', 1)
      .where((eb) => eb.or([eb('invite_lease_until', 'is', null), eb('invite_lease_until', '<', now.toISOString())]))
      .returning('id')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async function sendBatch(invitees: readonly Invitee[]) {
    // The claim and the batch's links are written together: a claimed batch always has its links.
    // One INSERT per batch: a 100,000-person import costs 500 statements here, not 100,000.
    const { batch, tokens } = await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, invitees.map((i) => i.userId));
      const mine = invitees.filter((i) => claimed.has(i.userId));
      const now = ctx.now();
      const links =
        mine.length === 0
          ? []
          : mine.length === 1
            ? [await issuePasswordToken(trx, mine[0]!.userId, 'invite', now)]
            : await issuePasswordTokens(trx, mine.map((i) => i.userId), 'invite', now);
      return { batch: mine, tokens: links };
    });
    if (!batch.length) return;
    const ids = batch.map((i) => i.userId);
    // The mailer retries a failing send with pauses; the lease is renewed meanwhile.
    const renewal = setInterval(() => {
      db.updateTable('users')
        .set({ invite_lease_until: leaseEnd(ctx.now(), lease) })
        .where('id', 'in', ids)
        .where('invite_pending', '=', 1)
        .execute()
        .catch((err: Error) => ctx.log.warn({ err: String(err) }, 'invitation lease renewal failed'));
    }, lease.renewMs);
    renewal.unref();
    const sent: number[] = [];
    const failed: number[] = [];
    try {
      await forEachLimit(batch, concurrency, async (invitee, i) => {
        try {
          await ctx.mailer.send(invitationMail(ctx, invitee, setPasswordUrl(ctx.config.publicUrl, tokens[i]!)));
          sent.push(invitee.userId);
        } catch (err) {
          // The mailer has already retried; the flag stays, so the next start tries once more.
          failed.push(invitee.userId);
          ctx.log.error({ err: String(err), to: invitee.email, employeeId: invitee.employeeId }, 'invitation mail failed');
        }
      });
    } finally {
      clearInterval(renewal);
      if (sent.length) await db.updateTable('users').set({ invite_pending: 0, invite_lease_until: null }).where('id', 'in', sent).execute();
      if (failed.length) {
        await db
          .updateTable('users')
          .set((eb) => ({ invite_lease_until: null, invite_attempts: eb('invite_attempts', '+', 1) }))
          .where('id', 'in', failed)
          .execute();
      }
    }
  }

  function send(invitees: readonly Invitee[]) {
    for (let i = 0; i < invitees.length; i += batchSize) {
      const batch = invitees.slice(i, i + batchSize);
      queue.push(() => sendBatch(batch));
    }
  }

  /** Invitations owed to active employees who have not set a password another way meanwhile. */
  const owed = () =>
    db
      .selectFrom('users')
      .innerJoin('employees', 'employees.user_id', 'users.id')
      .select(['users.id as userId', 'users.name', 'users.email', 'employees.employee_id as employeeId'])
      .where('users.invite_pending', '=', 1)
      .where('users.active', '=', 1)
      // Someone who has set a password meanwhile (through "forgot password") needs no invitation.
      .where('users.password_hash', 'is', null)
      .orderBy('users.id');

  return {
    send,
    async resume() {
      const now = ctx.now().toISOString();
      const pending = await owed()
        .where('users.created_at', '<', startedAt)
        .where((eb) => eb.or([eb('users.invite_lease_until', 'is', null), eb('users.invite_lease_until', '<', now)]))
        .execute();
      if (pending.length) ctx.log.info({ count: pending.length }, 'sending invitations left pending by the last stop');
      send(pending);
      return pending.length;
    },
    async sweep() {
      if (queue.size > 0) return 0;
      const now = ctx.now();
      // The instance that created an employee claims the invitation itself within moments; the
      // grace keeps the sweep from racing it for fresh ones (harmless, but wasted claims).
      const graceEnd = new Date(now.getTime() - 2 * lease.leaseMs).toISOString();
      const left = await owed()
        .where((eb) =>
          eb.or([
            eb('users.invite_lease_until', '<', now.toISOString()),
            eb.and([eb('users.invite_lease_until', 'is', null), eb('users.invite_attempts', '=', 0), eb('users.created_at', '<', graceEnd)]),
          ]),
        )
        .limit(batchSize * 5)
        .execute();
      if (left.length) ctx.log.info({ count: left.length }, 'sending invitations another instance left');
      send(left);
      return left.length;
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}

/** The invitation itself: who they are in the portal and the link to choose a password. */
export function invitationMail(ctx: Pick<AppContext, 'config'>, invitee: Invitee, link: string) {
  const company = ctx.config.companyName;
  return invitationToSetPassword(
    invitee,
    {
      subject: `${company}: your account is ready, set your password`,
      // Not "the ${company} portal": with the default COMPANY_NAME that read "the HR Portal portal".
      why: `Your ${company} account has been created (employee ID ${invitee.employeeId}).`,
      tab: 'Employee',
    },
    link,
  );
}
