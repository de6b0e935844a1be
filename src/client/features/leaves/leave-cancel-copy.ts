/** The words of cancelling leave: the row buttons, the dialog (remark-dialog.tsx) and its failure. */
import type { RemarkCopy } from '../../components/remark-copy';
import type { LeaveCancelAction } from '../../../shared/schemas/leave';

const BUTTON = { withdraw: 'Withdraw', ask: 'Ask to cancel', cancel: 'Cancel leave' } satisfies Record<LeaveCancelAction, string>;
const TITLE = { withdraw: 'Withdraw this request?', ask: 'Ask to cancel this leave?', cancel: 'Cancel this leave?' } satisfies Record<LeaveCancelAction, string>;
const HINT = { withdraw: 'Kept with the request.', ask: 'Your manager or HR sees it.', cancel: 'The requester sees it with the cancellation.' } satisfies Record<LeaveCancelAction, string>;
const CONFIRM = { withdraw: 'Withdraw', ask: 'Send request', cancel: 'Cancel leave' } satisfies Record<LeaveCancelAction, string>;

export const LEAVE_CANCEL_UI = {
  /** The row button's visible word. */
  button: BUTTON,
  /** Its accessible name, starting with the visible word (WCAG 2.5.3) and naming the leave. */
  buttonName: (action: LeaveCancelAction, who: string, what: string) => `${BUTTON[action]}: ${action === 'cancel' ? `${who}, ` : ''}${what}`,
  /** The dialog: the way leave is cancelled is its action, and the remark is the reason. */
  dialog: {
    title: (action) => TITLE[action],
    question: (action, who, what) =>
      action === 'withdraw'
        ? `Withdraw your request for ${what}. It no longer waits for a decision, and the days return to your balance.`
        : action === 'ask'
          ? `Ask your manager (or HR) to cancel your approved leave for ${what}. It stays approved until they cancel it.`
          : `Cancel the approved leave of ${who} for ${what}. The days return to their balance, and they are told.`,
    remarkLabel: (action) => (action === 'cancel' ? 'Reason (required)' : 'Reason (optional)'),
    remarkHint: (action) => HINT[action],
    remarkRequired: 'Write why the leave is cancelled: the requester will see it.',
    confirm: (action) => CONFIRM[action],
    cancel: 'Keep it',
  } satisfies RemarkCopy<LeaveCancelAction>,
  failed: 'Error cancelling leave: ',
} as const;
