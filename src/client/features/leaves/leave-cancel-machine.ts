/**
 * Cancelling leave, asked first in the remark dialog: the remark action machine
 * (remark-action-machine.ts) whose action is the way leave is cancelled. The requester withdraws a
 * pending request, the requester asks to cancel approved leave before it starts, or the requester's
 * manager, stand-in or HR cancels approved leave. The remark is the reason: required when an
 * approver cancels (the server answers 400 then too), optional for the requester. `run` sends PUT
 * /api/leave/cancel/{id} with the reason (`cancelCallOf`); a failure reads 'Error cancelling leave: '
 * and why, and the lists refresh by cache invalidation. One at a time.
 */
import { FALLBACK } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createRemarkActionMachine, type RemarkCall } from '../../flows/remark-action-machine';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { leaveRemarkRequest } from './leave-decision-machine';
import { LEAVE_CANCEL_UI } from './leave-cancel-copy';

/** What PUT /api/leave/cancel/{id} takes: the id, and the reason when there is one. */
export interface LeaveCancelCall {
  id: string;
  reason?: string;
}

/** Only an approver cancelling approved leave must say why. */
export const reasonRequired = (action: LeaveCancelAction) => action === 'cancel';

/** Withdrawing and cancelling look dangerous; asking to cancel changes nothing yet. */
export const cancelIsDanger = (action: LeaveCancelAction) => action !== 'ask';

/** The machine's call as the API's: the remark is the reason. */
export function cancelCallOf({ id, remark }: RemarkCall<LeaveCancelAction>): LeaveCancelCall {
  return remark ? { id, reason: remark } : { id };
}

/** The dialog's request for a listed leave the caller may cancel (its `cancelAction`). */
export const leaveCancelRequest = (l: Leave, action: LeaveCancelAction) => leaveRemarkRequest(l, action);

/** The leave lists' and My Team's cancel flow; provide `run` (the call) and `notify`. */
export const leaveCancelMachine = createRemarkActionMachine<LeaveCancelAction>({
  id: 'leaveCancel',
  failure: (error) => LEAVE_CANCEL_UI.failed + errorMessage(error, FALLBACK.server),
  remarkRequired: reasonRequired,
});
