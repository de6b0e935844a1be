/**
 * The comp-off flows: the employee's request (the shared form flow: a day from the list of days off
 * worked, and a reason; the server's msg in the form) and an admin's Approve / Reject (the shared row
 * action with a question first). The calls are injected.
 */
import { compOffCreateBody, type CompOffCreate } from '../../../shared/schemas/comp-off';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { COMP_OFF_UI } from './comp-off-copy';

export type CompOffValues = Record<keyof CompOffCreate, string>;

export const compOffRequestMachine = createFormSubmitMachine<CompOffValues, CompOffCreate>({
  id: 'compOffRequest',
  blank: { workDate: '', reason: '' },
  validate: (values) => (anyBlank(values) ? COMP_OFF_UI.allRequired : schemaProblem(compOffCreateBody, values)),
  toInput: (values) => compOffCreateBody.parse(values),
  failure: (error) => COMP_OFF_UI.submitFailed + errorMessage(error, COMP_OFF_UI.fallback),
  alertOnFailure: false,
  afterSuccess: 'keepEditing',
});

export interface CompOffDecisionInput {
  id: string;
  status: 'approved' | 'rejected';
  name: string;
  workDate: string;
  days: number;
  expiryDays: number;
}

export const compOffDecisionMachine = createRowActionMachine<CompOffDecisionInput>({
  id: 'compOffDecision',
  failure: (error) => COMP_OFF_UI.decideFailed + errorMessage(error, COMP_OFF_UI.fallback),
  confirmation: ({ status, name, workDate, days, expiryDays }) =>
    status === 'approved'
      ? { title: COMP_OFF_UI.approveTitle, message: COMP_OFF_UI.approveQuestion(name, workDate, days, expiryDays), confirmLabel: COMP_OFF_UI.approve }
      : { title: COMP_OFF_UI.rejectTitle, message: COMP_OFF_UI.rejectQuestion(name, workDate), confirmLabel: COMP_OFF_UI.reject, danger: true },
});
