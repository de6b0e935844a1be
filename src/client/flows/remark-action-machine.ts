/**
 * Approve or reject a request after asking, with a remark:
 *   idle -OPEN-> asking -CONFIRM-> running -> idle
 * `asking` is the in-app dialog: it says whose request and which days (the `request` given to OPEN),
 * holds the remark as it is typed (EDIT), and refuses CONFIRM on a rejection without a remark
 * (`problem`); the API keeps the remark optional, so an approval may go without one (a feature whose
 * decisions all need one says so with `remarkRequired`). CANCEL (or
 * Escape) goes back to idle and sends nothing. `running` sends the decision (`run`, injected) with the
 * trimmed remark, or none; its outcome goes to `notify` (the server's msg, or the feature's failure
 * text such as the spec's 'Error approving leave: ') and the machine is idle again; the list refreshes
 * by cache invalidation. One decision at a time; `request` is the one being asked or sent.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SubmitResult } from './form-submit-machine';
import type { FlowResult } from './row-action-machine';

export type RemarkDecision = 'approved' | 'rejected';

/** The request the dialog asks about: its id, the decision, and what the question names. */
export interface RemarkRequest {
  id: string;
  status: RemarkDecision;
  /** Whose request ("Ravi Kumar (EMP12)"). */
  who: string;
  /** Which days, or which day and times. */
  what: string;
}

/** What `run` sends: the spec's {status}, plus the remark when there is one. */
export interface RemarkCall {
  id: string;
  status: RemarkDecision;
  remark?: string;
}

export type RemarkProblem = 'remarkRequired' | null;

export interface RemarkActionContext {
  request: RemarkRequest | null;
  remark: string;
  problem: RemarkProblem;
}

export type RemarkActionEvent =
  | { type: 'OPEN'; request: RemarkRequest }
  | { type: 'EDIT'; remark: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface RemarkActionOptions {
  id: string;
  /** The failure's text: a spec prefix and the server's msg or a fallback. */
  failure: (error: unknown) => string;
  /** Which decisions need a remark; by default only a rejection. */
  remarkRequired?: (status: RemarkDecision) => boolean;
}

/** The call `run` gets for the request and remark in hand. */
export function callOf(request: RemarkRequest, remark: string): RemarkCall {
  const text = remark.trim();
  return text ? { id: request.id, status: request.status, remark: text } : { id: request.id, status: request.status };
}

export function createRemarkActionMachine({ id, failure, remarkRequired = (status) => status === 'rejected' }: RemarkActionOptions) {
  const succeeded = ({ event }: { event: DoneActorEvent<SubmitResult> }): FlowResult | null =>
    event.output?.msg ? { tone: 'success', message: event.output.msg } : null;
  const failed = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });

  return setup({
    types: { context: {} as RemarkActionContext, events: {} as RemarkActionEvent },
    actors: {
      run: fromPromise<SubmitResult, RemarkCall>(async () => {
        throw new Error(`${id}: run actor not provided`);
      }),
    },
    actions: {
      notify: (_, _params: FlowResult | null) => {},
    },
    guards: {
      remarkMissing: ({ context }) => !!context.request && remarkRequired(context.request.status) && context.remark.trim() === '',
    },
  }).createMachine({
    id,
    context: { request: null, remark: '', problem: null },
    initial: 'idle',
    states: {
      idle: {
        entry: assign({ request: null, remark: '', problem: null }),
        on: { OPEN: { target: 'asking', actions: assign({ request: ({ event }) => event.request, remark: '', problem: null }) } },
      },
      asking: {
        on: {
          EDIT: { actions: assign({ remark: ({ event }) => event.remark, problem: null }) },
          CONFIRM: [{ guard: 'remarkMissing', actions: assign({ problem: 'remarkRequired' as RemarkProblem }) }, { target: 'running' }],
          CANCEL: 'idle',
        },
      },
      running: {
        invoke: {
          src: 'run',
          input: ({ context }) => callOf(context.request!, context.remark),
          onDone: { target: 'idle', actions: { type: 'notify', params: succeeded } },
          onError: { target: 'idle', actions: { type: 'notify', params: failed } },
        },
      },
    },
  });
}

export type RemarkActionMachine = ReturnType<typeof createRemarkActionMachine>;
