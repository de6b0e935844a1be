/**
 * Words of the in-app dialogs and toasts that the spec does not fix. The messages
 * themselves are the spec's (src/client/copy.ts and the features' copy); these are only the frame around them.
 */
export const FEEDBACK_UI = {
  /** The toast stack's name, for assistive tech. */
  notifications: 'Notifications',
  /** A toast's close button; the message is added so several toasts' buttons tell apart. */
  dismissToast: (message: string) => `Dismiss notification: ${message}`,
  dismissNotice: 'Dismiss',
  ok: 'OK',
  cancel: 'Cancel',
  /** The title of an alert dialog that names none. */
  alertTitle: 'Please note',
  confirmTitle: 'Please confirm',
  /** The employee list's delete confirmation. */
  deleteTitle: 'Delete employee',
  deleteConfirm: 'Delete',
  /** Under the spec's question: who, and what a delete does (history stays, sign-in ends). */
  deleteWhat: (who: string) =>
    `${who} leaves the employee list and can no longer sign in. Their attendance, leave and pay history are kept.`,
  /** The employee list's Email Salary Slip dialog. */
  emailSlipTitle: 'Email Salary Slip',
  emailSlipFor: (who: string) => `Email the salary slip of ${who} for a month.`,
  emailSlipSend: 'Send Salary Slip',
  month: 'Month',
  year: 'Year',
  // The field offers the twelve names as a list, and also reads a typed name or number.
  monthHint: 'Pick from the list, or type a month name or number',
  yearHint: 'Four digits, such as 2025',
} as const;
