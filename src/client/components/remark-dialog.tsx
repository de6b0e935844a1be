/**
 * The decision dialog (remark-action-machine.ts's `asking`): whose request and which days, a remark
 * field (required to reject, optional to approve), Confirm and Cancel. It renders the machine's state
 * and sends its events; nothing is decided here.
 */
import { useRef } from 'react';
import { Dialog } from './dialog';
import { FieldError, invalidProps } from './field-error';
import type { RemarkActionContext, RemarkActionEvent } from '../flows/remark-action-machine';
import { REMARK_UI } from './remark-copy';
import './remark-dialog.css';

const FIELD = 'decision-remark';

export function RemarkDialog({ context, send }: { context: RemarkActionContext; send: (event: RemarkActionEvent) => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const request = context.request!;
  const error = context.problem === 'remarkRequired' ? REMARK_UI.remarkRequired : undefined;
  return (
    <Dialog
      key={request.id}
      title={REMARK_UI.title(request.status)}
      message={REMARK_UI.question(request.status, request.who, request.what)}
      tone={request.status === 'rejected' ? 'danger' : 'default'}
      initialFocus={field}
      onCancel={() => send({ type: 'CANCEL' })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CONFIRM' });
          if (context.request?.status === 'rejected' && !field.current?.value.trim()) field.current?.focus();
        }}
      >
        <div className="dialog__fields">
          <div className="field">
            <label htmlFor={FIELD}>{REMARK_UI.remarkLabel(request.status)}</label>
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
              {REMARK_UI.remarkHint}
            </p>
            <FieldError id={FIELD} error={error} />
          </div>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'CANCEL' })}>
            {REMARK_UI.cancel}
          </button>
          <button type="submit" className={request.status === 'rejected' ? 'button button--danger' : 'button'}>
            {REMARK_UI.confirm(request.status)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
