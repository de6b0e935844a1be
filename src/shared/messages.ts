/**
 * The words both sides show: answers the server gives and the client shows verbatim or checks
 * before sending. Client-only copy lives with the client (src/client/copy.ts and the features'
 * *-copy.ts files); server-only answers live with their server modules (*-messages.ts).
 */

/** Validation texts both sides show: the shared schemas answer them and the client's forms check the same rules. */
export const VALIDATION_MSG = {
  datesRequired: 'Start date and end date are required',
  passwordTooShort: 'New password must be at least 8 characters long',
} as const;

/** Server answers that the client may show verbatim (the `msg` of a 4xx). */
export const SERVER_MSG = {
  invalidCredentials: 'Invalid email or password',
  missingToken: 'No authentication token found. Please log in again.',
  invalidToken: 'Invalid or expired session. Please log in again.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  /** Every 5xx answer (the error handler), and the client's fallback when a failure carries no text. */
  serverError: 'Server error',
  wrongOldPassword: 'Old password is incorrect',
  passwordChanged: 'Password updated successfully',
  passwordSet: 'Password set. You can now log in.',
  resetLinkSent: 'If that email belongs to an account, a link to set a password has been sent.',
  invalidResetToken: 'This link is invalid or has expired. Ask for a new one.',
  tooManyHeavy: (retryAfterSeconds: number) =>
    `Too many downloads, registers and imports in a short time. Try again in ${Math.max(1, retryAfterSeconds)} second(s).`,
  tooManyAttempts: (retryAfterSeconds: number) =>
    `Too many login attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
} as const;

/** Answers to a leaver (a former employee), from the day after the leaving date. */
export const LEAVER_MSG = {
  readOnly: (leftOn: string, until: string) =>
    `You left on ${leftOn}. Until ${until} you can still download your salary slips and tax statements; nothing else is open to you.`,
  ended: (until: string) => `Your access as a former employee ended on ${until}. Ask the company's HR team for your documents.`,
} as const;

/** Server answers of /api/attendance; the client shows them verbatim. */
export const ATTENDANCE_MSG = {
  punchedIn: 'Punched in successfully',
  punchedOut: 'Punched out successfully',
  alreadyPunchedIn: 'Already punched in today',
  notPunchedIn: 'You have not punched in today',
  alreadyPunchedOut: 'Already punched out today',
  startAfterEnd: 'Start date must not be after end date',
  bothDatesRequired: VALIDATION_MSG.datesRequired,
  dateWithRange: 'Use either date or startDate/endDate, not both',
  exportsBusy: 'Other attendance reports are being downloaded right now. Try again in a minute.',
  rangeTooLong: (maxDays: number) => `startDate to endDate may span at most ${maxDays} days; download the CSV report for longer ranges`,
} as const;

/** Account security: the server's answers (the screens' own words are in src/client/copy.ts, ACCOUNT_UI). */
export const ACCOUNT_MSG = {
  weakPassword: 'This password is too easy to guess. Use a longer one, for example a few unrelated words.',
  samePassword: 'New password must be different from the old one',
  tooManyPasswordAttempts: (retryAfterSeconds: number) =>
    `Too many wrong passwords. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
  tooManyRequests: (retryAfterSeconds: number) =>
    `Too many requests from this address (rate limit). Try again in ${Math.max(1, retryAfterSeconds)} second(s).`,
  loggedOut: 'Logged out',
  emailConfirmed: 'Your email address has been changed. Use it to sign in from now on.',
  invalidEmailLink: 'This link is invalid or has expired. Change your email on the profile screen again to get a new one.',
  emailTaken: 'This email address is already in use by another account, so it cannot be used for this one.',
  emailChangeCancelled: 'The change of sign-in email was cancelled and every session of the account was ended. Sign in again, and change your password if someone else knows it.',
  invalidCancelLink: 'This link is invalid, has expired or was already used.',
  currentPasswordRequired: 'Enter your current password to change your sign-in email',
  wrongCurrentPassword: 'Current password is incorrect',
  tooManyEmailChanges: (retryAfterSeconds: number) =>
    `Too many email change requests. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
  loggedOutEverywhere: 'Logged out everywhere',
} as const;
