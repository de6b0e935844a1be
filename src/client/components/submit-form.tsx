/**
 * A form rendered from its submit machine (useFormSubmit): busy while the call runs, and its fields
 * locked then and after a success that leaves the form.
 */
import type { FormEvent, ReactNode } from 'react';

interface SubmitFormProps {
  /** The submit handler and state useFormSubmit gives. */
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; submitting: boolean; editable: boolean };
  className?: string;
  labelledBy?: string;
  /** The machine's checks speak, in the spec's words, instead of the browser's bubbles. */
  noValidate?: boolean;
  /** Inside the form, above the fields (its error). */
  before?: ReactNode;
  children: ReactNode;
}

export function SubmitForm({ form, className = 'form', labelledBy, noValidate, before, children }: SubmitFormProps) {
  return (
    <form className={className} onSubmit={form.onSubmit} aria-labelledby={labelledBy} aria-busy={form.submitting} noValidate={noValidate}>
      {before}
      <fieldset className="form__fields" disabled={!form.editable}>
        {children}
      </fieldset>
    </form>
  );
}
