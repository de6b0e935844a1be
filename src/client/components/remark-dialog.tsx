/**
 * The dialog of a remark action (remark-action-machine.ts's `asking`): whose request and which days,
 * a remark field, Confirm and Cancel. By default it asks about a decision: the remark is required to
 * reject and optional to approve, and a rejection looks dangerous; a feature asking about other
 * actions brings its words (`copy`) and says which actions need a remark (as its machine does) and
 * which are dangerous. It renders the machine's state and sends its events; nothing is decided here.
 */
import { useRef } from 'react';
import { Dialog } from './dialog';
import { FieldError, invalidProps } from './field-error';
import { isRejection, type RemarkActionContext, type RemarkActionEvent, type RemarkDecision } from '../flows/remark-action-machine';
import type { RemarkCopy } from './remark-copy';
import './remark-dialog.css';

const FIELD = 'decision-remark';

export function RemarkDialog<A extends string = RemarkDecision>({
  context,
  send,
  copy,
  remarkRequired = isRejection,
  danger = isRejection,
}: {
  context: RemarkActionContext<A>;
  send: (event: RemarkActionEvent<A>) => void;
  copy: RemarkCopy<A>;
  /** Which actions need a remark: the machine's `remarkRequired`. */
  remarkRequired?: (status: A) => boolean;
  /** Which actions the dialog and its confirm button mark as dangerous. */
  danger?: (status: A) => boolean;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  const request = context.request!;
  const { status } = request;
  const error = context.problem === 'remarkRequired' ? copy.remarkRequired : undefined;
  return (
    <Dialog
      key={request.id}
      title={copy.title(status)}
      message={copy.question(status, request.who, request.what)}
      tone={danger(status) ? 'danger' : 'default'}
      initialFocus={field}
      onCancel={() => send({ type: 'CANCEL' })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CONFIRM' });
          if (remarkRequired(status) && !field.current?.value.trim()) field.current?.focus();
        }}
      >
        <div className="dialog__fields">
          <div className="field">
            <label htmlFor={FIELD}>{copy.remarkLabel(status)}</label>
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
              {copy.remarkHint(status)}
            </p>
            <FieldError id={FIELD} error={error} />
          </div>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'CANCEL' })}>
            {copy.cancel}
          </button>
          <button type="submit" className={danger(status) ? 'button button--danger' : 'button'}>
            {copy.confirm(status)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
