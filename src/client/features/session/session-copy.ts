/**
 * Session notices the spec does not have: they explain on the login page why a tab was signed out
 * by something that happened in another tab of the same browser.
 */
export const SESSION_COPY = {
  /** The token was removed in another tab (its Logout, timeout, or a refused session). */
  signedOutElsewhere: 'You were signed out in another tab.',
  /** Another tab signed in as someone else; this tab's account is not followed silently. */
  otherAccountSignedIn: 'You were signed out because another account signed in in another tab.',
} as const;
