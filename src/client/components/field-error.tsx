/**
 * A field's error under its control, and the attributes that tie the two: the control is marked
 * `aria-invalid` and described by the error (then by its hint), so a screen reader reads why.
 */
export const fieldErrorId = (id: string) => `${id}-error`;

/** The control's attributes for `error` (none when it is fine); `hintId` keeps its hint described too. */
export function invalidProps(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? fieldErrorId(id) : '', hintId ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy || undefined };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="form-error field__error">
      {error}
    </p>
  );
}
