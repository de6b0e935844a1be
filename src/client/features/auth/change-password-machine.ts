/**
 * Change Password flow (spec sections 4 and 5): editing -> validating -> submitting -> success,
 * where the server's msg shows for REDIRECT_DELAY_MS before going to /employee/attendance; any
 * failure returns to editing with a message. The call and the navigation are injected.
 */
import { assign, fromPromise, setup } from 'xstate';
import { REDIRECT_DELAY_MS } from '../../../shared/constants';
import { FALLBACK, MSG } from '../../copy';
import { errorMessage } from '../../api/error-message';
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

export type ChangePasswordEvent = {
  type: 'SUBMIT';
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export interface ChangePasswordContext {
  /** What was submitted, held only from SUBMIT until the call settles. */
  draft: Omit<ChangePasswordEvent, 'type'> | null;
  error: string | null;
  message: string | null;
}

const draftOf = (context: ChangePasswordContext) => context.draft ?? { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The change-password machine; provide `changePassword`, `redirect` and `renewToken`. */
export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: fromPromise<ChangePasswordResult, ChangePasswordRequest>(async () => {
      throw new Error('changePassword actor not provided');
    }),
  },
  actions: {
    redirect: () => {},
    renewToken: (_, _params: { token: string }) => {},
    showMessage: assign({
      message: ({ event }) => (event as { output?: ChangePasswordResult }).output?.msg ?? null,
      draft: null,
    }),
    fail: assign({ error: (_, params: { message: string }) => params.message, draft: null }),
  },
  guards: {
    fieldMissing: ({ context }) => Object.values(draftOf(context)).some((value) => value === ''),
    newPasswordRejected: ({ context }) => newPasswordProblem(draftOf(context).newPassword, draftOf(context).confirmPassword) !== null,
  },
  delays: { redirectDelay: REDIRECT_DELAY_MS },
}).createMachine({
  id: 'changePassword',
  context: { draft: null, error: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: {
          target: 'validating',
          actions: assign({
            draft: ({ event }) => ({ oldPassword: event.oldPassword, newPassword: event.newPassword, confirmPassword: event.confirmPassword }),
            error: null,
          }),
        },
      },
    },
    validating: {
      always: [
        { guard: 'fieldMissing', target: 'editing', actions: { type: 'fail', params: { message: MSG.allFieldsRequired } } },
        {
          guard: 'newPasswordRejected',
          target: 'editing',
          actions: {
            type: 'fail',
            params: ({ context }) => ({ message: newPasswordProblem(draftOf(context).newPassword, draftOf(context).confirmPassword)! }),
          },
        },
        { target: 'submitting' },
      ],
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: draftOf(context).oldPassword, newPassword: draftOf(context).newPassword }),
        onDone: [
          {
            guard: ({ event }) => typeof event.output?.token === 'string' && event.output.token !== '',
            target: 'success',
            actions: ['showMessage', { type: 'renewToken', params: ({ event }) => ({ token: event.output.token! }) }],
          },
          { target: 'success', actions: 'showMessage' },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error, FALLBACK.changePassword) }) },
        },
      },
    },
    success: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: { type: 'final', entry: 'redirect' },
  },
});
