/** The optional device PIN input of Add and Edit Employee, with its hint and its field error. */
import { FieldError, invalidProps } from '../../components/field-error';
import { DEVICE_PIN_UI } from './device-pin-copy';

export function DevicePinField({ id, value, error, hint, onChange }: { id: string; value: string; error: string | undefined; hint: string; onChange: (event: { target: { value: string } }) => void }) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{DEVICE_PIN_UI.label}</label>
      <input id={id} type="text" inputMode="numeric" autoComplete="off" maxLength={9} value={value} onChange={onChange} {...invalidProps(id, error, hintId)} />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
