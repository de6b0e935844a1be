/**
 * 'Request a Leave' flow (product.md, Screens, 5 and 8), the shared form flow: editing -> submitting ->
 * success (the form is cleared and the server's msg shown) or error (the spec's alert, prefixed,
 * also shown in the form: a refusal for balance, leave year or working days reads the server's words).
 * The client checks only that the spec's three fields are filled; the order of the dates, the type's
 * rules and the balance are the server's, and its msg is shown. Beyond the spec the form carries the
 * leave type ('' = the company's default, left out of the call) and, for a one-day request, the half
 * of the day ('' = a full day). The call (`submit`) and the alert are injected.
 */
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { LeaveCreate } from '../../../shared/schemas/leave';
import { errorMessage } from '../../api/error-message';
import { anyBlank, blankMarks, createFormSubmitMachine } from '../../flows/form-submit-machine';
import type { LeaveFormValues } from './leave-request-view';

export type LeaveField = keyof LeaveFormValues;

export const BLANK_LEAVE_FORM: LeaveFormValues = { startDate: '', endDate: '', reason: '', leaveTypeId: '', dayPart: '' };

/** The call's body: the spec's three fields (reason trimmed, as the server stores it) and what was chosen beyond them. */
export function leaveRequestBody(values: LeaveFormValues): LeaveCreate {
  const { startDate, endDate, reason, leaveTypeId, dayPart } = values;
  const halfDay = (dayPart === 'first-half' || dayPart === 'second-half') && startDate === endDate;
  return { startDate, endDate, reason: reason.trim(), ...(leaveTypeId ? { leaveTypeId } : {}), ...(halfDay ? { dayPart } : {}) };
}

/** The leave request form's machine; provide `submit` (the request) and `alert`. */
export const leaveRequestMachine = createFormSubmitMachine<LeaveFormValues, LeaveCreate>({
  id: 'leaveRequest',
  blank: BLANK_LEAVE_FORM,
  validate: ({ startDate, endDate, reason }) => (anyBlank({ startDate, endDate, reason }) ? MSG.allFieldsRequired : null),
  fieldProblems: ({ startDate, endDate, reason }) => blankMarks<LeaveFormValues>({ startDate, endDate, reason }),
  toInput: leaveRequestBody,
  // product.md, Messages: the alert reads the prefix, then the server's msg (or the generic fallback).
  failure: (error) => PREFIX.submitLeave + errorMessage(error, FALLBACK.server),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});
