/**
 * One labelled control of a form (`.field`): its label, the input or textarea, whose attributes pass
 * through, and an optional hint below it that the control names as its description.
 */
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  /** A line of help under the control (`${id}-hint`), read out with it. */
  hint?: ReactNode;
}

type TextFieldProps = FieldFrameProps &
  InputHTMLAttributes<HTMLInputElement> & {
    /** The input itself (to focus it first). */
    ref?: Ref<HTMLInputElement>;
    /** Rendered after the input, before the hint (a <datalist> of suggestions). */
    children?: ReactNode;
  };

type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { /** The textarea itself (to focus it first). */ ref?: Ref<HTMLTextAreaElement> };

const hintId = (id: string) => `${id}-hint`;

/** The control's description: the hint's id, unless the caller names its own. */
const describedBy = (id: string, hint: ReactNode) => (hint ? { 'aria-describedby': hintId(id) } : {});

function FieldFrame({ id, label, hint, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={hintId(id)} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ id, label, hint, children, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint}>
      <input id={id} {...describedBy(id, hint)} {...input} />
      {children}
    </FieldFrame>
  );
}

/** A free-text answer of a few lines (a reason, a description). */
export function TextAreaField({ id, label, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint}>
      <textarea id={id} {...describedBy(id, hint)} {...textarea} />
    </FieldFrame>
  );
}
