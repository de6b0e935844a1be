/** 'Request a correction' (issue 14): the day, the actual in and out times, what happened and why; rendered from its machine. */
import { useState } from 'react';
import { companyToday } from '../../../shared/format';
import { CORRECTION_KINDS, CORRECTION_REASON_MAX } from '../../../shared/schemas/attendance-correction';
import { readRuntimeConfig } from '../../config/runtime-config';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { correctionRequestMachine } from './correction-request-machine';
import { correctionsApi } from './corrections-api';
import { CORRECTION_UI, KIND_LABELS } from './corrections-copy';

export function CorrectionRequestForm() {
  const dispatch = useAppDispatch();
  // The company's today: the latest day a correction may be for (the server checks the times too).
  const [today] = useState(() => companyToday(readRuntimeConfig().timeZone));
  const form = useFormSubmit(correctionRequestMachine, {
    submit: mutationCall(correctionsApi.endpoints.requestCorrection, dispatch),
  });
  const { values, message, error, submitting } = form;

  return (
    <div className="corrections__form">
      <h3 id="correction-request-title">{CORRECTION_UI.requestTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <form className="form" onSubmit={form.onSubmit} aria-labelledby="correction-request-title" aria-busy={submitting} noValidate>
        <fieldset className="form__fields" disabled={!form.editable}>
          <div className="form__row corrections__times">
            <div className="field">
              <label htmlFor="correction-date">{CORRECTION_UI.date}</label>
              <input id="correction-date" type="date" required max={today} value={values.date} onChange={form.change('date')} />
            </div>
            <div className="field">
              <label htmlFor="correction-in">{CORRECTION_UI.inTime}</label>
              <input id="correction-in" type="time" required value={values.inTime} onChange={form.change('inTime')} />
            </div>
            <div className="field">
              <label htmlFor="correction-out">{CORRECTION_UI.outTime}</label>
              <input id="correction-out" type="time" required value={values.outTime} onChange={form.change('outTime')} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="correction-kind">{CORRECTION_UI.kind}</label>
            <select id="correction-kind" required value={values.kind} onChange={form.change('kind')}>
              {CORRECTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="correction-reason">{CORRECTION_UI.reason}</label>
            <textarea
              id="correction-reason"
              required
              rows={2}
              maxLength={CORRECTION_REASON_MAX}
              value={values.reason}
              onChange={form.change('reason')}
            />
          </div>
          <div>
            <button type="submit" className="button">
              {submitting && <Spinner />} {CORRECTION_UI.submit}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
