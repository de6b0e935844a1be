/**
 * The company's working hours and late-mark rule, a card of its own under the leave settings: shift
 * start and end, grace minutes, and whether (and how) late marks become loss of pay.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { WorkHoursSettings } from '../../../shared/schemas/work-hours';
import { errorMessage } from '../../api/error-message';
import { useGetWorkHoursQuery, workHoursApi } from '../../api/work-hours-api';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { ShiftFields } from '../../components/shift-fields';
import { SubmitButton } from '../../components/submit-button';
import { SelectField, TextField } from '../../components/text-field';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { ruleExample, WORK_HOURS_UI as UI, workHoursMachine, workHoursValues } from './work-hours-form';

export function WorkHoursSection() {
  const { data, error, isLoading } = useGetWorkHoursQuery();
  const { hash } = useLocation();
  // Settings links here by #work-hours; the card below the leave settings loads later than the
  // browser's own jump to the anchor, so the jump is made once the card is there.
  useEffect(() => {
    if (data && hash === '#work-hours') document.getElementById('work-hours')?.scrollIntoView?.();
  }, [data, hash]);
  return (
    <section id="work-hours" className="card" aria-labelledby="work-hours-title">
      <h2 id="work-hours-title">{UI.title}</h2>
      {error ? (
        <Banner tone="error">{UI.failed + errorMessage(error, 'the working hours could not be loaded')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : (
        <WorkHoursForm settings={data} />
      )}
    </section>
  );
}

function WorkHoursForm({ settings }: { settings: WorkHoursSettings }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(workHoursApi.endpoints.saveWorkHours, dispatch);
  const form = useFormSubmit(workHoursMachine, { submit: save }, { values: workHoursValues(settings) });
  const { values, error, message, fieldErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, fieldErrors);
  const on = values.lateMarksOn === 'true';
  const example = on ? ruleExample(values) : UI.off;

  return (
    <form ref={formRef} className="form leave-calendar-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      <p className="muted">{UI.intro}</p>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <ShiftFields idPrefix="company-shift" values={values} onChange={form.setValue} errors={fieldErrors} />
        <fieldset className="check-group" aria-describedby="late-rule-example late-rule-law">
          <legend>{UI.lateRule}</legend>
          <label className="check-field" htmlFor="late-marks-on">
            <input id="late-marks-on" type="checkbox" checked={on} onChange={(e) => form.setValue('lateMarksOn', String(e.target.checked))} />
            <span>{UI.lateMarksOn}</span>
          </label>
          {on && (
            <div className="shift-fields">
              <TextField id="late-free" label={UI.freePerMonth} type="number" inputMode="numeric" min={0} max={31} value={values.freePerMonth} error={fieldErrors.freePerMonth} onChange={form.change('freePerMonth')} />
              <TextField id="late-step" label={UI.marksPerStep} type="number" inputMode="numeric" min={1} max={31} value={values.marksPerStep} error={fieldErrors.marksPerStep} onChange={form.change('marksPerStep')} />
              <SelectField id="late-days" label={UI.daysPerStep} choices={{ '0.5': UI.half, 1: UI.whole }} value={values.daysPerStep} onChange={form.change('daysPerStep')} />
            </div>
          )}
          <p id="late-rule-example" className="field__hint" aria-live="polite">
            {example}
          </p>
          <p id="late-rule-law" className="field__hint">
            {UI.lawLimit}
          </p>
        </fieldset>
        <SubmitButton busy={form.submitting} block={false}>{UI.save}</SubmitButton>
      </fieldset>
    </form>
  );
}
