/**
 * An admin's own password change, with each problem shown at its field:
 *   editing -> submitting -> editing (done: the fields cleared, the server's msg shown)
 * The browser checks what it can (each field filled, the length, the match) and names the field;
 * the server's refusals are put at the field they are about (a wrong current password, a new one
 * that is weak or the same), anything else above the form. A fresh token in the answer goes to the
 * session (`accepted`), since the change ends every other session. The call is injected.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_MSG, SERVER_MSG } from '../../../shared/messages';
import { newPasswordSchema } from '../../../shared/schemas/auth';
import { errorMessage } from '../../api/error-message';
import { FALLBACK, MSG } from '../../copy';
import { withoutMark } from '../../flows/form-submit-machine';
import { schemaProblem } from '../../flows/schema-problem';
import type { ChangePasswordRequest, ChangePasswordResult } from './change-password-machine';

export type OwnPasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type OwnPasswordValues = Record<OwnPasswordField, string>;
export type FieldErrors = Partial<Record<OwnPasswordField, string>>;

export const OWN_PASSWORD_MSG = {
  currentRequired: 'Enter your current password',
  newRequired: 'Enter a new password',
  confirmRequired: 'Type the new password again',
} as const;

const BLANK: OwnPasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Every field's problem with what was typed (empty when it may be sent). */
export function ownPasswordProblems(v: OwnPasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.oldPassword === '') errors.oldPassword = OWN_PASSWORD_MSG.currentRequired;
  if (v.newPassword === '') errors.newPassword = OWN_PASSWORD_MSG.newRequired;
  else {
    const problem = schemaProblem(newPasswordSchema, v.newPassword);
    if (problem) errors.newPassword = problem;
  }
  if (v.confirmPassword === '') errors.confirmPassword = OWN_PASSWORD_MSG.confirmRequired;
  else if (v.newPassword !== '' && v.confirmPassword !== v.newPassword) errors.confirmPassword = MSG.passwordsDoNotMatch;
  return errors;
}

/** Which field a refusal of the server is about, when it is about one. */
export function fieldOfRefusal(msg: string): OwnPasswordField | null {
  if (msg === SERVER_MSG.wrongOldPassword) return 'oldPassword';
  if (msg === ACCOUNT_MSG.weakPassword || msg === ACCOUNT_MSG.samePassword || /new password/i.test(msg)) return 'newPassword';
  return null;
}

interface Context {
  values: OwnPasswordValues;
  fieldErrors: FieldErrors;
  /** A failure that belongs to no one field (too many attempts, the network). */
  formError: string | null;
  message: string | null;
  /** Counts refused submits, so the view moves the focus once per refusal, not on each keystroke. */
  refusals: number;
}

type Event = { type: 'CHANGE'; field: OwnPasswordField; value: string } | { type: 'SUBMIT' };

/** The admin's change-password flow; provide `submit` and `accepted` (the renewed answer). */
export const ownPasswordMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    submit: fromPromise<ChangePasswordResult, ChangePasswordRequest>(async () => {
      throw new Error('ownPassword: submit actor not provided');
    }),
  },
  actions: {
    accepted: (_, _result: ChangePasswordResult) => {},
  },
  guards: { invalid: ({ context }) => Object.keys(ownPasswordProblems(context.values)).length > 0 },
}).createMachine({
  id: 'ownPassword',
  context: { values: BLANK, fieldErrors: {}, formError: null, message: null, refusals: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          // Editing a field clears its own error (the others stay until the next submit).
          actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value }, fieldErrors: withoutMark(context.fieldErrors, event.field), message: null })),
        },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ fieldErrors: ownPasswordProblems(context.values), formError: null, message: null, refusals: context.refusals + 1 })) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      entry: assign({ fieldErrors: {}, formError: null, message: null }),
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ oldPassword: context.values.oldPassword, newPassword: context.values.newPassword }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ values: BLANK, message: event.output?.msg ?? SERVER_MSG.passwordChanged })),
            { type: 'accepted', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const text = errorMessage(event.error, FALLBACK.changePassword);
            const field = fieldOfRefusal(text);
            return { ...(field ? { fieldErrors: { [field]: text } } : { formError: text }), refusals: context.refusals + 1 };
          }),
        },
      },
    },
  },
});
