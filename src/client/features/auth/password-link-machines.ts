/**
 * The public account-link forms (product.md, Input rules), each the shared form flow with its msg in the form:
 *  - forgot password: the email (sent trimmed) -> the server's msg, which is the same whether the
 *    account exists or not;
 *  - set password: the one-time link's token (input `target`) and a new password, checked like a
 *    password change (all fields, then match, then the server's rule) -> the server's msg;
 *  - confirm email: the emailed link's token, sent only when the button is pressed -> the msg.
 * A failure shows the server's msg, else the generic one. The calls are injected.
 */
import { FALLBACK, MSG } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { newPasswordProblem } from './password-rules';

const serverFailure = (error: unknown) => errorMessage(error, FALLBACK.server);

export const forgotPasswordMachine = createFormSubmitMachine<{ email: string }, { email: string }>({
  id: 'forgotPassword',
  blank: { email: '' },
  // The input is `required` and type=email: the browser's checks, then the server's.
  validate: () => null,
  toInput: ({ email }) => ({ email: email.trim() }),
  failure: serverFailure,
  afterSuccess: 'keepEditing',
});

export type SetPasswordValues = Record<'password' | 'confirm', string>;

export const setPasswordMachine = createFormSubmitMachine<SetPasswordValues, { token: string; password: string }>({
  id: 'setPassword',
  blank: { password: '', confirm: '' },
  validate: ({ password, confirm }) => (!password || !confirm ? MSG.allFieldsRequired : newPasswordProblem(password, confirm)),
  fieldProblems: ({ password, confirm }) => {
    if (!password || !confirm) return { ...(password ? {} : { password: MSG.fieldRequired }), ...(confirm ? {} : { confirm: MSG.fieldRequired }) };
    const problem = newPasswordProblem(password, confirm);
    return !problem ? {} : password !== confirm ? { confirm: problem } : { password: problem };
  },
  toInput: ({ password }, token) => ({ token: token ?? '', password }),
  failure: serverFailure,
  afterSuccess: 'keepEditing',
});

export const confirmEmailMachine = createFormSubmitMachine<Record<never, string>, { token: string }>({
  id: 'confirmEmail',
  blank: {},
  validate: () => null,
  toInput: (_values, token) => ({ token: token ?? '' }),
  failure: serverFailure,
  afterSuccess: 'keepEditing',
});
