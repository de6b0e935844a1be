/**
 * /admin/leave-settings: the leave year's first month (January or April) and the weekly offs (any
 * days of the week, and which Saturdays of the month when Saturday is not off every week), with
 * the rule said in words as it is chosen. Below, the company's working hours and late-mark rule
 * (work-hours-section.tsx) and its pay rules (pay-rules-section.tsx: half days, ESI wages).
 */
import { describeWeeklyOff } from '../../../shared/leave-policy/work-calendar';
import type { LeaveSettings } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { useRef } from 'react';
import { Banner } from '../../components/banner';
import { FieldError, invalidProps } from '../../components/field-error';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useGetCompanyLeaveSettingsQuery } from '../../api/leave-calendar-api';
import { holidayCalendarApi } from './holiday-calendar-api';
import { LEAVE_SETTINGS_UI as UI } from './holiday-calendar-copy';
import { LeaveAdminNav } from './leave-admin-nav';
import { WorkHoursSection } from './work-hours-section';
import { PayRulesSection } from './pay-rules-section';
import { leaveSettingsMachine, settingsValues, toggled, weeklyOffOf } from './leave-settings-form';
import './holiday-calendar.css';

/** Monday first, as a week is read; the values are the rule's day numbers (0 = Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface CheckOption {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A titled group of checkboxes (weekly offs, Saturdays), described by its hint (`${id}-hint`). With
 * `error` the message stands under the legend and each box is marked and described by it, so focus
 * can go to the first and a screen reader says why.
 */
function CheckGroup({ id, legend, hint, options, error }: { id: string; legend: string; hint: string; options: readonly CheckOption[]; error?: string }) {
  return (
    <fieldset className="check-group" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <FieldError id={id} error={error} />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <div className="check-group__options">
        {options.map((o) => (
          <label key={o.id} className="check-field" htmlFor={o.id}>
            <input id={o.id} type="checkbox" checked={o.checked} onChange={(e) => o.onChange(e.target.checked)} {...(error ? invalidProps(id, error) : {})} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function LeaveSettingsPage() {
  const { data, error, isLoading } = useGetCompanyLeaveSettingsQuery();
  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminLeaveSettings} />
      <section className="card" aria-labelledby="leave-settings-title">
        <h2 id="leave-settings-title">{UI.title}</h2>
        {error ? (
          <Banner tone="error">{UI.failed + errorMessage(error, 'the settings could not be loaded')}</Banner>
        ) : isLoading || !data ? (
          <LoadingScreen text={UI.loading} />
        ) : (
          <LeaveSettingsForm settings={data} />
        )}
      </section>
      <WorkHoursSection />
      <PayRulesSection />
    </>
  );
}

/** The form, started from the saved settings. */
function LeaveSettingsForm({ settings }: { settings: LeaveSettings }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(leaveSettingsMachine, { submit: mutationCall(holidayCalendarApi.endpoints.saveLeaveSettings, dispatch) }, { values: settingsValues(settings) });
  const { values, fieldErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, fieldErrors);
  const weekdays = values.weekdays.split(',').filter(Boolean).map(Number);
  const saturdayAlwaysOff = weekdays.includes(6);
  const change = form.setValue;

  return (
    <form ref={formRef} className="form leave-calendar-form" aria-busy={form.submitting} noValidate onSubmit={form.onSubmit}>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <div className="field">
          <label htmlFor="leave-year-start">{UI.yearStart}</label>
          <select id="leave-year-start" value={values.leaveYearStartMonth} onChange={(e) => change('leaveYearStartMonth', e.target.value)}>
            <option value="1">{UI.january}</option>
            <option value="4">{UI.april}</option>
          </select>
        </div>
        <CheckGroup
          id="weekly-off"
          legend={UI.weeklyOff}
          hint={UI.weeklyOffHint}
          error={fieldErrors.weekdays}
          options={WEEK.map((day) => ({
            id: `weekly-off-${day}`,
            label: DAY_NAMES[day]!,
            checked: weekdays.includes(day),
            onChange: (on: boolean) => change('weekdays', toggled(values.weekdays, day, on)),
          }))}
        />
        {!saturdayAlwaysOff && (
          <CheckGroup
            id="saturdays"
            legend={UI.saturdays}
            hint={UI.saturdaysHint}
            options={[1, 2, 3, 4, 5].map((n) => ({
              id: `saturday-${n}`,
              label: UI.nthSaturday(n),
              checked: values.saturdays.split(',').includes(String(n)),
              onChange: (on: boolean) => change('saturdays', toggled(values.saturdays, n, on)),
            }))}
          />
        )}
        <p className="muted" aria-live="polite">
          {UI.summary(describeWeeklyOff(weeklyOffOf(values)))}
        </p>
        <div>
          <button type="submit" className="button">
            {form.submitting && <Spinner />} {UI.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
