/**
 * Change Password flow (product.md, Flows and Input rules), the shared form flow: editing -> submitting ->
 * success, where the server's msg shows for REDIRECT_DELAY_MS before going to /employee/attendance;
 * a blank field, a mismatch or a refused new password (in the spec's order) and any failure show
 * in the form. A fresh token in the answer goes to the session (`accepted`). The call, the
 * navigation and the session are injected.
 */
import { FALLBACK, MSG } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';
import { newPasswordProblem } from './password-rules';

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}

/** `token` is optional: a server that revokes old tokens on a change may hand back a fresh one. */
export interface ChangePasswordResult {
  msg?: string;
  token?: string;
}

/** What the three inputs hold. */
export type ChangePasswordValues = Record<'oldPassword' | 'newPassword' | 'confirmPassword', string>;

/** The token a success hands back for the session to carry on with, if any. */
export const renewedToken = (result: ChangePasswordResult | undefined): string | null =>
  typeof result?.token === 'string' && result.token !== '' ? result.token : null;

/** Every empty field marked 'Required'; when all are filled, the new password or its confirmation with what is wrong. */
export function changePasswordMarks(values: ChangePasswordValues): FieldErrors<ChangePasswordValues> {
  const empty = Object.entries(values).filter(([, value]) => value === '');
  if (empty.length) return Object.fromEntries(empty.map(([field]) => [field, MSG.fieldRequired]));
  const problem = newPasswordProblem(values.newPassword, values.confirmPassword);
  if (!problem) return {};
  return values.newPassword !== values.confirmPassword ? { confirmPassword: problem } : { newPassword: problem };
}

/** The change-password machine; provide `submit`, `redirect` and `accepted` (the renewed token). */
export const changePasswordMachine = createFormSubmitMachine<ChangePasswordValues, ChangePasswordRequest, ChangePasswordResult>({
  id: 'changePassword',
  blank: { oldPassword: '', newPassword: '', confirmPassword: '' },
  // Passwords are taken as typed: only an empty field is missing (spaces may be part of one).
  validate: (values) =>
    Object.values(values).some((value) => value === '')
      ? MSG.allFieldsRequired
      : newPasswordProblem(values.newPassword, values.confirmPassword),
  fieldProblems: changePasswordMarks,
  toInput: ({ oldPassword, newPassword }) => ({ oldPassword, newPassword }),
  failure: (error) => errorMessage(error, FALLBACK.changePassword),
  afterSuccess: 'redirect',
});
