/**
 * Bulk payroll runs: email every active employee's slip for a month as a background job whose
 * state lives in the database (payroll_runs + payroll_run_items), so a restart resumes it.
 *
 * Delivery guarantee: an item is marked 'sent' right after the mail transport accepts it, and only
 * 'pending' items are ever (re)processed, so nobody is emailed twice in the normal course. The one
 * window is a crash after the transport accepted a message and before the 'sent' write commits:
 * that item is still pending and is sent again by whoever takes it over — at most one duplicate per
 * worker (CONCURRENCY) per crash.
 *
 * Several instances: items are claimed through the database with leases (db/work-leases.ts), a
 * batch at a time, so every instance on one database can work the same run side by side and none
 * sends an item another holds. The instance that starts a run begins at once; the others find it
 * within a sweep (5 s) and join in. If an instance dies, its claims lapse after the lease (20 s)
 * and the others take its items over and finish the run; whoever finds nothing pending closes it.
 *
 * Throughput: items are read in batches (one query for the employees of the batch, one for their
 * attendance and one for their approved leave), slips are built and sent CONCURRENCY at a time,
 * and each outcome is one UPDATE: 9,977 slips in about 44 s (BENCHMARKS.md, figure 6).
 */
import { countOf } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import {
  PAYROLL_RUN_MAX_ERRORS,
  type PayrollRunAccepted,
  type PayrollRunReport,
  type PayrollRunSummary,
} from '../../../shared/schemas/salary';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { PayrollRunsTable } from '../../db/schema';
import { notFound } from '../../errors';
import { forEachLimit } from '../../mail/work-queue';
import { DEFAULT_LEASE_TIMING, leaseEnd, localLease, newWorkerId, type LeaseTiming } from '../../db/work-leases';
import { isUniqueViolation } from '../../db/unique-violation';
import { createSalaryRepository, type ItemStatus, type SalaryRepository, type SlipEmployee, type MonthDays } from './salary-repository';
import { buildSlipFile, slipBatch, slipMail, slipMessage, storedSlipsOf, type SlipBatch } from './salary-service';
import { mailErrorReason } from '../../mail/mail-error';
import { companyToday } from '../../company-today';
import type { SlipExtras } from './slip-extras';

export interface PayrollRunTuning {
  /** Slips built and handed to the mailer at once. */
  concurrency: number;
  /** Pending items read per batch (one employees, one attendance and one leave query each). */
  batchSize: number;
  /** How long closing the app waits for in-flight sends to finish and be recorded. */
  stopGraceMs: number;
  /** Leases on claimed items (db/work-leases.ts). */
  lease: LeaseTiming;
}

export const DEFAULT_PAYROLL_RUN_TUNING: PayrollRunTuning = { concurrency: 8, batchSize: 500, stopGraceMs: 10_000, lease: DEFAULT_LEASE_TIMING };

interface Processor {
  /** Set when more work arrived (a retry) while this processor was running; it makes another pass. */
  again: boolean;
  done: Promise<void>;
}

interface Registry {
  processors: Map<number, Processor>;
  stopping: boolean;
  tuning: PayrollRunTuning;
  policy: PayrollPolicy;
  repo: SalaryRepository;
  /** This app's id in the items it claims. */
  worker: string;
}

// One registry per app context: the processors of one app, stopped when that app closes.
const registries = new WeakMap<AppContext, Registry>();

function registryOf(ctx: AppContext): Registry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = {
      processors: new Map(),
      stopping: false,
      tuning: { ...DEFAULT_PAYROLL_RUN_TUNING },
      policy: DEFAULT_PAYROLL_POLICY,
      repo: createSalaryRepository(ctx.database.db, ctx.database.dialect, ctx.config.timeZone),
      worker: newWorkerId(),
    };
    registries.set(ctx, registry);
  }
  return registry;
}

/** Changes the processor's tuning or payroll policy for one app (tests use small batches). */
export function configurePayrollRuns(ctx: AppContext, opts: Partial<PayrollRunTuning> & { policy?: PayrollPolicy }): void {
  const registry = registryOf(ctx);
  const { policy, ...tuning } = opts;
  registry.tuning = { ...registry.tuning, ...tuning };
  if (policy) registry.policy = policy;
}

/**
 * Works a run's pending items until none is left, then marks it done. Calling it for a run that is
 * already being worked makes that processor take another pass (a retry re-queued items behind it).
 * Resolves when the run has nothing pending or the app is stopping; never rejects.
 */
export function processPayrollRun(ctx: AppContext, runId: number): Promise<void> {
  const registry = registryOf(ctx);
  if (registry.stopping) return Promise.resolve();
  const current = registry.processors.get(runId);
  if (current) {
    current.again = true;
    return current.done;
  }
  const processor: Processor = { again: false, done: Promise.resolve() };
  registry.processors.set(runId, processor);
  processor.done = (async () => {
    try {
      for (;;) {
        processor.again = false;
        await drainRun(ctx, registry, runId);
        if (registry.stopping) return;
        await registry.repo.finishRunIfDone(runId, ctx.now().toISOString());
        if (!processor.again) return;
      }
    } catch (err) {
      // The items keep their state: what is pending is picked up by the next resume or retry.
      ctx.log.error({ err: String(err), runId }, 'payroll run stopped by an error');
    } finally {
      registry.processors.delete(runId);
    }
  })();
  return processor.done;
}

/** One pass over the run's pending items: claims a batch at a time until none is left to claim. */
async function drainRun(ctx: AppContext, registry: Registry, runId: number): Promise<void> {
  const { repo, tuning, worker } = registry;
  const run = await repo.findRun(runId);
  if (!run || run.status !== 'running') return;
  const today = companyToday(ctx);
  while (!registry.stopping) {
    const now = ctx.now();
    const lease = localLease(tuning.lease);
    const batch = await repo.claimBatch(runId, worker, tuning.batchSize, now.toISOString(), leaseEnd(now, tuning.lease));
    if (!batch.length) return;
    // Renewed while the batch is worked; a batch whose lease could not be kept stops starting
    // sends (another instance may take those items once the lease passes) and claims afresh.
    const renewal = setInterval(() => {
      const sentAt = performance.now();
      repo.renewClaims(runId, worker, leaseEnd(ctx.now(), tuning.lease)).then(
        () => lease.renewed(sentAt),
        (err: Error) => ctx.log.warn({ err: String(err), runId }, 'payroll lease renewal failed'),
      );
    }, tuning.lease.renewMs);
    renewal.unref();
    try {
      // An approved month's run emails the slips as approved (the register the admin checked); only
      // an item with none stored (a run from before approvals) is computed afresh.
      const stored = await storedSlipsOf(ctx, run.month, batch);
      const unstored = batch.filter((e) => !stored.has(e.userId)).map((e) => e.userId);
      const days = unstored.length ? await repo.loadMonthDays(unstored, run.month) : new Map<number, MonthDays>();
      // The company's address and logo, and the attachment formats, once for the batch.
      const shared = await slipBatch(ctx);
      await forEachLimit(batch, tuning.concurrency, (employee) => sendOne(ctx, registry, runId, run.month, today, employee, stored.get(employee.userId) ?? days.get(employee.userId)!, shared), {
        shouldStop: () => registry.stopping || lease.lost,
      });
    } finally {
      clearInterval(renewal);
    }
  }
}

/**
 * Builds and sends one slip (the approved one, or computed from the month's days) and records the
 * outcome; a failed build or send marks the item failed.
 */
async function sendOne(ctx: AppContext, registry: Registry, runId: number, month: string, today: string, employee: SlipEmployee, source: { slip: SalarySlip; extras: SlipExtras } | MonthDays, shared: SlipBatch) {
  const { repo } = registry;
  let outcome: { status: 'sent' | 'failed'; error: string | null };
  try {
    const file = 'extras' in source ? await slipMail(ctx, employee, source.slip, undefined, source.extras, shared) : await buildSlipFile(ctx, registry.policy, employee, source, month, today, shared);
    try {
      await ctx.mailer.send(slipMessage(ctx, file));
      outcome = { status: 'sent', error: null };
    } catch (err) {
      outcome = { status: 'failed', error: mailErrorReason(err) };
    }
  } catch (err) {
    outcome = { status: 'failed', error: `Slip not generated: ${String((err as Error)?.message ?? err).slice(0, 300)}` };
  }
  await repo.markItem(runId, employee.userId, registry.worker, outcome.status, outcome.error, ctx.now().toISOString());
}

/**
 * Works every running run (after a restart, or left by another instance) until nothing in it is
 * left to claim; resolves when they are all done. Call once the app listens. With `joinOnly`
 * (the periodic sweep) runs this app is already working are left alone.
 */
export async function resumePayrollRuns(ctx: AppContext, opts: { joinOnly?: boolean } = {}): Promise<void> {
  const registry = registryOf(ctx);
  if (registry.stopping) return;
  const runIds = (await registry.repo.runningRunIds()).filter((id) => !(opts.joinOnly && registry.processors.has(id)));
  if (runIds.length && !opts.joinOnly) ctx.log.info({ runIds }, 'resuming payroll runs');
  await Promise.all(runIds.map((id) => processPayrollRun(ctx, id)));
}

/**
 * Stops taking new items and waits (up to stopGraceMs) for the sends in flight to finish and be
 * recorded; what is left stays pending for the next resume. Called when the app closes.
 */
export async function stopPayrollRuns(ctx: AppContext): Promise<void> {
  const registry = registries.get(ctx);
  if (!registry) return;
  registry.stopping = true;
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, registry.tuning.stopGraceMs);
    timer.unref();
  });
  const settled = await Promise.race([Promise.all([...registry.processors.values()].map((p) => p.done)).then(() => true), grace.then(() => false)]);
  clearTimeout(timer);
  // Every send of ours has been recorded: what we still hold goes back at once, so another instance
  // (or the next start) need not wait for the lease. With sends still out, the lease runs out instead.
  if (settled) await registry.repo.releaseClaims(registry.worker).catch((err: Error) => ctx.log.warn({ err: String(err) }, 'releasing payroll claims failed'));
}

/** Whether a run is being worked by this process right now (for tests and diagnostics). */
export const isPayrollRunActive = (ctx: AppContext, runId: number) => registryOf(ctx).processors.has(runId);

/** Whether this app's payroll processing has been told to stop (the app is closing). */
export const isPayrollStopping = (ctx: AppContext) => registries.get(ctx)?.stopping ?? false;

export type RunAnswer = { status: 202 | 409; body: PayrollRunAccepted };

const summaryOf = (run: { id: number } & Omit<PayrollRunsTable, 'id'>, counts: Record<ItemStatus, number>): PayrollRunSummary => ({
  _id: String(run.id),
  month: run.month,
  status: run.status,
  total: run.total,
  sent: counts.sent,
  failed: counts.failed,
  pending: counts.pending,
  createdAt: run.created_at,
  finishedAt: run.finished_at,
});

/** The /api/salary/runs calls; runs are started by approving a month (payroll-approval-service.ts). */
export function createPayrollRunService(ctx: AppContext) {
  const { db } = ctx.database;
  const { repo } = registryOf(ctx);

  const alreadyRunning = (month: string, runId: number): RunAnswer => ({
    status: 409,
    body: { msg: `A payroll run for ${monthLabel(month)} is already in progress (run ${runId})`, runId: String(runId) },
  });

  /** Background processing is started, not awaited: the caller follows it through GET /runs/:id. */
  const startProcessing = (runId: number) => void processPayrollRun(ctx, runId);

  return {
    /** Progress of one run with the failed employees and their errors. */
    async report(runId: number): Promise<PayrollRunReport> {
      const run = await repo.findRun(runId);
      if (!run) throw notFound(`No payroll run ${runId}`);
      const [counts, failed] = await Promise.all([repo.itemCounts([runId]), repo.failedItems(runId, PAYROLL_RUN_MAX_ERRORS)]);
      return { ...summaryOf(run, counts.get(runId)!), errors: failed.map((f) => ({ employeeId: f.employeeId, error: f.error ?? '' })) };
    },

    /** The latest runs, newest first. */
    async list(limit: number): Promise<PayrollRunSummary[]> {
      const runs = await repo.latestRuns(limit);
      const counts = await repo.itemCounts(runs.map((r) => r.id));
      return runs.map((run) => summaryOf(run, counts.get(run.id)!));
    },

    /** Puts a run's failed items back in the queue and works them again. */
    async retry(actorId: number, runId: number): Promise<RunAnswer> {
      const run = await repo.findRun(runId);
      if (!run) throw notFound(`No payroll run ${runId}`);
      const at = ctx.now().toISOString();
      let requeued: number;
      try {
        requeued = await db.transaction().execute(async (trx) => {
          const n = await repo.requeueFailed(trx, runId, at);
          if (n) await recordAudit(trx, { actorId, action: 'payroll.run.retry', entity: 'payroll_run', entityId: String(runId), after: { requeued: n } }, ctx.now());
          return n;
        });
      } catch (err) {
        // Reopening a finished run while a newer run of the same month is going.
        const running = isUniqueViolation(err) ? await repo.findRunningRun(db, run.month) : undefined;
        if (!running) throw err;
        return alreadyRunning(run.month, running.id);
      }
      // A running run with no processor here (left over from a crash) is picked up as well.
      if (requeued || run.status === 'running') startProcessing(runId);
      const msg = requeued ? `Retrying ${countOf(requeued, 'failed salary slip')} of run ${runId}` : `Run ${runId} has no failed salary slips to retry`;
      return { status: 202, body: { msg, runId: String(runId) } };
    },
  };
}
