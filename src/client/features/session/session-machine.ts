/**
 * Session lifecycle (product.md, Flows and Input rules): no token -> signing in -> signed in as admin or
 * employee, and every way a session ends (logout, invalid token, wrong role, 401, inactivity,
 * the token's own expiry, and another tab of the same browser signing out or in as someone else).
 *
 * The machine is the one owner of the token: requests read `context.token` (through the store's
 * extra argument), never localStorage. localStorage['token'] is only where the session is kept
 * between page loads (spec), written and removed through injected actions. Every effect is injected
 * (storeToken, removeToken, revokeToken, alert, navigate, resetApi, and the `otherTabs` actor that
 * reports storage changes made by other tabs): the defaults here do nothing, the app supplies real
 * ones with .provide(), and tests supply jest.fn()s and send the events themselves.
 */
import { assertEvent, assign, fromCallback, sendTo, setup, stateIn, type EventObject } from 'xstate';
import { MSG } from '../../copy';
import { PATHS } from '../../config/paths';
import { inactivityMachine } from './inactivity-machine';
import { SESSION_COPY } from './session-copy';
import { checkToken, tokenAccount, tokenExpiresAt, tokenRole } from './token';

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
  /**
   * An API call was answered 401; `message` is the server's msg, `token` the one the call carried
   * (a late 401 for a token this tab has already replaced, e.g. by a renewal, ends nothing).
   */
  | { type: 'UNAUTHORIZED'; message?: string; token?: string }
  | { type: 'INACTIVITY_TIMEOUT' }
  | { type: 'ACTIVITY' }
  /** A dashboard asking "may I be here?" before it renders. */
  | { type: 'ENTER_AREA'; role: AreaRole }
  | { type: 'LEAVE_AREA' }
  /** The person closed the login page's notice (it stays until dismissed). */
  | { type: 'DISMISS_NOTICE' }
  /** The login page opened; a signed-in user belongs on their dashboard instead. */
  | { type: 'LOGIN_PAGE_OPENED' }
  /** Another tab of this browser changed the stored token (null: removed it). Sent by `otherTabs`. */
  | { type: 'TOKEN_CHANGED_ELSEWHERE'; token: string | null };

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

// setTimeout's longest delay (about 24.8 days); a longer one would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

// The stored token goes only if it is still this tab's: another tab may have stored its own since.
const REMOVE_OURS = { type: 'removeToken', params: ({ context }: { context: SessionContext }) => ({ token: context.token }) } as const;

// Ends this tab's token on the server; listed only where the tab holds one.
const REVOKE_OURS = { type: 'revokeToken', params: ({ context }: { context: SessionContext }) => ({ token: context.token }) } as const;

// Every ending shares these steps; the spec's alert, when there is one, comes first.
const END_SESSION = [
  REMOVE_OURS,
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
  actors: {
    inactivity: inactivityMachine,
    /** Reports TOKEN_CHANGED_ELSEWHERE for the whole life of the session; the app listens to `storage`. */
    otherTabs: fromCallback<EventObject>(() => {}),
  },
  delays: {
    // The token's own `exp`, so a session ends when the server stops accepting it, not at the next 401.
    tokenExpiry: ({ context }) => {
      const expiresAt = tokenExpiresAt(context.token);
      return expiresAt === null ? MAX_TIMER_MS : Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
    },
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    /** Removes the stored token only if it is still `token` (null: this tab holds none, remove nothing). */
    removeToken: (_, _params: { token: string | null }) => {},
    /** Ends `token` on the server (POST /api/auth/logout), best effort: never waited for, never a 401 loop. */
    revokeToken: (_, _params: { token: string | null }) => {},
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
    refusesOurToken: ({ context, event }) =>
      event.type === 'UNAUTHORIZED' && Boolean(context.token) && (event.token === undefined || event.token === context.token),
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
    tokenHasExpiry: ({ context }) => tokenExpiresAt(context.token) !== null,
    removedElsewhere: ({ event }) => event.type === 'TOKEN_CHANGED_ELSEWHERE' && event.token === null,
    ourTokenElsewhere: ({ context, event }) => event.type === 'TOKEN_CHANGED_ELSEWHERE' && event.token === context.token,
    // The same person's fresh token (signed in again, or renewed, in another tab), usable for this area.
    sameAccountElsewhere: ({ context, event }) =>
      event.type === 'TOKEN_CHANGED_ELSEWHERE' &&
      tokenRole(event.token) !== null &&
      tokenRole(event.token) === tokenRole(context.token) &&
      tokenAccount(event.token) === tokenAccount(context.token),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, notice: null, admittedArea: null }),
  // For as long as the page lives: other tabs share localStorage, and their changes move this session.
  invoke: { id: 'otherTabs', src: 'otherTabs' },
  initial: 'restoring',
  on: {
    LOGIN_STARTED: { target: '.signingIn', actions: { type: 'setNotice', params: { message: null } } },
    LOGIN_SUCCEEDED: [
      { guard: { type: 'newTokenOpens', params: { role: 'admin' } }, target: '.signedIn.admin', actions: signIn(PATHS.admin) },
      { guard: { type: 'newTokenOpens', params: { role: 'employee' } }, target: '.signedIn.employee', actions: signIn(PATHS.employee) },
      { target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
    ],
    // The login page is already on screen, so there is nowhere to navigate.
    LOGIN_REJECTED: { target: '.noToken', actions: [REMOVE_OURS, 'forgetSession'] },
    LOGOUT: [
      {
        guard: 'hasToken',
        target: '.noToken',
        actions: [REVOKE_OURS, ...END_SESSION, { type: 'setNotice', params: { message: null } }],
      },
      { target: '.noToken', actions: [...END_SESSION, { type: 'setNotice', params: { message: null } }] },
    ],
    TOKEN_INVALID: { target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
    // Several calls may fail with 401 together; only the first finds a token, so the session ends once.
    UNAUTHORIZED: {
      guard: 'refusesOurToken',
      target: '.noToken',
      actions: [
        ...END_SESSION,
        {
          type: 'setNotice',
          params: ({ event }) => ({ message: (event.type === 'UNAUTHORIZED' && event.message) || MSG.invalidSession }),
        },
      ],
    },
    // product.md, Input rules, dashboard entry: missing token -> '/', undecodable -> invalid session, other role -> unauthorized.
    ENTER_AREA: [
      { guard: 'hasNoToken', target: '.noToken', actions: { type: 'navigate', params: { to: PATHS.login } } },
      { guard: 'tokenIsInvalid', target: '.noToken', actions: [ALERT_INVALID, ...END_SESSION] },
      { guard: 'areaIsNotTokens', target: '.noToken', actions: [ALERT_UNAUTHORIZED, ...END_SESSION] },
      { guard: stateIn('#session.signedIn'), actions: 'admit' },
      // A valid token this tab already held when a sign-in started here: keep using it.
      { target: '.restoring', actions: 'admit' },
    ],
    LEAVE_AREA: { actions: assign({ admittedArea: null }) },
    DISMISS_NOTICE: { actions: { type: 'setNotice', params: { message: null } } },
    // A tab that is not signed in does not follow another tab's sign-in: its login form is never
    // swapped under the person using it (a reload, or the next sign-in here, picks the session up).
    // A removal still clears whatever stale token this tab remembered.
    TOKEN_CHANGED_ELSEWHERE: { guard: 'removedElsewhere', actions: 'forgetSession' },
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
      // The token's expiry, scheduled from its `exp` on every entry. Renewals re-enter this state so
      // the new token's expiry replaces the old one (which also restarts an employee's inactivity
      // timer: a renewal, here or in another tab, is the person at work).
      after: {
        tokenExpiry: {
          guard: 'tokenHasExpiry',
          target: 'noToken',
          actions: [...END_SESSION, { type: 'setNotice', params: { message: MSG.invalidSession } }],
        },
      },
      on: {
        TOKEN_RENEWED: [
          {
            guard: 'renewalKeepsRole',
            target: 'signedIn',
            reenter: true,
            actions: [
              { type: 'storeToken', params: ({ event }) => tokenOf(event) },
              { type: 'keepToken', params: ({ event }) => tokenOf(event) },
            ],
          },
          { target: 'noToken', actions: [ALERT_INVALID, ...END_SESSION] },
        ],
        TOKEN_CHANGED_ELSEWHERE: [
          // Our own token written again (or an echo): nothing changed for this tab.
          { guard: 'ourTokenElsewhere' },
          // Logout (or timeout, or a refused session) in another tab: this tab signs out too. The
          // tab that removed the token already asked the server to end it; storage is already empty.
          {
            guard: 'removedElsewhere',
            target: 'noToken',
            actions: [
              {
                type: 'setNotice',
                params: ({ context }) => ({
                  message: checkToken(context.token).kind === 'invalid' ? MSG.invalidSession : SESSION_COPY.signedOutElsewhere,
                }),
              },
              'forgetSession',
              'resetApi',
              { type: 'navigate', params: { to: PATHS.login } },
            ],
          },
          // The same person signed in again or renewed in another tab: adopt the new token quietly.
          // The old one is revoked, since no tab holds it any more (a late 401 for it, from a call
          // still in flight, is ignored: see refusesOurToken).
          {
            guard: 'sameAccountElsewhere',
            target: 'signedIn',
            reenter: true,
            actions: [REVOKE_OURS, { type: 'keepToken', params: ({ event }) => ({ token: (event as { token: string }).token }) }],
          },
          // Someone else signed in in another tab. This tab signs out with a message rather than
          // switching: its screen (and any half-filled form) belongs to the previous person, and a
          // silent switch is exactly how a punch came to be filed for the wrong employee. Our token
          // is revoked, since no tab holds it any more; the stored (new) token is left alone.
          {
            target: 'noToken',
            actions: [
              REVOKE_OURS,
              {
                type: 'setNotice',
                params: ({ event }) => ({
                  message:
                    event.type === 'TOKEN_CHANGED_ELSEWHERE' && tokenRole(event.token) !== null
                      ? SESSION_COPY.otherAccountSignedIn
                      : MSG.invalidSession,
                }),
              },
              'forgetSession',
              'resetApi',
              { type: 'navigate', params: { to: PATHS.login } },
            ],
          },
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
        admin: {
          on: { LOGIN_PAGE_OPENED: { actions: { type: 'navigate', params: { to: PATHS.admin } } } },
        },
        employee: {
          invoke: {
            id: 'inactivity',
            src: 'inactivity',
            onDone: { target: '#session.noToken', actions: timedOut() },
          },
          on: {
            LOGIN_PAGE_OPENED: { actions: { type: 'navigate', params: { to: PATHS.employee } } },
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
    REVOKE_OURS,
    REMOVE_OURS,
    'forgetSession',
    'resetApi',
    { type: 'setNotice', params: { message: MSG.sessionTimedOut } },
    { type: 'navigate', params: { to: PATHS.login } },
  ] as const;
}
