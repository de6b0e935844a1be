/** 'Request a correction': the day, the actual in and out times, what happened and why; rendered from its machine. */
import { useRef, useState } from 'react';
import { companyToday } from '../../../shared/format';
import { CORRECTION_KINDS, CORRECTION_REASON_MAX } from '../../../shared/schemas/attendance-correction';
import { readRuntimeConfig } from '../../config/runtime-config';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextAreaField, TextField } from '../../components/text-field';
import { SubmitForm } from '../../components/submit-form';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { FieldError, invalidProps } from '../../components/field-error';
import { correctionRequestMachine, type CorrectionValues } from './correction-request-machine';
import { correctionsApi } from './corrections-api';
import { CORRECTION_UI, KIND_LABELS } from './corrections-copy';

/** `start`: the fields filled in when the form opens for one day (the Attendance page's 'Fix this day'). */
export function CorrectionRequestForm({ start }: { start?: Partial<CorrectionValues> } = {}) {
  const dispatch = useAppDispatch();
  // The company's today: the latest day a correction may be for (the server checks the times too).
  const [today] = useState(() => companyToday(readRuntimeConfig().timeZone));
  const form = useFormSubmit(correctionRequestMachine, {
    submit: mutationCall(correctionsApi.endpoints.requestCorrection, dispatch),
  }, start ? { values: start } : undefined);
  const { values, message, error, submitting, fieldErrors } = form;
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);

  return (
    <div className="corrections__form" ref={ref}>
      <h3 id="correction-request-title">{CORRECTION_UI.requestTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} labelledBy="correction-request-title" noValidate>
        <div className="form__row corrections__times">
          <TextField id="correction-date" label={CORRECTION_UI.date} type="date" required max={today} value={values.date} error={fieldErrors.date} onChange={form.change('date')} />
          <TextField id="correction-in" label={CORRECTION_UI.inTime} type="time" required value={values.inTime} error={fieldErrors.inTime} onChange={form.change('inTime')} />
          <TextField id="correction-out" label={CORRECTION_UI.outTime} type="time" required value={values.outTime} error={fieldErrors.outTime} onChange={form.change('outTime')} />
        </div>
        <div className="field">
          <label htmlFor="correction-kind">{CORRECTION_UI.kind}</label>
          <select id="correction-kind" required value={values.kind} onChange={form.change('kind')} {...invalidProps('correction-kind', fieldErrors.kind)}>
            {CORRECTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldError id="correction-kind" error={fieldErrors.kind} />
        </div>
        <TextAreaField id="correction-reason" label={CORRECTION_UI.reason} required rows={2} maxLength={CORRECTION_REASON_MAX} value={values.reason} error={fieldErrors.reason} onChange={form.change('reason')} />
        <SubmitButton busy={submitting} block={false}>{CORRECTION_UI.submit}</SubmitButton>
      </SubmitForm>
    </div>
  );
}
