/**
 * Profile flow (product.md, Screens, 5 and 8), the shared form flow in its alerted mode: without a
 * token, 'Please login first' and leave for the login page (checked on start and on each Update
 * Profile: another tab may have logged out); otherwise editing -> submitting -> 'Profile updated
 * successfully', or 'Error updating profile: ' + msg, and the form again with what was typed. The
 * spec's alerts go to `notify` (toasts: a success leaves by itself, the others stay until
 * dismissed, so the first is still there on the login page). The form starts from the loaded
 * record (input). The token check (`allowed`), the call, `notify` and the way out (`leave`) are
 * injected.
 */
import type { Employee, EmployeeUpdated } from '../../../shared/schemas/employee';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { anyBlank, blankMarks, createFormSubmitMachine } from '../../flows/form-submit-machine';
import type { UpdateProfileRequest } from './profile-api';

/** An employee changes only their name and email; a new email also needs their current password. */
export type ProfileValues = Record<'name' | 'email' | 'currentPassword', string>;

/** Where the form starts: the own record's name and email, and its id for the call. */
export const profileInput = (employee: Employee) => ({
  values: { name: employee.name, email: employee.email, currentPassword: '' },
  target: employee._id,
});

/** The new email the server is waiting to have confirmed from that address, if the last save named one. */
export const pendingEmailOf = (result: EmployeeUpdated | undefined): string | null =>
  typeof result?.pendingEmail === 'string' && result.pendingEmail ? result.pendingEmail : null;

/** The Profile screen's machine; input from profileInput, provide `submit`, `allowed`, `notify` and `leave`. */
export const profileMachine = createFormSubmitMachine<ProfileValues, UpdateProfileRequest, EmployeeUpdated>({
  id: 'profile',
  blank: { name: '', email: '', currentPassword: '' },
  // The inputs are `required`; this keeps the rule when the browser does not enforce it. The
  // password is the server's to ask for: it needs it only when the email changes.
  validate: ({ name, email }) => (anyBlank({ name, email }) ? MSG.allFieldsRequired : null),
  fieldProblems: ({ name, email }) => blankMarks<ProfileValues>({ name, email }),
  toInput: ({ name, email, currentPassword }, target) => ({ id: target!, name, email, ...(currentPassword && { currentPassword }) }),
  failure: (error) => PREFIX.updateProfile + errorMessage(error, FALLBACK.server),
  announce: 'alert',
  // The spec's own words, whatever the server's msg.
  successText: () => MSG.profileUpdated,
  afterSuccess: 'keepEditing',
  refusal: MSG.pleaseLogin,
});
