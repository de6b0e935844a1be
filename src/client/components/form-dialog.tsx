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
        <CancelSaveActions cancelLabel={cancelLabel} saveLabel={saveLabel} busy={form.submitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** An edit dialog's Cancel and Save (its form's submit, held while the save runs): here and in dialogs with a form of their own. */
export function CancelSaveActions({ cancelLabel, saveLabel, busy, onCancel }: { cancelLabel: string; saveLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className="button" disabled={busy}>
        {saveLabel}
      </button>
    </div>
  );
}
