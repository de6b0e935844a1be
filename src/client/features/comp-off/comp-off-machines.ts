/**
 * The comp-off flows: the employee's request (the shared form flow: a day from the list of days off
 * worked, and a reason; the server's msg in the form), an admin's Approve / Reject (the shared row
 * action with a question first) and the requester's Withdraw. The calls are injected.
 */
import { compOffCreateBody, type CompOff, type CompOffCreate } from '../../../shared/schemas/comp-off';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRemarkActionMachine, type RemarkCall, type RemarkRequest } from '../../flows/remark-action-machine';
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

/**
 * The requester withdrawing a pending request, asked first in the remark dialog (as leave is
 * withdrawn): the reason is optional; `run` sends POST /api/comp-off/{id}/withdraw (`withdrawCallOf`)
 * and the list refreshes by cache invalidation.
 */
export type CompOffWithdraw = 'withdraw';

export const compOffWithdrawRequest = (c: CompOff): RemarkRequest<CompOffWithdraw> => ({ id: c._id, status: 'withdraw', who: `${c.name} (${c.employeeId})`, what: COMP_OFF_UI.what(c.workDate, c.days) });

/** The machine's call as the API's: the remark is the reason. */
export const withdrawCallOf = ({ id, remark }: RemarkCall<CompOffWithdraw>) => (remark ? { id, reason: remark } : { id });

export const compOffWithdrawMachine = createRemarkActionMachine<CompOffWithdraw>({
  id: 'compOffWithdraw',
  failure: (error) => COMP_OFF_UI.withdrawFailed + errorMessage(error, COMP_OFF_UI.fallback),
  remarkRequired: () => false,
});
