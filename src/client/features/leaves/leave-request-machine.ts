/**
 * 'Request a Leave' flow (spec sections 2, 5 and 8), the shared form flow: editing -> submitting ->
 * success (the form is cleared and the server's msg shown) or error (the spec's alert, prefixed).
 * The client checks only that the three fields are filled; the order of the dates is the server's
 * rule, and its msg is shown. The call (`submit`) and the alert are injected.
 */
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { LeaveCreate } from '../../../shared/schemas/leave';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';

export type LeaveField = keyof LeaveCreate;

/** The leave request form's machine; provide `submit` (the request) and `alert`. */
export const leaveRequestMachine = createFormSubmitMachine<LeaveCreate, LeaveCreate>({
  id: 'leaveRequest',
  blank: { startDate: '', endDate: '', reason: '' },
  validate: (values) => (anyBlank(values) ? MSG.allFieldsRequired : null),
  // The reason is sent trimmed, as the server stores it; dates come from date inputs.
  toInput: (values) => ({ ...values, reason: values.reason.trim() }),
  // Spec section 8: the alert reads the prefix, then the server's msg (or the generic fallback).
  failure: (error) => PREFIX.submitLeave + errorMessage(error, FALLBACK.server),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});
