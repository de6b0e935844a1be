/**
 * Cancelling leave in the browser: `useLeaveCancel` runs the cancel machine (leave-cancel-machine.ts)
 * with PUT /api/leave/cancel/{id} and the app's effects (a toast, and the approved-month note when the
 * answer has one); `LeaveCancelDialog` renders its `asking` state: whose leave and which days, a
 * reason (required when an approver cancels), the confirm button and "Keep it". `LeaveCancelButton`
 * is the row's button, named after the leave it cancels. Nothing is decided here.
 */
import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/dialog';
import { FieldError, invalidProps } from '../../components/field-error';
import { useEffects } from '../../feedback/effects-context';
import { alertApprovedMonth } from '../../flows/approved-month-alert';
import { mutationCall } from '../../flows/from-mutation';
import type { SubmitResult } from '../../flows/form-submit-machine';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { LEAVE_CANCEL_UI } from './leave-cancel-copy';
import { leaveCancelMachine, leaveCancelRequest, reasonRequired, type LeaveCancelCall, type LeaveCancelContext, type LeaveCancelEvent } from './leave-cancel-machine';
import { leavesApi } from './leaves-api';
import '../../components/remark-dialog.css';
import './leave-list.css';

const FIELD = 'leave-cancel-reason';

/** The cancel flow of one list: open it on a row, render the dialog while `asking`. */
export function useLeaveCancel() {
  const app = useEffects();
  const dispatch = useAppDispatch();
  const [logic] = useState(() => {
    const call = mutationCall(leavesApi.endpoints.cancelLeave, dispatch);
    return leaveCancelMachine.provide({
      actors: { run: fromPromise<SubmitResult, LeaveCancelCall>(async ({ input, signal }) => alertApprovedMonth(app, await call(input, signal))) },
      actions: { notify: (_, result) => result && app.toast(result.tone, result.message) },
    });
  });
  const [state, send] = useMachine(logic);
  return {
    state,
    send,
    asking: state.matches('asking'),
    /** The leave being cancelled (its row is busy; the others wait). */
    runningId: state.matches('running') ? (state.context.request?.id ?? null) : null,
    open: (leave: Leave, action: LeaveCancelAction) => send({ type: 'OPEN', request: leaveCancelRequest(leave, action) }),
  };
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

export function LeaveCancelDialog({ context, send }: { context: LeaveCancelContext; send: (event: LeaveCancelEvent) => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const request = context.request!;
  const { action } = request;
  const error = context.problem === 'reasonRequired' ? LEAVE_CANCEL_UI.reasonRequired : undefined;
  const danger = action !== 'ask';
  return (
    <Dialog
      key={request.id}
      title={LEAVE_CANCEL_UI.title[action]}
      message={LEAVE_CANCEL_UI.question(action, request.who, request.what)}
      tone={danger ? 'danger' : 'default'}
      initialFocus={field}
      onCancel={() => send({ type: 'DISMISS' })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CONFIRM' });
          if (reasonRequired(action) && !field.current?.value.trim()) field.current?.focus();
        }}
      >
        <div className="dialog__fields">
          <div className="field">
            <label htmlFor={FIELD}>{LEAVE_CANCEL_UI.reasonLabel(action)}</label>
            <textarea
              ref={field}
              id={FIELD}
              className="remark-dialog__remark"
              rows={3}
              maxLength={500}
              value={context.reason}
              onChange={(event) => send({ type: 'EDIT', reason: event.target.value })}
              {...invalidProps(FIELD, error, `${FIELD}-hint`)}
            />
            <p id={`${FIELD}-hint`} className="field__hint">
              {LEAVE_CANCEL_UI.reasonHint[action]}
            </p>
            <FieldError id={FIELD} error={error} />
          </div>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'DISMISS' })}>
            {LEAVE_CANCEL_UI.dismiss}
          </button>
          <button type="submit" className={danger ? 'button button--danger' : 'button'}>
            {LEAVE_CANCEL_UI.confirm[action]}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
