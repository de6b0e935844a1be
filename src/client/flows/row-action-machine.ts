/**
 * A list's row action, one at a time (spec sections 4 and 8): idle -> running -> idle. The action in
 * flight is `pending`, so the view can mark its row busy and hold the others; a success shows the
 * server's msg, a failure the spec's alert. The list refreshes through cache invalidation, not from
 * here. A feature supplies the failure's text; the call (`run`) and the alert are injected.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SubmitResult } from './form-submit-machine';

/** Which row, and what to do with it. */
export interface RowActionInput {
  id: string;
}

export type RowActionEvent<Input extends RowActionInput> = { type: 'RUN'; input: Input };

export interface RowActionContext<Input extends RowActionInput> {
  /** The action in flight. */
  pending: Input | null;
  /** The server's msg of the last successful action. */
  message: string | null;
}

export interface RowActionOptions {
  /** The machine's id. */
  id: string;
  /** The alert's text: the spec's prefix and the server's msg or a fallback. */
  failure: (error: unknown) => string;
}

/** Builds a row action machine; provide the `run` actor and `alert`. */
export function createRowActionMachine<Input extends RowActionInput>({ id, failure }: RowActionOptions) {
  // XState cannot tell whether an actor whose input is a type parameter needs one, and so rejects
  // any invoke of it (statelyai/xstate#4855). The invoke is typed here on its own and passed as
  // `never`; the `run` actor and its implementations keep their typed input.
  const invokeRun = {
    src: 'run',
    input: ({ context }: { context: RowActionContext<Input> }): Input => context.pending!,
    onDone: {
      target: 'idle',
      actions: assign({ pending: null, message: ({ event }: { event: DoneActorEvent<SubmitResult> }) => event.output?.msg ?? null }),
    },
    onError: {
      target: 'idle',
      actions: [
        assign({ pending: null }),
        { type: 'alert', params: ({ event }: { event: ErrorActorEvent }) => ({ message: failure(event.error) }) },
      ],
    },
  } as const;

  return setup({
    types: { context: {} as RowActionContext<Input>, events: {} as RowActionEvent<Input> },
    actors: {
      run: fromPromise<SubmitResult, Input>(async () => {
        throw new Error(`${id}: run actor not provided`);
      }),
    },
    actions: {
      alert: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id,
    context: { pending: null, message: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          RUN: { target: 'running', actions: assign({ pending: ({ event }) => event.input, message: null }) },
        },
      },
      running: { invoke: invokeRun as never },
    },
  });
}

/** A machine built by createRowActionMachine. */
export type RowActionMachine<Input extends RowActionInput> = ReturnType<typeof createRowActionMachine<Input>>;
