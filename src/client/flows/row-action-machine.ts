/**
 * A list's row action, one at a time (product.md, Flows and Messages):
 *   idle -> [confirming] -> running -> succeeded | failed
 * `confirming` (only for actions built with a `confirmation`) waits for the person's answer: the
 * invoked `confirm` actor is the app's in-app dialog, and CONFIRM / CANCEL events answer it too (so
 * tests, or an inline control, drive it headless). `succeeded` and `failed` are the shown result:
 * the outcome is in `result` and was handed to `notify` (a toast: the server's msg, or the spec's
 * alert text); the next RUN starts from there, DISMISS goes back to idle. The action in flight is
 * `pending`, so the view can mark its row busy and hold the others. The list refreshes through cache
 * invalidation, not from here. A feature supplies the failure's text (and the question, if any);
 * the call (`run`), `confirm` and `notify` are injected (use-row-action.ts).
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ConfirmRequest } from '../feedback/feedback-machine';
import type { SubmitResult } from './form-submit-machine';

/** Which row, and what to do with it. */
export interface RowActionInput {
  id: string;
}

/** What the confirmation dialog asks. */
export type ConfirmQuestion = Omit<ConfirmRequest, 'kind'>;

/** The outcome being shown: the server's msg, or the failure's text. */
export interface FlowResult {
  tone: 'success' | 'error';
  message: string;
}

export type RowActionEvent<Input extends RowActionInput> =
  | { type: 'RUN'; input: Input }
  /** The answers to `confirming`. */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The result has been seen: back to idle. */
  | { type: 'DISMISS' };

export interface RowActionContext<Input extends RowActionInput> {
  /** The action being confirmed or in flight. */
  pending: Input | null;
  /** The last action's outcome, while it is shown (succeeded / failed). */
  result: FlowResult | null;
}

export interface RowActionOptions<Input extends RowActionInput> {
  /** The machine's id. */
  id: string;
  /** The failure's text: the spec's prefix and the server's msg or a fallback. */
  failure: (error: unknown) => string;
  /** The question to ask before running this input, or null to run at once. Omitted: never asks. */
  confirmation?: (input: Input) => ConfirmQuestion | null;
}

/** Builds a row action machine; provide the `run` actor, `notify`, and `confirm` if it asks. */
export function createRowActionMachine<Input extends RowActionInput>({ id, failure, confirmation }: RowActionOptions<Input>) {
  const questionOf = (input: Input) => confirmation?.(input) ?? null;
  // idle, succeeded and failed all take the next action.
  const ready = {
    RUN: [
      { guard: 'asks' as const, target: `#${id}.confirming`, actions: 'start' as const },
      { target: `#${id}.running`, actions: 'start' as const },
    ],
  };
  const succeeded = ({ event }: { event: DoneActorEvent<SubmitResult> }): FlowResult | null =>
    event.output?.msg ? { tone: 'success', message: event.output.msg } : null;
  const failed = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });

  // XState cannot tell whether an actor whose input is a type parameter needs one, and so rejects
  // any invoke of it (statelyai/xstate#4855). The invokes are typed here on their own and passed as
  // `never`; the actors and their implementations keep their typed input.
  const invokeConfirm = {
    src: 'confirm',
    input: ({ context }: { context: RowActionContext<Input> }): ConfirmQuestion => questionOf(context.pending!)!,
    onDone: [
      { guard: ({ event }: { event: DoneActorEvent<boolean> }) => event.output === true, target: 'running' },
      { target: 'idle' },
    ],
    onError: 'idle',
  } as const;
  const invokeRun = {
    src: 'run',
    input: ({ context }: { context: RowActionContext<Input> }): Input => context.pending!,
    onDone: {
      target: 'succeeded',
      actions: [assign({ pending: null, result: succeeded }), { type: 'notify', params: succeeded }],
    },
    onError: {
      target: 'failed',
      actions: [assign({ pending: null, result: failed }), { type: 'notify', params: failed }],
    },
  } as const;

  return setup({
    types: { context: {} as RowActionContext<Input>, events: {} as RowActionEvent<Input> },
    actors: {
      run: fromPromise<SubmitResult, Input>(async () => {
        throw new Error(`${id}: run actor not provided`);
      }),
      // Unprovided, the question waits for CONFIRM or CANCEL.
      confirm: fromPromise<boolean, ConfirmQuestion>(() => new Promise<boolean>(() => {})),
    },
    actions: {
      /** Shows the result (null: a success without a msg, nothing to say). */
      notify: (_, _params: FlowResult | null) => {},
      start: assign({ pending: ({ event }) => (event.type === 'RUN' ? event.input : null), result: null }),
    },
    guards: {
      asks: ({ event }) => event.type === 'RUN' && questionOf(event.input) !== null,
    },
  }).createMachine({
    id,
    context: { pending: null, result: null },
    initial: 'idle',
    states: {
      idle: {
        entry: assign({ pending: null, result: null }),
        on: ready,
      },
      confirming: {
        invoke: invokeConfirm as never,
        on: { CONFIRM: 'running', CANCEL: 'idle' },
      },
      running: { invoke: invokeRun as never },
      succeeded: { on: { ...ready, DISMISS: 'idle' } },
      failed: { on: { ...ready, DISMISS: 'idle' } },
    },
  });
}

/** A machine built by createRowActionMachine. */
export type RowActionMachine<Input extends RowActionInput> = ReturnType<typeof createRowActionMachine<Input>>;
