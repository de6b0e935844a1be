/** One labelled control of the day dialogs, with its hint and its field error tied to it. */
import type { ReactElement } from 'react';
import { FieldError, invalidProps } from '../../components/field-error';

interface DayFieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  /** Renders the control with the attributes that tie it to its label, hint and error. */
  control: (props: { id: string } & ReturnType<typeof invalidProps>) => ReactElement;
}

export function DayField({ id, label, hint, error, control }: DayFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({ id, ...invalidProps(id, error, hintId) })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
