/**
 * The decision dialog (remark-action-machine.ts's `asking`): whose request and which days, a remark
 * field (required to reject, optional to approve, or required for both with `remarkAlways`), Confirm
 * and Cancel; a feature deciding something other than a request brings its own words (`copy`). It
 * renders the machine's state and sends its events; nothing is decided here.
 */
import { useRef } from 'react';
import { Dialog } from './dialog';
import { FieldError, invalidProps } from './field-error';
import type { RemarkActionContext, RemarkActionEvent } from '../flows/remark-action-machine';
import { REMARK_UI, type RemarkCopy } from './remark-copy';
import './remark-dialog.css';

const FIELD = 'decision-remark';

export function RemarkDialog({
  context,
  send,
  copy = REMARK_UI,
  remarkAlways = false,
}: {
  context: RemarkActionContext;
  send: (event: RemarkActionEvent) => void;
  copy?: RemarkCopy;
  /** Every decision needs a remark (the machine's `remarkRequired` says so too), not only a rejection. */
  remarkAlways?: boolean;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  const request = context.request!;
  const error = context.problem === 'remarkRequired' ? copy.remarkRequired : undefined;
  return (
    <Dialog
      key={request.id}
      title={copy.title(request.status)}
      message={copy.question(request.status, request.who, request.what)}
      tone={request.status === 'rejected' ? 'danger' : 'default'}
      initialFocus={field}
      onCancel={() => send({ type: 'CANCEL' })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CONFIRM' });
          if ((remarkAlways || context.request?.status === 'rejected') && !field.current?.value.trim()) field.current?.focus();
        }}
      >
        <div className="dialog__fields">
          <div className="field">
            <label htmlFor={FIELD}>{copy.remarkLabel(request.status)}</label>
            <textarea
              ref={field}
              id={FIELD}
              className="remark-dialog__remark"
              rows={3}
              maxLength={500}
              value={context.remark}
              onChange={(event) => send({ type: 'EDIT', remark: event.target.value })}
              {...invalidProps(FIELD, error, `${FIELD}-hint`)}
            />
            <p id={`${FIELD}-hint`} className="field__hint">
              {copy.remarkHint}
            </p>
            <FieldError id={FIELD} error={error} />
          </div>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'CANCEL' })}>
            {copy.cancel}
          </button>
          <button type="submit" className={request.status === 'rejected' ? 'button button--danger' : 'button'}>
            {copy.confirm(request.status)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
