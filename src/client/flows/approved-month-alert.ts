/**
 * A decision whose answer says it reaches an approved payroll month (a leave, a correction, a salary
 * revision) shows that note in an in-app dialog the moment the answer arrives, beside the usual
 * success toast, so nobody changes a paid month without a word. The flows' hooks pass every answer
 * through here.
 */
import type { AppEffects } from '../feedback/effects';
import type { SubmitResult } from './form-submit-machine';

export const APPROVED_MONTH_TITLE = 'This changes an approved payroll month';

/** Hands the answer back unchanged; opens the dialog (not awaited) when it carries the note. */
export function alertApprovedMonth<T extends SubmitResult>(effects: Pick<AppEffects, 'alert'>, answer: T): T {
  if (answer?.approvedMonth?.msg) void effects.alert(answer.approvedMonth.msg, { title: APPROVED_MONTH_TITLE });
  return answer;
}
