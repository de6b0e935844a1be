/** The words of cancelling leave: the row buttons, the dialog (leave-cancel-dialog.tsx) and its failure. */
import type { LeaveCancelAction } from '../../../shared/schemas/leave';

export const LEAVE_CANCEL_UI = {
  /** The row button's visible word. */
  button: { withdraw: 'Withdraw', ask: 'Ask to cancel', cancel: 'Cancel leave' } satisfies Record<LeaveCancelAction, string>,
  /** Its accessible name, starting with the visible word (WCAG 2.5.3) and naming the leave. */
  buttonName: (action: LeaveCancelAction, who: string, what: string) =>
    `${LEAVE_CANCEL_UI.button[action]}: ${action === 'cancel' ? `${who}, ` : ''}${what}`,
  title: { withdraw: 'Withdraw this request?', ask: 'Ask to cancel this leave?', cancel: 'Cancel this leave?' } satisfies Record<LeaveCancelAction, string>,
  question: (action: LeaveCancelAction, who: string, what: string) =>
    action === 'withdraw'
      ? `Withdraw your request for ${what}. It no longer waits for a decision, and the days return to your balance.`
      : action === 'ask'
        ? `Ask your manager (or HR) to cancel your approved leave for ${what}. It stays approved until they cancel it.`
        : `Cancel the approved leave of ${who} for ${what}. The days return to their balance, and they are told.`,
  reasonLabel: (action: LeaveCancelAction) => (action === 'cancel' ? 'Reason (required)' : 'Reason (optional)'),
  reasonHint: { withdraw: 'Kept with the request.', ask: 'Your manager or HR sees it.', cancel: 'The requester sees it with the cancellation.' } satisfies Record<LeaveCancelAction, string>,
  reasonRequired: 'Write why the leave is cancelled: the requester will see it.',
  confirm: { withdraw: 'Withdraw', ask: 'Send request', cancel: 'Cancel leave' } satisfies Record<LeaveCancelAction, string>,
  dismiss: 'Keep it',
  failed: 'Error cancelling leave: ',
} as const;
