/**
 * Payroll run flow: idle -> watching -> done, and done -> retrying -> watching for the
 * failed slips. The machine owns which run is watched and whether to keep polling (only while
 * `watching`); RTK Query owns the run's data, and the invoked `reports` actor
 * (payroll-run-reports.ts, subscribed to the store) reports it back as PROGRESS and RUNS_LOADED.
 * A month's slips are not sent from here: PREVIEW opens the month's Payroll Register, where it is
 * checked and approved (which starts the run), so nothing unapproved is ever emailed.
 * Opened with a run (input `runId`: the register's link to the run its approval started), it
 * watches that run from the start.
 * The call (`retryRun`), `reports` and `openRegister` are injected, so this runs headless.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type ErrorActorEvent } from 'xstate';
import { SALARY_UI } from './salary-copy';
import { monthSchema } from '../../../shared/schemas/common';
import type { PayrollRunAccepted } from '../../../shared/schemas/salary';
import { errorMessage } from '../../api/error-message';

type RunStatus = 'running' | 'done';

export type PayrollRunEvent =
  /** The month picker's value, 'YYYY-MM' (or '' while none is picked). */
  | { type: 'PICK_MONTH'; month: string }
  /** Open the picked month's Payroll Register (preview, then approve there). */
  | { type: 'PREVIEW' }
  /** Follow an existing run (a row of the recent-runs list). */
  | { type: 'WATCH'; runId: string }
  /** The latest known state of a run, as the polled query reports it. */
  | { type: 'PROGRESS'; runId: string; status: RunStatus; failed: number }
  /** The recent-runs list arrived; a run still going is picked up when nothing is watched yet. */
  | { type: 'RUNS_LOADED'; runs: readonly { _id: string; status: RunStatus }[] }
  | { type: 'RETRY' };

/** What the machine asks of its `reports` actor: the cached answer of a run it watches again. */
export type PayrollRunReportsEvent = { type: 'RESEND'; runId: string };

export interface PayrollRunContext {
  /** The month picker's value. */
  month: string;
  runId: string | null;
  /** Failed slips of the watched run, as last reported; RETRY needs some. */
  failed: number;
  /** The server's msg of the last retry. */
  notice: string | null;
  error: string | null;
}

/** The runId of a 409 'already running' answer: that run is the one to watch. */
const runningRunId = (error: unknown): string | null => {
  const data = (error as { status?: unknown; data?: { runId?: unknown } } | null) ?? {};
  return data.status === 409 && typeof data.data?.runId === 'string' ? data.data.runId : null;
};

const WATCH_ANSWER = {
  runId: ({ event }: { event: { output: PayrollRunAccepted } }) => event.output.runId,
  notice: ({ event }: { event: { output: PayrollRunAccepted } }) => event.output.msg,
  failed: 0,
  error: null,
};

/** The payroll run machine; provide `retryRun`, `reports` and `openRegister`. */
export const payrollRunMachine = setup({
  types: { context: {} as PayrollRunContext, events: {} as PayrollRunEvent, input: {} as { runId?: string | null } },
  actors: {
    retryRun: fromPromise<PayrollRunAccepted, { runId: string }>(async () => {
      throw new Error('retryRun actor not provided');
    }),
    /** Sends PROGRESS and RUNS_LOADED as the data arrives; unprovided, nothing arrives. */
    reports: fromCallback<PayrollRunReportsEvent>(() => {}),
  },
  actions: {
    /** Opens the Payroll Register of `month` (the router's navigate, provided by the page). */
    openRegister: (_, _month: string) => {},
    watch: assign({
      runId: ({ event }) => (event.type === 'WATCH' ? event.runId : null),
      failed: 0,
      notice: null,
      error: null,
    }),
    watchRunning: assign({
      runId: ({ event }) => (event.type === 'RUNS_LOADED' ? (event.runs.find((run) => run.status === 'running')?._id ?? null) : null),
      failed: 0,
    }),
    recordProgress: assign({ failed: ({ event }) => (event.type === 'PROGRESS' ? event.failed : 0) }),
    /** A retry answered 409 with another run of the month going: that run is the one to watch. */
    followRunning: assign(({ event }, { fallback }: { fallback: string }) => {
      const { error } = event as unknown as ErrorActorEvent;
      return { runId: runningRunId(error), notice: errorMessage(error, fallback), failed: 0, error: null };
    }),
    /** Any other refusal of a retry: its prefix and the server's msg. */
    showRefusal: assign(({ event }, { prefix, fallback }: { prefix: string; fallback: string }) => ({
      error: prefix + errorMessage((event as unknown as ErrorActorEvent).error, fallback),
    })),
    clearMessages: assign({ notice: null, error: null }),
  },
  guards: {
    validMonth: ({ context }) => monthSchema.safeParse(context.month).success,
    aboutWatchedRun: ({ context, event }) => event.type === 'PROGRESS' && event.runId === context.runId,
    watchedRunDone: ({ context, event }) => event.type === 'PROGRESS' && event.runId === context.runId && event.status === 'done',
    watchedRunGoing: ({ context, event }) => event.type === 'PROGRESS' && event.runId === context.runId && event.status === 'running',
    someRunGoing: ({ event }) => event.type === 'RUNS_LOADED' && event.runs.some((run) => run.status === 'running'),
    hasFailures: ({ context }) => context.failed > 0,
    alreadyRunning: ({ event }) => runningRunId((event as unknown as ErrorActorEvent).error) !== null,
  },
}).createMachine({
  id: 'payrollRun',
  context: ({ input }) => ({ month: '', runId: input.runId ?? null, failed: 0, notice: null, error: null }),
  initial: 'idle',
  invoke: { id: 'reports', src: 'reports' },
  // Opening a month's register or another run is allowed from anywhere but a call in flight.
  on: {
    PICK_MONTH: { actions: assign({ month: ({ event }) => event.month }) },
    PREVIEW: { guard: 'validMonth', actions: { type: 'openRegister', params: ({ context }) => context.month } },
    // Re-watching a run whose cached answer has not changed still learns where it stands.
    WATCH: {
      target: '.watching',
      actions: ['watch', sendTo('reports', ({ event }): PayrollRunReportsEvent => ({ type: 'RESEND', runId: event.runId }))],
    },
  },
  states: {
    idle: {
      always: { guard: ({ context }) => context.runId !== null, target: 'watching' },
      on: {
        RUNS_LOADED: { guard: 'someRunGoing', target: 'watching', actions: 'watchRunning' },
      },
    },
    watching: {
      on: {
        PROGRESS: [
          { guard: 'watchedRunDone', target: 'done', actions: 'recordProgress' },
          { guard: 'aboutWatchedRun', actions: 'recordProgress' },
        ],
      },
    },
    done: {
      on: {
        PROGRESS: [
          // The run was reopened elsewhere (another admin's retry): follow it again.
          { guard: 'watchedRunGoing', target: 'watching', actions: 'recordProgress' },
          { guard: 'aboutWatchedRun', actions: 'recordProgress' },
        ],
        RETRY: { guard: 'hasFailures', target: 'retrying', actions: 'clearMessages' },
      },
    },
    retrying: {
      on: { PREVIEW: {}, WATCH: {} },
      invoke: {
        src: 'retryRun',
        input: ({ context }) => ({ runId: context.runId! }),
        onDone: { target: 'watching', actions: assign(WATCH_ANSWER) },
        onError: [
          // A newer run of the same month is going: follow it.
          { guard: 'alreadyRunning', target: 'watching', actions: { type: 'followRunning', params: { fallback: SALARY_UI.retryFailedFallback } } },
          { target: 'done', actions: { type: 'showRefusal', params: { prefix: SALARY_UI.retryError, fallback: SALARY_UI.retryFailedFallback } } },
        ],
      },
    },
  },
});
