/** Words of the login page beyond the spec's, kept with the feature. */
export const LOGIN_UI = {
  /**
   * Under the Admin tab, always the same whatever was typed: people who type their employee
   * credentials there learn where to go, and nobody learns whether an account exists.
   */
  adminTabHint: 'Employees sign in on the Employee tab',
} as const;
