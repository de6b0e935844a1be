/** New-password checks shared by change-password and set-password, in the spec's order (section 5). */
import { MSG } from '../../copy';
import { newPasswordSchema } from '../../../shared/schemas/auth';
import { schemaProblem } from '../../flows/schema-problem';

/** The spec checks the match first, then the length; null when the new password is acceptable. */
export function newPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return MSG.passwordsDoNotMatch;
  // Then the server's own rule for a new password (length first, as the spec words it).
  return schemaProblem(newPasswordSchema, newPassword);
}
