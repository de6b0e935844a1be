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
  deleteDetail: (who: string) =>
    `${who} will be signed out and taken off the lists; their attendance, leave, salary slips and history are kept. For a resignation or another exit with a last working day, use Record exit on Edit Employee instead.`,
  /** The employee list's Email Salary Slip dialog. */
  emailSlipTitle: 'Email Salary Slip',
  emailSlipFor: (who: string) => `Email the salary slip of ${who} for a month.`,
  emailSlipSend: 'Send Salary Slip',
  month: 'Month',
  year: 'Year',
  monthHint: 'Choose from the list, or type a month such as March or 3',
  yearHint: 'Four digits, such as 2025',
} as const;
