/**
 * Session lifecycle (spec sections 4 and 5): no token -> signing in -> signed in as admin or
 * employee, and every way a session ends (logout, invalid token, wrong role, 401, inactivity).
 *
 * The machine owns localStorage['token'] and the spec's session alerts, but only through injected
 * actions (storeToken, removeToken, alert, navigate, resetApi): the defaults here do nothing, the
 * app supplies real ones with .provide(), and tests supply jest.fn()s.
 */
import { assertEvent, assign, sendTo, setup, stateIn } from 'xstate';
import { MSG } from '../../../shared/messages';
import { PATHS } from '../../config/paths';
import { inactivityMachine } from './inactivity-machine';
import { checkToken, tokenRole } from './token';

export type AreaRole = 'admin' | 'employee';

export type SessionEvent =
  | { type: 'LOGIN_STARTED' }
  /** The sign-in call failed; whatever session existed before stays as it was. */
  | { type: 'LOGIN_FAILED' }
  /** The server answered without a usable role: the spec removes the token. */
  | { type: 'LOGIN_REJECTED' }
  | { type: 'LOGIN_SUCCEEDED'; token: string }
  /** A call handed back a fresh token for the same account (for example after a password change). */
  | { type: 'TOKEN_RENEWED'; token: string }
  | { type: 'LOGOUT' }
  | { type: 'TOKEN_INVALID' }
  /** An API call was answered 401; `message` is the server's msg. */
  | { type: 'UNAUTHORIZED'; message?: string }
  | { type: 'INACTIVITY_TIMEOUT' }
  | { type: 'ACTIVITY' }
  /** A dashboard asking "may I be here?" before it renders. */
  | { type: 'ENTER_AREA'; role: AreaRole }
  | { type: 'LEAVE_AREA' };

export interface SessionContext {
  token: string | null;
  /** Why the last session ended, for the login page's banner (timeout, rejected token). */
  notice: string | null;
  /** The area the last ENTER_AREA admitted; dashboards render only once admitted. */
  admittedArea: AreaRole | null;
}

export interface SessionInput {
  /** The token found in storage when the app starts. */
  token: string | null;
}

// Every ending shares these steps; the spec's alert, when there is one, comes first.
const END_SESSION = [
  'removeToken',
  'forgetSession',
  'resetApi',
  { type: 'navigate', params: { to: PATHS.login } },
] as const;
const ALERT_INVALID = { type: 'alert', params: { message: MSG.invalidSession } } as const;
const ALERT_UNAUTHORIZED = { type: 'alert', params: { message: MSG.unauthorized } } as const;

/** The session machine; provide its effect actions before running it. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: { inactivity: inactivityMachine },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
    navigate: (_, _params: { to: string }) => {},
    alert: (_, _params: { message: string }) => {},
    resetApi: () => {},
    keepToken: assign({ token: (_, params: { token: string }) => params.token }),
    forgetSession: assign({ token: null, admittedArea: null }),
    setNotice: assign({ notice: (_, params: { message: string | null }) => params.message }),
    admit: assign({ admittedArea: ({ event }) => (event.type === 'ENTER_AREA' ? event.role : null) }),
    forwardActivity: sendTo('inactivity', { type: 'ACTIVITY' } as const),
  },
  guards: {
    hasNoToken: ({ context }) => !context.token,
    hasToken: ({ context }) => Boolean(context.token),
    tokenOpens: ({ context }, params: { role: AreaRole }) => tokenRole(context.token) === params.role,
    tokenIsInvalid: ({ context }) => checkToken(context.token).kind === 'invalid',
    areaIsNotTokens: ({ context, event }) =>
      event.type === 'ENTER_AREA' && tokenRole(context.token) !== event.role,
    // A renewal may refresh the session, never change whose session it is.
    renewalKeepsRole: ({ context, event }) =>
      event.type === 'TOKEN_RENEWED' && tokenRole(event.token) !== null && tokenRole(event.token) === tokenRole(context.token),
    newTokenOpens: ({ event }, params: { role: AreaRole }) =>
      (event.type === 'LOGIN_SUCCEEDED' || event.type === 'TOKEN_RENEWED') &&
      tokenRole(event.token) === params.role,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, notice: null, admittedArea: null }),
  initial: 'restoring',
  on: {
    LOGIN_STARTED: { target: '.signingIn', actions: { type: 'setNotice', params: { message: null } } },
    LOGIN_SUCCEEDED: [
      { guard: { type: 'newTokenOpens', params: { role: 'admin' } }, target: '.signedIn.admin', actions: signIn(PATHS.admin) },
      { guard: { type: 'newTokenOpens', params: { role: 'employee' } }, target: '.signedIn.employee', actions: signIn(PATHS.employee) },
      { target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
    ],
    // The login page is already on screen, so there is nowhere to navigate.
    LOGIN_REJECTED: { target: '.noToken', actions: ['removeToken', 'forgetSession'] },
    LOGOUT: { target: '.noToken', actions: [...END_SESSION, { type: 'setNotice', params: { message: null } }] },
    TOKEN_INVALID: { target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
    // Several calls may fail with 401 together; only the first finds a token, so the session ends once.
    UNAUTHORIZED: {
      guard: 'hasToken',
      target: '.noToken',
      actions: [
        ...END_SESSION,
        {
          type: 'setNotice',
          params: ({ event }) => ({ message: (event.type === 'UNAUTHORIZED' && event.message) || MSG.invalidSession }),
        },
      ],
    },
    // Spec section 5, dashboard entry: missing token -> '/', undecodable -> invalid session, other role -> unauthorized.
    ENTER_AREA: [
      { guard: 'hasNoToken', target: '.noToken', actions: { type: 'navigate', params: { to: PATHS.login } } },
      { guard: 'tokenIsInvalid', target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
      { guard: 'areaIsNotTokens', target: '.noToken', actions: [ALERT_UNAUTHORIZED, ...END_SESSION] },
      { guard: stateIn('#session.signedIn'), actions: 'admit' },
      // A valid token met while signing in (another tab signed in): adopt it.
      { target: '.restoring', actions: 'admit' },
    ],
    LEAVE_AREA: { actions: assign({ admittedArea: null }) },
  },
  states: {
    restoring: {
      always: [
        { guard: 'hasNoToken', target: 'noToken' },
        { guard: { type: 'tokenOpens', params: { role: 'admin' } }, target: 'signedIn.admin' },
        { guard: { type: 'tokenOpens', params: { role: 'employee' } }, target: 'signedIn.employee' },
        { target: 'staleToken' },
      ],
    },
    noToken: {},
    // A stored token that opens no area (undecodable, expired, unknown role). It is kept until a
    // dashboard asks, so that the user gets the spec's alert there rather than a silent logout.
    staleToken: {},
    signingIn: {
      on: { LOGIN_FAILED: 'restoring' },
    },
    signedIn: {
      on: {
        TOKEN_RENEWED: [
          {
            guard: 'renewalKeepsRole',
            actions: [
              { type: 'storeToken', params: ({ event }) => tokenOf(event) },
              { type: 'keepToken', params: ({ event }) => tokenOf(event) },
            ],
          },
          { target: 'noToken', actions: [ALERT_INVALID, ...END_SESSION] },
        ],
      },
      // Transitions name the role state; this routing state only makes a bare 'signedIn' target safe.
      initial: 'byRole',
      states: {
        byRole: {
          always: [
            { guard: { type: 'tokenOpens', params: { role: 'admin' } }, target: 'admin' },
            { guard: { type: 'tokenOpens', params: { role: 'employee' } }, target: 'employee' },
            { target: '#session.staleToken' },
          ],
        },
        admin: {},
        employee: {
          invoke: {
            id: 'inactivity',
            src: 'inactivity',
            onDone: { target: '#session.noToken', actions: timedOut() },
          },
          on: {
            ACTIVITY: { actions: 'forwardActivity' },
            INACTIVITY_TIMEOUT: { target: '#session.noToken', actions: timedOut() },
          },
        },
      },
    },
  },
});

function tokenOf(event: SessionEvent): { token: string } {
  assertEvent(event, ['LOGIN_SUCCEEDED', 'TOKEN_RENEWED']);
  return { token: event.token };
}

function signIn(to: string) {
  return [
    { type: 'storeToken', params: ({ event }: { event: SessionEvent }) => tokenOf(event) },
    { type: 'keepToken', params: ({ event }: { event: SessionEvent }) => tokenOf(event) },
    // A previous user's cached data must never show to the next one.
    'resetApi',
    { type: 'setNotice', params: { message: null } },
    { type: 'navigate', params: { to } },
  ] as const;
}

function timedOut() {
  return [
    'removeToken',
    'forgetSession',
    'resetApi',
    { type: 'setNotice', params: { message: MSG.sessionTimedOut } },
    { type: 'navigate', params: { to: PATHS.login } },
  ] as const;
}
