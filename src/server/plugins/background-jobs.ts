/**
 * The app's background work, started and stopped with it: bulk payroll runs, new employees'
 * invitation emails and "forgot password" links. Both keep what they owe in the database, so a stop loses nothing: once the
 * server listens, the runs and invitations the last process left unfinished are taken up again;
 * when the app closes, the running batch and the payroll sends in flight finish and are recorded,
 * and the rest stays pending for the next start. Work is not resumed for app.inject() alone, so
 * tests that never listen see only the work they start.
 *
 * Several instances on one database share this work through leases in the database (the modules
 * say how); a listening instance sweeps every few seconds for work another has started or left.
 */
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../context';
import { createInvitations, type Invitations } from '../modules/employees';
import { createPasswordResets, type PasswordResets } from '../modules/auth';
import { resumePayrollRuns, stopPayrollRuns } from '../modules/salary';
import { DEFAULT_LEASE_TIMING } from '../db/work-leases';
import { createMailKicker, deliverDigests, type MailKicker } from '../modules/team';
import { applyCompanyProfile } from '../modules/company';
import { createApprovalSweeps } from '../modules/approval-sweeps';

// Approvals move on a scale of days: their sweep (hand-overs, escalation) runs once a minute.
const APPROVAL_SWEEP_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The invitation queue the employee routes hand new employees to. */
    invitations: Invitations;
    /** "Forgot password" requests, stored before their answer (modules/auth/password-resets.ts). */
    passwordResets: PasswordResets;
    /** Sends owed notification mail (requests, decisions) after a commit and on each sweep. */
    notifications: MailKicker;
  }
}

export const backgroundJobsPlugin = fp<ModuleOptions>(
  async (app, { ctx }) => {
    const invitations = createInvitations(ctx);
    app.decorate('invitations', invitations);
    const passwordResets = createPasswordResets(ctx);
    app.decorate('passwordResets', passwordResets);
    const notifications = createMailKicker(ctx);
    app.decorate('notifications', notifications);
    const approvals = createApprovalSweeps(ctx);
    let lastApprovalSweep = 0;
    const sweepApprovals = async () => {
      if (Date.now() - lastApprovalSweep < APPROVAL_SWEEP_MS) return;
      lastApprovalSweep = Date.now();
      const moved = await approvals.sweep();
      if (moved.handedOver + moved.toHr + moved.escalated > 0) {
        ctx.log.info(moved, 'approval sweep');
        await notifications.kick();
      }
    };
    let sweeper: NodeJS.Timeout | undefined;

    app.addHook('onListen', () => {
      void invitations.resume().catch((err: Error) => ctx.log.error({ err: String(err) }, 'resuming invitations failed'));
      void passwordResets.resume().catch((err: Error) => ctx.log.error({ err: String(err) }, 'resuming password resets failed'));
      // Payroll runs interrupted by the last stop continue; none is emailed twice.
      void resumePayrollRuns(ctx).catch((err: Error) => ctx.log.error({ err: String(err) }, 'resuming payroll runs failed'));
      // Other instances on the same database start runs and may die holding work: look for both
      // now and then. The company profile another instance saved is applied here too. One sweep at a time; each is a couple of indexed reads when there is nothing.
      let sweeping = false;
      sweeper ??= setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        Promise.all([invitations.sweep(), resumePayrollRuns(ctx, { joinOnly: true }), notifications.kick(), deliverDigests(ctx), applyCompanyProfile(ctx), sweepApprovals()])
          .catch((err: Error) => ctx.log.error({ err: String(err) }, 'background work sweep failed'))
          .finally(() => (sweeping = false));
      }, DEFAULT_LEASE_TIMING.sweepMs);
      sweeper.unref();
    });
    app.addHook('onClose', () => {
      clearInterval(sweeper);
      return Promise.all([invitations.close(), passwordResets.close(), stopPayrollRuns(ctx), notifications.idle()]).then(() => {});
    });
  },
  { name: 'background-jobs', dependencies: ['db'] },
);
