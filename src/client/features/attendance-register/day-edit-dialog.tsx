/**
 * The Set day dialog: one person's day set by hand from the register (dayFormMachine). It opens on
 * the day's status as the register shows it; a saved day closes the dialog and the register refreshes.
 */
import { useRef } from 'react';
import { DAY_STATUSES } from '../../../shared/schemas/attendance-admin';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/dialog';
import { CancelSaveActions } from '../../components/form-dialog';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { adminDaysApi } from './admin-days-api';
import { dayFormMachine, dayTarget, type DayFormValues } from './admin-days-machines';
import { DayField } from './day-field';
import { REGISTER_UI as UI } from './register-copy';

export interface ChosenDay {
  employeeId: string;
  name: string;
  date: string;
  /** The register's code for the day (P, HD, A...). */
  code: string;
}

/** The form's status for a register code: a half day is H, anything else but P or A starts as present. */
const statusOf = (code: string) => (code === 'HD' ? 'H' : code === 'A' ? 'A' : 'P');

export function DayEditDialog({ day, onClose }: { day: ChosenDay; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(
    dayFormMachine,
    { submit: mutationCall(adminDaysApi.endpoints.setAdminDay, dispatch), accepted: onClose },
    { target: dayTarget(day.employeeId, day.date), values: { status: statusOf(day.code) } },
  );
  useFocusFirstInvalid(formRef, form.fieldErrors);
  const input = (field: keyof DayFormValues & string) => ({ value: form.values[field], onChange: form.change(field), disabled: !form.editable });
  const absent = form.values.status === 'A';
  return (
    <Dialog title={UI.dayTitle(day.name, day.date)} message={UI.dayMessage} onCancel={onClose}>
      <form ref={formRef} className="form day-form" onSubmit={form.onSubmit} noValidate>
        <DayField
          id="day-status"
          label={UI.status}
          error={form.fieldErrors.status}
          control={(p) => (
            <select {...p} {...input('status')}>
              {DAY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {UI.statuses[s]}
                </option>
              ))}
            </select>
          )}
        />
        {!absent && (
          <div className="day-form__row">
            <DayField id="day-punch-in" label={UI.punchIn} error={form.fieldErrors.punchIn} control={(p) => <input type="time" {...p} {...input('punchIn')} />} />
            <DayField id="day-punch-out" label={UI.punchOut} error={form.fieldErrors.punchOut} control={(p) => <input type="time" {...p} {...input('punchOut')} />} />
          </div>
        )}
        {!absent && <p className="field__hint">{UI.punchesHint}</p>}
        <DayField id="day-reason" label={UI.reason} hint={UI.reasonHint} error={form.fieldErrors.reason} control={(p) => <input type="text" maxLength={300} required {...p} {...input('reason')} />} />
        {form.error && !Object.keys(form.fieldErrors).length && (
          <p className="form__error" role="alert">
            {form.error}
          </p>
        )}
        <CancelSaveActions cancelLabel={UI.cancel} saveLabel={UI.saveDay} busy={form.submitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
