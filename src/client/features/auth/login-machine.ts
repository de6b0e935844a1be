/**
 * Login form flow (product.md, Screens and Input rules): pick a tab, type the email (and password), submit, then
 * check the server's answer before anything is stored. The typed values live here; the password is
 * sent only where it is asked (always on the Admin tab, on the Employee tab unless the server runs
 * EMPLOYEE_LOGIN=email-only: input `emailOnly`). The call itself (`login` actor) and every effect on the session
 * (`notify*`, `signIn`, `rejectToken`) are injected, so the machine runs headless in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { errorMessage } from '../../api/error-message';

export type LoginTab = 'admin' | 'employee';

export interface LoginRequest {
  role: LoginTab;
  email: string;
  /** Absent when the server runs EMPLOYEE_LOGIN=email-only. */
  password?: string;
}

/** Typed loosely on purpose: the checks below exist because a server may omit or garble fields. */
export interface LoginResult {
  token?: string;
  email?: string;
  role?: string;
}

export type LoginField = 'email' | 'password';

export type LoginEvent =
  | { type: 'SELECT_TAB'; tab: LoginTab }
  | { type: 'CHANGE'; field: LoginField; value: string }
  | { type: 'SUBMIT' };

export interface LoginContext {
  tab: LoginTab;
  error: string | null;
  values: Record<LoginField, string>;
  /** The server's EMPLOYEE_LOGIN=email-only: the Employee tab asks no password. */
  emailOnly: boolean;
}

/** Whether the form asks for a password on its current tab. */
export const asksPassword = ({ tab, emailOnly }: Pick<LoginContext, 'tab' | 'emailOnly'>): boolean => tab === 'admin' || !emailOnly;

const FAILED: Record<LoginTab, string> = { admin: FALLBACK.adminLogin, employee: FALLBACK.employeeLogin };
const WRONG_ROLE: Record<LoginTab, string> = { admin: MSG.invalidAdminRole, employee: MSG.invalidEmployeeRole };

/** The login page's machine; provide `login` and the session actions before running it. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { emailOnly?: boolean } | undefined,
  },
  actors: {
    login: fromPromise<LoginResult, LoginRequest>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    notifyStarted: () => {},
    notifyFailed: () => {},
    rejectToken: () => {},
    signIn: (_, _params: { token: string }) => {},
    setError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
  },
  guards: {
    roleMissing: ({ event }) => !resultOf(event).role,
    roleWrong: ({ context, event }) => resultOf(event).role !== context.tab,
    tokenMissing: ({ event }) => !resultOf(event).token,
  },
}).createMachine({
  id: 'login',
  // Spec: the Admin tab is the default.
  context: ({ input }) => ({ tab: 'admin', error: null, values: { email: '', password: '' }, emailOnly: input?.emailOnly ?? false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT_TAB: { actions: [assign({ tab: ({ event }) => event.tab }), 'clearError'] },
        CHANGE: { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }) }) },
        SUBMIT: { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      entry: 'notifyStarted',
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          role: context.tab,
          email: context.values.email.trim(),
          password: asksPassword(context) ? context.values.password : undefined,
        }),
        onDone: [
          {
            guard: 'roleMissing',
            target: 'idle',
            actions: ['rejectToken', { type: 'setError', params: { message: MSG.roleNotProvided } }],
          },
          {
            guard: 'roleWrong',
            target: 'idle',
            actions: ['rejectToken', { type: 'setError', params: ({ context }) => ({ message: WRONG_ROLE[context.tab] }) }],
          },
          {
            guard: 'tokenMissing',
            target: 'idle',
            actions: ['notifyFailed', { type: 'setError', params: ({ context }) => ({ message: FAILED[context.tab] }) }],
          },
          { target: 'signedIn', actions: { type: 'signIn', params: ({ event }) => ({ token: event.output.token! }) } },
        ],
        onError: {
          target: 'idle',
          actions: [
            'notifyFailed',
            { type: 'setError', params: ({ context, event }) => ({ message: errorMessage(event.error, FAILED[context.tab]) }) },
          ],
        },
      },
    },
    // The session machine navigates away from here.
    signedIn: { type: 'final' },
  },
});

function resultOf(event: { type: string }): LoginResult {
  const output = (event as { output?: unknown }).output;
  return typeof output === 'object' && output !== null ? (output as LoginResult) : {};
}
