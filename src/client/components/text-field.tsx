/**
 * One labelled control of a form (`.field`): its label, the input, textarea or select, whose attributes pass
 * through, an optional error under it (field-error.tsx), and an optional hint below that the control
 * names as its description.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldError, invalidProps } from './field-error';

interface FieldFrameProps {
  id: string;
  label: string;
  /** A line of help under the control (`${id}-hint`), read out with it. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, which is marked invalid and described by it. */
  error?: string;
}

type TextFieldProps = FieldFrameProps &
  InputHTMLAttributes<HTMLInputElement> & {
    /** The input itself (to focus it first). */
    ref?: Ref<HTMLInputElement>;
    /** Rendered after the input, before the hint (a <datalist> of suggestions). */
    children?: ReactNode;
  };

type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { /** The textarea itself (to focus it first). */ ref?: Ref<HTMLTextAreaElement> };

type SelectFieldProps = FieldFrameProps & SelectHTMLAttributes<HTMLSelectElement> & { /** Each value and the words shown for it, in order. */ choices: Record<string, string> };

const hintId = (id: string) => `${id}-hint`;

/** The control's marks: invalid when it has an error, described by the error and then the hint. */
const describedBy = (id: string, hint: ReactNode, error: string | undefined) =>
  error ? invalidProps(id, error, hint ? hintId(id) : undefined) : hint ? { 'aria-describedby': hintId(id) } : {};

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} error={error} />
      {hint && (
        <p id={hintId(id)} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ id, label, hint, error, children, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input id={id} {...describedBy(id, hint, error)} {...input} />
      {children}
    </FieldFrame>
  );
}

/** A free-text answer of a few lines (a reason, a description). */
export function TextAreaField({ id, label, hint, error, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} {...describedBy(id, hint, error)} {...textarea} />
    </FieldFrame>
  );
}

/** One of a few fixed values, each shown in words. */
export function SelectField({ id, label, hint, error, choices, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select id={id} {...describedBy(id, hint, error)} {...select}>
        {Object.entries(choices).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
