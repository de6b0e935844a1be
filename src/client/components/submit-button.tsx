/**
 * A form's submit button, with the spinner while its call runs (and `busyText`, when given, in place
 * of its label): full width, or (`block` false) its own width on a row of its own, so a flex or grid
 * form does not stretch it.
 */
import type { ReactNode } from 'react';
import { BusyText } from './busy-text';

export function SubmitButton({ busy, busyText, block = true, children }: { busy: boolean; busyText?: ReactNode; block?: boolean; children: ReactNode }) {
  const button = (
    <button type="submit" className={block ? 'button button--block' : 'button'}>
      <BusyText busy={busy} busyText={busyText ?? children}>
        {children}
      </BusyText>
    </button>
  );
  return block ? button : <div>{button}</div>;
}

/** A form's submit button and, beside it, the button that leaves the form without sending it. */
export function SubmitCancelRow({ className, busy, submit, cancel, onCancel }: { className: string; busy: boolean; submit: ReactNode; cancel: ReactNode; onCancel: () => void }) {
  return (
    <div className={className}>
      <SubmitButton busy={busy} block={false}>
        {submit}
      </SubmitButton>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}
