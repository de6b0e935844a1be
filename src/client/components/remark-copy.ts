/** The words of the decision dialog (remark-dialog.tsx). */
import type { RemarkDecision } from '../flows/remark-action-machine';

/** What the dialog says about each action; a feature asking about other actions brings its own. */
export interface RemarkCopy<A extends string = RemarkDecision> {
  title: (status: A) => string;
  question: (status: A, who: string, what: string) => string;
  remarkLabel: (status: A) => string;
  remarkHint: (status: A) => string;
  remarkRequired: string;
  confirm: (status: A) => string;
  cancel: string;
}

export const REMARK_UI: RemarkCopy = {
  title: (status: RemarkDecision) => (status === 'approved' ? 'Approve this request?' : 'Reject this request?'),
  question: (status: RemarkDecision, who: string, what: string) => `${status === 'approved' ? 'Approve' : 'Reject'} the request of ${who} for ${what}.`,
  remarkLabel: (status: RemarkDecision) => (status === 'approved' ? 'Remark (optional)' : 'Remark (required to reject)'),
  remarkHint: () => 'The requester sees it with the decision.',
  remarkRequired: 'Write why it is rejected: the requester will see it.',
  confirm: (status: RemarkDecision) => (status === 'approved' ? 'Approve' : 'Reject'),
  cancel: 'Cancel',
};
