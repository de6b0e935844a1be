/**
 * Cancelling leave in the browser: `useLeaveCancel` runs the cancel machine (leave-cancel-machine.ts)
 * with PUT /api/leave/cancel/{id} through the shared remark action hook; `LeaveCancelDialog` is the
 * remark dialog with the cancel words: whose leave and which days, a reason (required when an
 * approver cancels), the confirm button and "Keep it". `LeaveCancelButton` is the row's button,
 * named after the leave it cancels. Nothing is decided here.
 */
import { useAppDispatch } from '../../app/hooks';
import { RemarkDialog } from '../../components/remark-dialog';
import { mutationCall } from '../../flows/from-mutation';
import type { RemarkActionContext, RemarkActionEvent } from '../../flows/remark-action-machine';
import { useRemarkAction } from '../../flows/use-remark-action';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { LEAVE_CANCEL_UI } from './leave-cancel-copy';
import { cancelCallOf, cancelIsDanger, leaveCancelMachine, leaveCancelRequest, reasonRequired } from './leave-cancel-machine';
import { leavesApi } from './leaves-api';
import './leave-list.css';

/** The cancel flow of one list: open it on a row, render the dialog while `asking`. */
export function useLeaveCancel() {
  const dispatch = useAppDispatch();
  const cancelLeave = mutationCall(leavesApi.endpoints.cancelLeave, dispatch);
  const flow = useRemarkAction(leaveCancelMachine, (call, signal) => cancelLeave(cancelCallOf(call), signal));
  return { ...flow, open: (leave: Leave, action: LeaveCancelAction) => flow.open(leaveCancelRequest(leave, action)) };
}

/** A row's cancel button for the action the server offers the caller. */
export function LeaveCancelButton({ leave, action, busy, onOpen }: { leave: Leave; action: LeaveCancelAction; busy: boolean; onOpen: (leave: Leave, action: LeaveCancelAction) => void }) {
  const request = leaveCancelRequest(leave, action);
  return (
    <button
      type="button"
      className={`button button--small leave-cancel-button ${action === 'cancel' ? 'button--danger' : 'button--secondary'}`}
      disabled={busy}
      aria-label={LEAVE_CANCEL_UI.buttonName(action, request.who, request.what)}
      onClick={() => onOpen(leave, action)}
    >
      {LEAVE_CANCEL_UI.button[action]}
    </button>
  );
}

export function LeaveCancelDialog({ context, send }: { context: RemarkActionContext<LeaveCancelAction>; send: (event: RemarkActionEvent<LeaveCancelAction>) => void }) {
  return <RemarkDialog context={context} send={send} copy={LEAVE_CANCEL_UI.dialog} remarkRequired={reasonRequired} danger={cancelIsDanger} />;
}
