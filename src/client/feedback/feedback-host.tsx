/**
 * Renders the feedback actor: the first open dialog (alert, confirm or the slip period form) and
 * the toast stack. A click, Enter or Escape becomes an ANSWER / DISMISS event; the actor and the
 * effects that asked decide everything else.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { MONTH_NAMES } from '../../shared/payroll/pay-month';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/text-field';
import { ToastRegion } from '../components/toast-region';
import { FEEDBACK_UI } from './feedback-copy';
import type { AlertRequest, ConfirmRequest, DialogAnswer, FeedbackActor, OpenDialog, PeriodRequest } from './feedback-machine';

export function FeedbackHost({ actor }: { actor: FeedbackActor }) {
  const dialog = useSelector(actor, (s) => s.context.dialogs[0] ?? null);
  const toasts = useSelector(actor, (s) => s.context.toasts);
  return (
    <>
      {dialog && <DialogFor key={dialog.id} dialog={dialog} answer={(answer) => actor.send({ type: 'ANSWER', id: dialog.id, answer })} />}
      <ToastRegion
        label={FEEDBACK_UI.notifications}
        toasts={toasts}
        dismissLabel={FEEDBACK_UI.dismissToast}
        onDismiss={(id) => actor.send({ type: 'DISMISS', id })}
        onHold={() => actor.send({ type: 'HOLD' })}
        onRelease={() => actor.send({ type: 'RELEASE' })}
      />
    </>
  );
}

type Answer = (answer: DialogAnswer) => void;

function DialogFor({ dialog, answer }: { dialog: OpenDialog; answer: Answer }) {
  switch (dialog.kind) {
    case 'alert':
      return <AlertBox request={dialog} answer={answer} />;
    case 'confirm':
      return <ConfirmBox request={dialog} answer={answer} />;
    case 'period':
      return <PeriodBox request={dialog} answer={answer} />;
  }
}

function AlertBox({ request, answer }: { request: AlertRequest; answer: Answer }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={request.title ?? FEEDBACK_UI.alertTitle} message={request.message} initialFocus={ok} onCancel={() => answer(true)}>
      <div className="dialog__actions">
        <button ref={ok} type="button" className="button" onClick={() => answer(true)}>
          {FEEDBACK_UI.ok}
        </button>
      </div>
    </Dialog>
  );
}

function ConfirmBox({ request, answer }: { request: ConfirmRequest; answer: Answer }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={request.title ?? FEEDBACK_UI.confirmTitle}
      message={
        request.detail ? (
          <>
            <p>{request.message}</p>
            <p>{request.detail}</p>
          </>
        ) : (
          request.message
        )
      }
      tone={request.danger ? 'danger' : 'default'}
      // APG: a destructive question starts on its least destructive answer.
      initialFocus={request.danger ? cancel : confirm}
      onCancel={() => answer(false)}
    >
      <div className="dialog__actions">
        <button ref={cancel} type="button" className="button button--secondary" onClick={() => answer(false)}>
          {FEEDBACK_UI.cancel}
        </button>
        <button
          ref={confirm}
          type="button"
          className={request.danger ? 'button button--danger' : 'button'}
          onClick={() => answer(true)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The slip email's month and year. The month is free text with the twelve names offered as a list
 * (spec: the admin types a name; the server reads 'March', 'mar' or 3), the year a number; both
 * start at the month the caller chose (the last complete one).
 */
function PeriodBox({ request, answer }: { request: PeriodRequest; answer: Answer }) {
  const [month, setMonth] = useState(request.initial.month);
  const [year, setYear] = useState(request.initial.year);
  const first = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    answer({ month, year });
  };
  return (
    <Dialog title={request.title} message={request.message} initialFocus={first} onCancel={() => answer(null)}>
      <form onSubmit={onSubmit}>
        <div className="dialog__fields">
          <TextField
            ref={first}
            id="slip-period-month"
            label={FEEDBACK_UI.month}
            hint={FEEDBACK_UI.monthHint}
            list="slip-period-months"
            autoComplete="off"
            required
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          >
            <datalist id="slip-period-months">
              {MONTH_NAMES.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </TextField>
          <TextField id="slip-period-year" label={FEEDBACK_UI.year} hint={FEEDBACK_UI.yearHint} inputMode="numeric" autoComplete="off" required value={year} onChange={(e) => setYear(e.target.value)} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => answer(null)}>
            {FEEDBACK_UI.cancel}
          </button>
          <button type="submit" className="button">
            {request.submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
