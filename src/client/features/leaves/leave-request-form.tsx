/**
 * 'Request a Leave' (product.md, Screens): Start Date, End Date, Reason, all required; rendered from its
 * machine. Around them: the leave type (the default preselected, each with what is left
 * of it), a first or second half for a one-day leave of a type that allows it, the working days
 * between the dates (weekly offs and holidays left out, counted as the server counts them), the
 * chosen type's balance, and a warning in the server's words when it would refuse.
 */
import { useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { LEAVE_UI } from './leave-copy';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DateRangeFields } from '../../components/date-range-fields';
import { FieldError, invalidProps } from '../../components/field-error';
import { SubmitButton } from '../../components/submit-button';
import { TextAreaField } from '../../components/text-field';
import { useToday } from '../../components/use-today';
import { SubmitForm } from '../../components/submit-form';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useGetCompanyLeaveSettingsQuery, useGetHolidayListQuery, useGetLeaveTypeListQuery, useGetOwnLeaveBalancesQuery } from '../../api/leave-calendar-api';
import { LEAVE_REQUEST_UI as UI } from './leave-request-copy';
import { leaveRequestMachine } from './leave-request-machine';
import { chosenType, leaveFormDates, leaveFormSummary } from './leave-request-view';
import { leavesApi } from './leaves-api';
import './leave-request.css';

// The server's limit (shared/schemas/leave.ts); the browser stops typing there instead of a 400 later.
const REASON_MAX = 1000;

const DAY_PARTS = [
  { value: '', label: UI.fullDay },
  { value: 'first-half', label: UI.firstHalf },
  { value: 'second-half', label: UI.secondHalf },
] as const;

export function LeaveRequestForm() {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(leaveRequestMachine, {
    submit: mutationCall(leavesApi.endpoints.requestLeave, dispatch),
  });
  const { values, message, error, submitting, fieldErrors } = form;
  const today = useToday();
  const ref = useRef<HTMLElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);

  const types = useGetLeaveTypeListQuery();
  const settings = useGetCompanyLeaveSettingsQuery();
  const { balanceDate, holidayYears } = leaveFormDates(values, today, settings.data);
  // Today's balances are the card's (one request for both); a later start date has its own.
  const { data: balances } = useGetOwnLeaveBalancesQuery(balanceDate === today ? undefined : balanceDate);
  const firstYear = useGetHolidayListQuery(holidayYears[0] ?? skipToken);
  const secondYear = useGetHolidayListQuery(holidayYears[1] ?? skipToken);
  const holidays = holidayYears.length === 0 ? [] : firstYear.data && (holidayYears.length === 1 ? firstYear.data : secondYear.data && [...firstYear.data, ...secondYear.data]);

  const summary = leaveFormSummary(values, {
    types: types.data,
    balances: balances?.balances,
    settings: settings.data,
    holidays,
    ...(balanceDate !== today ? { balanceDate } : {}),
  });
  // Once the server refused with the same words, the form's error says it; the warning would repeat it.
  const warning = summary.warning && !error?.endsWith(summary.warning) ? summary.warning : undefined;
  const offered = types.data?.filter((t) => t.active) ?? [];
  const availableOf = (id: string) => balances?.balances.find((b) => b.leaveTypeId === id)?.available;

  const chooseType = (id: string) => {
    form.setValue('leaveTypeId', id);
    // A half day chosen for a type that has none would be refused: back to a full day.
    if (!chosenType(types.data, id)?.halfDayAllowed) form.setValue('dayPart', '');
  };

  return (
    <section ref={ref} className="card card--wide" aria-labelledby="leave-request-title">
      <h2 id="leave-request-title">{LEAVE_UI.requestTitle}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} noValidate>
        <div className="field">
          {types.isLoading ? (
            <p className="muted" role="status">
              {UI.typesLoading}
            </p>
          ) : types.error || !offered.length ? (
            <p className="muted">{UI.typesFailed}</p>
          ) : (
            <>
              <label htmlFor="leave-type">{UI.leaveType}</label>
              <select id="leave-type" value={summary.type?._id ?? ''} onChange={(e) => chooseType(e.target.value)} {...invalidProps('leave-type', fieldErrors.leaveTypeId, 'leave-balance-line')}>
                {offered.map((t) => (
                  <option key={t._id} value={t._id}>
                    {UI.typeOption(t.name, t.paid, availableOf(t._id))}
                  </option>
                ))}
              </select>
              <FieldError id="leave-type" error={fieldErrors.leaveTypeId} />
            </>
          )}
          <p id="leave-balance-line" className="leave-request__note">
            {summary.balanceLine ?? (summary.type?.paid && !balances ? UI.balanceLoading : '')}
          </p>
        </div>
        <DateRangeFields idPrefix="leave" labels={LEAVE_UI} value={values} onChange={form.setValue} fieldErrors={fieldErrors} />
        {summary.halfDay && (
          <fieldset className="leave-request__parts">
            <legend>{UI.dayPart}</legend>
            <div className="leave-request__choices">
              {DAY_PARTS.map((p) => (
                <label key={p.value || 'full'} className="leave-request__choice">
                  <input type="radio" name="leave-day-part" value={p.value} checked={values.dayPart === p.value} onChange={() => form.setValue('dayPart', p.value)} />
                  <span>{p.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {/* The count and the warning follow the dates as they change. */}
        <div className="leave-request__summary" aria-live="polite">
          {summary.daysLine && <p className="leave-request__days">{summary.daysLine}</p>}
          {warning && <p className="leave-request__warning">{warning}</p>}
        </div>
        <TextAreaField id="leave-reason" label={LEAVE_UI.reason} required rows={3} maxLength={REASON_MAX} value={values.reason} error={fieldErrors.reason} onChange={form.change('reason')} />
        <SubmitButton busy={submitting} block={false}>{LEAVE_UI.submit}</SubmitButton>
      </SubmitForm>
    </section>
  );
}
