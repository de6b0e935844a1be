/**
 * An edit dialog rendered from its submit machine (useFormSubmit): the fields, the form's error line,
 * Cancel and Save; the first marked field takes the focus when the server names bad fields.
 */
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useFocusFirstInvalid } from '../flows/use-focus-first-invalid';
import { Dialog } from './dialog';

interface FormDialogProps {
  title: string;
  message: string;
  /** The form's class (its layout inside the dialog). */
  className: string;
  /** The submit handler and state useFormSubmit gives. */
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; submitting: boolean; editable: boolean; error: string | null; fieldErrors: object };
  cancelLabel: string;
  saveLabel: string;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog({ title, message, className, form, cancelLabel, saveLabel, onClose, children }: FormDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.fieldErrors);
  return (
    <Dialog title={title} message={message} onCancel={onClose}>
      <form ref={formRef} className={className} onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
        <fieldset className="form__fields" disabled={!form.editable}>
          {children}
          {form.error && (
            <p className="form-error" role="alert">
              {form.error}
            </p>
          )}
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" className="button" disabled={form.submitting}>
            {saveLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
