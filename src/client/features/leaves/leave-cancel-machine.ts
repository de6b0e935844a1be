/**
 * Cancelling leave after asking, in the in-app dialog:
 *   idle -OPEN-> asking -CONFIRM-> running -> idle
 * One machine for the three ways (`action`): the requester withdraws a pending request, the requester
 * asks to cancel approved leave before it starts, or the requester's manager, stand-in or HR cancels
 * approved leave. `asking` says whose leave and which days, holds the reason as it is typed (EDIT),
 * and refuses CONFIRM without a reason when an approver cancels (the server answers 400 then too);
 * the requester's reason is optional. DISMISS (or Escape) goes back to idle and sends nothing.
 * `running` sends PUT /api/leave/cancel/{id} (`run`, injected) with the trimmed reason, or none; its
 * outcome goes to `notify` (the server's msg, or 'Error cancelling leave: ' and why) and the lists
 * refresh by cache invalidation. One at a time.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { FALLBACK } from '../../copy';
import { errorMessage } from '../../api/error-message';
import type { SubmitResult } from '../../flows/form-submit-machine';
import type { FlowResult } from '../../flows/row-action-machine';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { leaveWhat } from './leave-decision-machine';
import { LEAVE_CANCEL_UI } from './leave-cancel-copy';

/** The leave the dialog asks about: its id, the way it is cancelled, whose and which days. */
export interface LeaveCancelRequest {
  id: string;
  action: LeaveCancelAction;
  /** Whose leave ("Ravi Kumar (EMP12)"); the requester's own says so. */
  who: string;
  /** "Casual Leave, 2031-03-10 to 2031-03-11 (2 days)". */
  what: string;
}

/** What `run` sends: the id, and the reason when there is one. */
export interface LeaveCancelCall {
  id: string;
  reason?: string;
}

export type LeaveCancelProblem = 'reasonRequired' | null;

export interface LeaveCancelContext {
  request: LeaveCancelRequest | null;
  reason: string;
  problem: LeaveCancelProblem;
}

export type LeaveCancelEvent =
  | { type: 'OPEN'; request: LeaveCancelRequest }
  | { type: 'EDIT'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

/** Only an approver cancelling approved leave must say why. */
export const reasonRequired = (action: LeaveCancelAction) => action === 'cancel';

/** The call for the request and reason in hand. */
export function cancelCallOf(request: LeaveCancelRequest, reason: string): LeaveCancelCall {
  const text = reason.trim();
  return text ? { id: request.id, reason: text } : { id: request.id };
}

/** The dialog's request for a listed leave the caller may cancel (its `cancelAction`). */
export const leaveCancelRequest = (l: Leave, action: LeaveCancelAction): LeaveCancelRequest => ({
  id: l._id,
  action,
  who: `${l.requester?.name ?? l.name} (${l.requester?.employeeId ?? l.employeeId})`,
  what: leaveWhat(l),
});

/** The leave lists' and My Team's cancel flow; provide `run` (the call) and `notify`. */
export const leaveCancelMachine = setup({
  types: { context: {} as LeaveCancelContext, events: {} as LeaveCancelEvent },
  actors: {
    run: fromPromise<SubmitResult, LeaveCancelCall>(async () => {
      throw new Error('leaveCancel: run actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: FlowResult | null) => {},
  },
  guards: {
    reasonMissing: ({ context }) => !!context.request && reasonRequired(context.request.action) && context.reason.trim() === '',
  },
}).createMachine({
  id: 'leaveCancel',
  context: { request: null, reason: '', problem: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ request: null, reason: '', problem: null }),
      on: { OPEN: { target: 'asking', actions: assign({ request: ({ event }) => event.request, reason: '', problem: null }) } },
    },
    asking: {
      on: {
        EDIT: { actions: assign({ reason: ({ event }) => event.reason, problem: null }) },
        CONFIRM: [{ guard: 'reasonMissing', actions: assign({ problem: 'reasonRequired' as LeaveCancelProblem }) }, { target: 'running' }],
        DISMISS: 'idle',
      },
    },
    running: {
      invoke: {
        src: 'run',
        input: ({ context }) => cancelCallOf(context.request!, context.reason),
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }: { event: DoneActorEvent<SubmitResult> }) => (event.output?.msg ? { tone: 'success', message: event.output.msg } : null) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: LEAVE_CANCEL_UI.failed + errorMessage(event.error, FALLBACK.server) }) },
        },
      },
    },
  },
});
