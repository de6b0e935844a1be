/**
 * An admin's Approve / Reject of a pending attendance correction, the shared row action
 * with a question first: idle -> confirming (the in-app dialog says what the day becomes) -> running
 * -> the server's msg, or 'Error deciding the correction: ' and its msg. One decision at a time; the
 * lists and attendance refresh through cache invalidation. The call (`run`) and dialog are injected.
 */
import type { CorrectionDecision } from '../../../shared/schemas/attendance-correction';
import { errorMessage } from '../../api/error-message';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { CORRECTION_UI } from './corrections-copy';

export interface CorrectionDecisionInput extends CorrectionDecision {
  id: string;
  /** What the question names: whose day, which day and the asked-for times. */
  name: string;
  date: string;
  inTime: string;
  outTime: string;
}

/** The pending list's decision machine; provide `run` (the decision), `confirm` and `notify`. */
export const correctionDecisionMachine = createRowActionMachine<CorrectionDecisionInput>({
  id: 'correctionDecision',
  failure: (error) => CORRECTION_UI.decideFailed + errorMessage(error, CORRECTION_UI.fallback),
  confirmation: ({ status, name, date, inTime, outTime }) =>
    status === 'approved'
      ? {
          title: CORRECTION_UI.approveTitle,
          message: CORRECTION_UI.approveQuestion(name, date, CORRECTION_UI.times(inTime, outTime)),
          confirmLabel: CORRECTION_UI.approve,
        }
      : { title: CORRECTION_UI.rejectTitle, message: CORRECTION_UI.rejectQuestion(name, date), confirmLabel: CORRECTION_UI.reject, danger: true },
});
