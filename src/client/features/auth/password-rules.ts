/** New-password checks shared by change-password and set-password, in the spec's order (section 5). */
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';

/** The spec checks the match first, then the length; null when the new password is acceptable. */
export function newPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return MSG.passwordsDoNotMatch;
  if (newPassword.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  return null;
}
