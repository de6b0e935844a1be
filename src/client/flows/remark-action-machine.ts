/**
 * An action on a request, asked first in the in-app dialog, with a remark:
 *   idle -OPEN-> asking -CONFIRM-> running -> idle
 * `asking` is the dialog: it says whose request and which days (the `request` given to OPEN), holds
 * the remark as it is typed (EDIT), and refuses CONFIRM without a remark where the action needs one
 * (`problem`). The action is the request's `status`: by default a decision (approve or reject, where
 * only a rejection needs a remark, as the API keeps it optional), or a feature's own set of actions
 * with its own `remarkRequired` (the ways leave is cancelled, say). CANCEL (or Escape) goes back to
 * idle and sends nothing. `running` sends the action (`run`, injected) with the trimmed remark, or
 * none; its outcome goes to `notify` (the server's msg, or the feature's failure text such as the
 * spec's 'Error approving leave: ') and the machine is idle again; the list refreshes by cache
 * invalidation. One action at a time; `request` is the one being asked or sent.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SubmitResult } from './form-submit-machine';
import type { FlowResult } from './row-action-machine';

export type RemarkDecision = 'approved' | 'rejected';

/** The request the dialog asks about: its id, the action (a decision by default), and what the question names. */
export interface RemarkRequest<A extends string = RemarkDecision> {
  id: string;
  status: A;
  /** Whose request ("Ravi Kumar (EMP12)"). */
  who: string;
  /** Which days, or which day and times. */
  what: string;
}

/** What `run` sends: the spec's {status}, plus the remark when there is one. */
export interface RemarkCall<A extends string = RemarkDecision> {
  id: string;
  status: A;
  remark?: string;
}

export type RemarkProblem = 'remarkRequired' | null;

export interface RemarkActionContext<A extends string = RemarkDecision> {
  request: RemarkRequest<A> | null;
  remark: string;
  problem: RemarkProblem;
}

export type RemarkActionEvent<A extends string = RemarkDecision> =
  | { type: 'OPEN'; request: RemarkRequest<A> }
  | { type: 'EDIT'; remark: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface RemarkActionOptions<A extends string = RemarkDecision> {
  id: string;
  /** The failure's text: a spec prefix and the server's msg or a fallback. */
  failure: (error: unknown) => string;
  /** Which actions need a remark; by default only a rejection. */
  remarkRequired?: (status: A) => boolean;
}

/** The default rule: a rejection says why, an approval may go without a word. */
export const isRejection = (status: string) => status === 'rejected';

/** The call `run` gets for the request and remark in hand. */
export function callOf<A extends string>(request: RemarkRequest<A>, remark: string): RemarkCall<A> {
  const text = remark.trim();
  return text ? { id: request.id, status: request.status, remark: text } : { id: request.id, status: request.status };
}

export function createRemarkActionMachine<A extends string = RemarkDecision>({ id, failure, remarkRequired = isRejection }: RemarkActionOptions<A>) {
  const succeeded = ({ event }: { event: DoneActorEvent<SubmitResult> }): FlowResult | null =>
    event.output?.msg ? { tone: 'success', message: event.output.msg } : null;
  const failed = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });

  return setup({
    types: { context: {} as RemarkActionContext<A>, events: {} as RemarkActionEvent<A> },
    actors: {
      run: fromPromise<SubmitResult, RemarkCall<A>>(async () => {
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

export type RemarkActionMachine<A extends string = RemarkDecision> = ReturnType<typeof createRemarkActionMachine<A>>;
