import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { MSG } from '../../copy';
import { adminToken, employeeToken, expiredToken, fakeToken, garbageToken } from '../../test/tokens';
import { SESSION_COPY } from './session-copy';
import { sessionMachine } from './session-machine';

function start(token: string | null = null) {
  const fx = {
    storeToken: jest.fn(),
    removeToken: jest.fn(),
    revokeToken: jest.fn(),
    navigate: jest.fn(),
    alert: jest.fn(),
    resetApi: jest.fn(),
  };
  const clock = new SimulatedClock();
  const actor = createActor(sessionMachine.provide({ actions: fx }), { input: { token }, clock }).start();
  // Injected actions receive (args, params); the params are what the app acts on.
  const params = (fn: jest.Mock) => fn.mock.calls.map((call) => call[1]);
  const state = () => actor.getSnapshot().value;
  return { actor, clock, fx, params, state };
}

const signedOut = (fx: ReturnType<typeof start>['fx'], params: ReturnType<typeof start>['params']) => {
  expect(fx.removeToken).toHaveBeenCalledTimes(1);
  expect(fx.resetApi).toHaveBeenCalledTimes(1);
  expect(params(fx.navigate)).toEqual([{ to: '/' }]);
};

describe('session machine: restoring a stored token', () => {
  it.each([
    ['no token', null, 'noToken'],
    ['an admin token', adminToken(), { signedIn: 'admin' }],
    ['an employee token', employeeToken(), { signedIn: 'employee' }],
    ['a token with the role only under user', fakeToken({ user: { id: '1', role: 'admin' } }), { signedIn: 'admin' }],
    ['an undecodable token', garbageToken, 'staleToken'],
    ['an expired token', expiredToken(), 'staleToken'],
    ['a token with an unknown role', fakeToken({ role: 'manager' }), 'staleToken'],
  ])('%s -> %j, with no effects', (_label, token, expected) => {
    const { fx, state } = start(token);
    expect(state()).toEqual(expected);
    Object.values(fx).forEach((fn) => expect(fn).not.toHaveBeenCalled());
  });
});

describe('session machine: signing in', () => {
  it('LOGIN_STARTED -> signingIn, and a failed sign-in returns to no token', () => {
    const { actor, state, fx } = start();
    actor.send({ type: 'LOGIN_STARTED' });
    expect(state()).toBe('signingIn');
    actor.send({ type: 'LOGIN_FAILED' });
    expect(state()).toBe('noToken');
    expect(fx.removeToken).not.toHaveBeenCalled();
  });

  it('a failed sign-in keeps a session that was already there', () => {
    const { actor, state } = start(employeeToken());
    actor.send({ type: 'LOGIN_STARTED' });
    actor.send({ type: 'LOGIN_FAILED' });
    expect(state()).toEqual({ signedIn: 'employee' });
  });

  it('admin success stores the token, clears cached data and goes to /admin', () => {
    const { actor, state, fx, params } = start();
    const token = adminToken();
    actor.send({ type: 'LOGIN_STARTED' });
    actor.send({ type: 'LOGIN_SUCCEEDED', token });
    expect(state()).toEqual({ signedIn: 'admin' });
    expect(params(fx.storeToken)).toEqual([{ token }]);
    expect(fx.resetApi).toHaveBeenCalledTimes(1);
    expect(params(fx.navigate)).toEqual([{ to: '/admin' }]);
    expect(actor.getSnapshot().context.token).toBe(token);
  });

  it('employee success stores the token and goes to /employee', () => {
    const { actor, state, fx, params } = start();
    const token = employeeToken();
    actor.send({ type: 'LOGIN_SUCCEEDED', token });
    expect(state()).toEqual({ signedIn: 'employee' });
    expect(params(fx.storeToken)).toEqual([{ token }]);
    expect(params(fx.navigate)).toEqual([{ to: '/employee' }]);
  });

  it('success with an undecodable token alerts the invalid session and stays signed out', () => {
    const { actor, state, fx, params } = start();
    actor.send({ type: 'LOGIN_SUCCEEDED', token: garbageToken });
    expect(state()).toBe('noToken');
    expect(params(fx.alert)).toEqual([{ message: MSG.invalidSession }]);
    expect(fx.storeToken).not.toHaveBeenCalled();
    signedOut(fx, params);
  });

  it('LOGIN_REJECTED (role missing or wrong) removes the token without navigating', () => {
    const { actor, state, fx } = start(adminToken());
    actor.send({ type: 'LOGIN_STARTED' });
    actor.send({ type: 'LOGIN_REJECTED' });
    expect(state()).toBe('noToken');
    expect(fx.removeToken).toHaveBeenCalledTimes(1);
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('LOGIN_STARTED clears the notice left by the previous session', () => {
    const { actor, clock } = start(employeeToken());
    clock.increment(600_000);
    expect(actor.getSnapshot().context.notice).toBe(MSG.sessionTimedOut);
    actor.send({ type: 'LOGIN_STARTED' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('session machine: ending a session', () => {
  it.each([
    ['admin', adminToken()],
    ['employee', employeeToken()],
  ])('LOGOUT as %s removes the token, resets the API and goes to /', (_role, token) => {
    const { actor, state, fx, params } = start(token);
    actor.send({ type: 'LOGOUT' });
    expect(state()).toBe('noToken');
    expect(fx.alert).not.toHaveBeenCalled();
    signedOut(fx, params);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, notice: null, admittedArea: null });
  });

  it('TOKEN_INVALID alerts the invalid session and signs out', () => {
    const { actor, state, fx, params } = start(adminToken());
    actor.send({ type: 'TOKEN_INVALID' });
    expect(state()).toBe('noToken');
    expect(params(fx.alert)).toEqual([{ message: MSG.invalidSession }]);
    signedOut(fx, params);
  });

  it('UNAUTHORIZED (a 401) signs out once and keeps the server message for the login page', () => {
    const { actor, state, fx, params } = start(employeeToken());
    actor.send({ type: 'UNAUTHORIZED', message: 'Invalid or expired session. Please log in again.' });
    actor.send({ type: 'UNAUTHORIZED', message: 'a second 401 from a parallel call' });
    expect(state()).toBe('noToken');
    signedOut(fx, params);
    expect(actor.getSnapshot().context.notice).toBe('Invalid or expired session. Please log in again.');
  });

  it('UNAUTHORIZED without a server message falls back to the invalid-session text', () => {
    const { actor } = start(adminToken());
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().context.notice).toBe(MSG.invalidSession);
  });

  it('UNAUTHORIZED with no token is ignored', () => {
    const { actor, state, fx } = start();
    actor.send({ type: 'UNAUTHORIZED' });
    expect(state()).toBe('noToken');
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});

describe('session machine: dashboard entry (product.md, Input rules)', () => {
  it('admits the matching role without side effects', () => {
    const { actor, state, fx } = start(adminToken());
    actor.send({ type: 'ENTER_AREA', role: 'admin' });
    expect(state()).toEqual({ signedIn: 'admin' });
    expect(actor.getSnapshot().context.admittedArea).toBe('admin');
    Object.values(fx).forEach((fn) => expect(fn).not.toHaveBeenCalled());
    actor.send({ type: 'LEAVE_AREA' });
    expect(actor.getSnapshot().context.admittedArea).toBeNull();
  });

  it('missing token: back to / with no alert', () => {
    const { actor, fx, params } = start();
    actor.send({ type: 'ENTER_AREA', role: 'employee' });
    expect(params(fx.navigate)).toEqual([{ to: '/' }]);
    expect(fx.alert).not.toHaveBeenCalled();
  });

  it('wrong role: "Unauthorized access", token removed, back to /', () => {
    const { actor, state, fx, params } = start(employeeToken());
    actor.send({ type: 'ENTER_AREA', role: 'admin' });
    expect(state()).toBe('noToken');
    expect(params(fx.alert)).toEqual([{ message: MSG.unauthorized }]);
    signedOut(fx, params);
  });

  it('an unknown role is unauthorized too', () => {
    const { actor, fx, params } = start(fakeToken({ role: 'manager' }));
    actor.send({ type: 'ENTER_AREA', role: 'employee' });
    expect(params(fx.alert)).toEqual([{ message: MSG.unauthorized }]);
    signedOut(fx, params);
  });

  it.each([
    ['undecodable', garbageToken],
    ['expired', expiredToken()],
  ])('%s token: "Invalid session. Please login again.", token removed, back to /', (_label, token) => {
    const { actor, state, fx, params } = start(token);
    actor.send({ type: 'ENTER_AREA', role: 'employee' });
    expect(state()).toBe('noToken');
    expect(params(fx.alert)).toEqual([{ message: MSG.invalidSession }]);
    signedOut(fx, params);
  });

  it('a token that expired while signed in is caught on the next entry', () => {
    const { actor, fx, params } = start(adminToken());
    const spy = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * 3600 * 1000);
    try {
      actor.send({ type: 'ENTER_AREA', role: 'admin' });
    } finally {
      spy.mockRestore();
    }
    expect(params(fx.alert)).toEqual([{ message: MSG.invalidSession }]);
  });

  it('a valid token met while signing in is adopted and admitted', () => {
    const { actor, state } = start(adminToken());
    actor.send({ type: 'LOGIN_STARTED' });
    actor.send({ type: 'ENTER_AREA', role: 'admin' });
    expect(state()).toEqual({ signedIn: 'admin' });
    expect(actor.getSnapshot().context.admittedArea).toBe('admin');
  });
});

describe('session machine: token renewal', () => {
  it('keeps a renewed token for the same role without navigating', () => {
    const { actor, fx, params } = start(employeeToken());
    const fresh = employeeToken({ tv: 2 });
    actor.send({ type: 'TOKEN_RENEWED', token: fresh });
    expect(params(fx.storeToken)).toEqual([{ token: fresh }]);
    expect(actor.getSnapshot().context.token).toBe(fresh);
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('a renewed token for another role ends the session as invalid', () => {
    const { actor, state, fx, params } = start(employeeToken());
    actor.send({ type: 'TOKEN_RENEWED', token: adminToken() });
    expect(state()).toBe('noToken');
    expect(params(fx.alert)).toEqual([{ message: MSG.invalidSession }]);
  });
});

describe('session machine: inactivity (employees only)', () => {
  it('an idle employee is signed out at exactly 10 minutes with the timeout notice', () => {
    const { actor, clock, state, fx, params } = start(employeeToken());
    clock.increment(599_999);
    expect(state()).toEqual({ signedIn: 'employee' });
    clock.increment(1);
    expect(state()).toBe('noToken');
    expect(actor.getSnapshot().context.notice).toBe(MSG.sessionTimedOut);
    expect(fx.alert).not.toHaveBeenCalled();
    signedOut(fx, params);
  });

  it('activity at 9:59 moves the expiry to 19:59', () => {
    const { actor, clock, state } = start(employeeToken());
    clock.increment(599_000);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(599_999);
    expect(state()).toEqual({ signedIn: 'employee' });
    clock.increment(1);
    expect(clock.now()).toBe(1_199_000);
    expect(state()).toBe('noToken');
  });

  it('admins have no inactivity timeout', () => {
    const { actor, clock, state } = start(adminToken({ exp: Math.floor(Date.now() / 1000) + 8 * 3600 }));
    actor.send({ type: 'ACTIVITY' });
    clock.increment(3_600_000);
    expect(state()).toEqual({ signedIn: 'admin' });
  });

  it('the timer starts afresh at each employee sign-in', () => {
    const { actor, clock, state } = start();
    clock.increment(500_000);
    actor.send({ type: 'LOGIN_SUCCEEDED', token: employeeToken() });
    clock.increment(599_999);
    expect(state()).toEqual({ signedIn: 'employee' });
    clock.increment(1);
    expect(state()).toBe('noToken');
  });

  it('an explicit INACTIVITY_TIMEOUT signs the employee out the same way', () => {
    const { actor, fx, params } = start(employeeToken());
    actor.send({ type: 'INACTIVITY_TIMEOUT' });
    expect(actor.getSnapshot().context.notice).toBe(MSG.sessionTimedOut);
    signedOut(fx, params);
  });

  it('logging out stops the timer', () => {
    const { actor, clock, fx } = start(employeeToken());
    actor.send({ type: 'LOGOUT' });
    clock.increment(600_000);
    expect(fx.removeToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

// Another employee's token, as another tab would store it after signing in as them.
const otherEmployeeToken = () => employeeToken({ employeeId: 'EMP0002', user: { id: '3', role: 'employee' } });

describe('session machine: other tabs (storage changes)', () => {
  it('logout in another tab (token removed) signs this tab out too, without touching storage or the server', () => {
    const { actor, state, fx, params } = start(employeeToken());
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: null });
    expect(state()).toBe('noToken');
    expect(fx.resetApi).toHaveBeenCalledTimes(1);
    expect(params(fx.navigate)).toEqual([{ to: '/' }]);
    // The other tab removed the token and revoked it; doing it again here could only do harm.
    expect(fx.removeToken).not.toHaveBeenCalled();
    expect(fx.revokeToken).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ token: null, admittedArea: null, notice: SESSION_COPY.signedOutElsewhere });
  });

  it('a removal after this tab\'s token expired says the session is invalid instead', () => {
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const { actor } = start(adminToken({ exp: Math.floor(now / 1000) + 60 }));
      spy.mockReturnValue(now + 61_000);
      actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: null });
      expect(actor.getSnapshot().context.notice).toBe(MSG.invalidSession);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    ['another employee', otherEmployeeToken()],
    ['the admin', adminToken()],
  ])('%s signing in in another tab signs this tab out with a message and revokes this tab\'s token', (_who, theirs) => {
    const ours = employeeToken();
    const { actor, state, fx, params } = start(ours);
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: theirs });
    expect(state()).toBe('noToken');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, notice: SESSION_COPY.otherAccountSignedIn });
    expect(params(fx.revokeToken)).toEqual([{ token: ours }]);
    // Storage now holds the other tab's session: it must stay.
    expect(fx.removeToken).not.toHaveBeenCalled();
    expect(fx.storeToken).not.toHaveBeenCalled();
    expect(fx.resetApi).toHaveBeenCalledTimes(1);
    expect(params(fx.navigate)).toEqual([{ to: '/' }]);
    expect(fx.alert).not.toHaveBeenCalled();
  });

  it('garbage written over the token in another tab ends the session as invalid', () => {
    const { actor, state, fx } = start(adminToken());
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: garbageToken });
    expect(state()).toBe('noToken');
    expect(actor.getSnapshot().context.notice).toBe(MSG.invalidSession);
    expect(fx.revokeToken).toHaveBeenCalledTimes(1);
    expect(fx.removeToken).not.toHaveBeenCalled();
  });

  it('the same person signing in again (or renewing) in another tab is adopted silently', () => {
    const old = employeeToken();
    const { actor, state, fx, params } = start(old);
    actor.send({ type: 'ENTER_AREA', role: 'employee' });
    const fresh = employeeToken({ tv: 2 });
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: fresh });
    expect(state()).toEqual({ signedIn: 'employee' });
    expect(actor.getSnapshot().context).toMatchObject({ token: fresh, notice: null, admittedArea: 'employee' });
    // No tab holds the old token any more: it is ended on the server, and nothing else happens.
    expect(params(fx.revokeToken)).toEqual([{ token: old }]);
    const { revokeToken: _revoked, ...others } = fx;
    Object.values(others).forEach((fn) => expect(fn).not.toHaveBeenCalled());
  });

  it('an adopted token brings its own expiry', () => {
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const { actor, clock, state } = start(adminToken({ exp: Math.floor(now / 1000) + 60 }));
      actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: adminToken({ exp: Math.floor(now / 1000) + 600 }) });
      clock.increment(60_000);
      expect(state()).toEqual({ signedIn: 'admin' });
      clock.increment(540_000);
      expect(state()).toBe('noToken');
    } finally {
      spy.mockRestore();
    }
  });

  it('its own token written again changes nothing', () => {
    const token = adminToken();
    const { actor, state, fx } = start(token);
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token });
    expect(state()).toEqual({ signedIn: 'admin' });
    Object.values(fx).forEach((fn) => expect(fn).not.toHaveBeenCalled());
  });

  it('a signed-out tab does not follow another tab\'s sign-in: its login form stays', () => {
    const { actor, state, fx } = start();
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: employeeToken() });
    expect(state()).toBe('noToken');
    expect(actor.getSnapshot().context.token).toBeNull();
    Object.values(fx).forEach((fn) => expect(fn).not.toHaveBeenCalled());
  });

  it('a removal elsewhere quietly forgets a stale token this tab still remembered', () => {
    const { actor, state, fx } = start(expiredToken());
    expect(state()).toBe('staleToken');
    actor.send({ type: 'TOKEN_CHANGED_ELSEWHERE', token: null });
    expect(actor.getSnapshot().context.token).toBeNull();
    Object.values(fx).forEach((fn) => expect(fn).not.toHaveBeenCalled());
  });

  it('the injected otherTabs actor runs for the life of the session and its reports move it', () => {
    let report: ((token: string | null) => void) | undefined;
    const stopped = jest.fn();
    const logic = sessionMachine.provide({
      actors: {
        otherTabs: fromCallback(({ sendBack }) => {
          report = (token) => sendBack({ type: 'TOKEN_CHANGED_ELSEWHERE', token });
          return stopped;
        }),
      },
    });
    const actor = createActor(logic, { input: { token: employeeToken() }, clock: new SimulatedClock() }).start();
    // Still listening after a sign-out: the next session in this tab must be followed too.
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'LOGIN_SUCCEEDED', token: employeeToken() });
    report!(otherEmployeeToken());
    expect(actor.getSnapshot().value).toBe('noToken');
    expect(actor.getSnapshot().context.notice).toBe(SESSION_COPY.otherAccountSignedIn);
    expect(stopped).not.toHaveBeenCalled();
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});

describe('session machine: the token\'s expiry', () => {
  // Date.now is pinned so the token's exp and the scheduled delay are exact; the clock is simulated.
  let now: number;
  let spy: jest.SpyInstance;
  beforeEach(() => {
    now = 1_800_000_000_000;
    spy = jest.spyOn(Date, 'now').mockReturnValue(now);
  });
  afterEach(() => spy.mockRestore());
  const expiringIn = (seconds: number, make = adminToken) => make({ exp: now / 1000 + seconds });

  it.each([
    ['admin', adminToken, 'admin'],
    ['employee', employeeToken, 'employee'],
  ] as const)('an %s session ends exactly at exp with the invalid-session notice', (_label, make, role) => {
    const token = expiringIn(90, make);
    const { actor, clock, state, fx, params } = start(token);
    // Keep the employee's inactivity timer from ending the session first.
    clock.increment(60_000);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(29_999);
    expect(state()).toEqual({ signedIn: role });
    clock.increment(1);
    expect(state()).toBe('noToken');
    expect(actor.getSnapshot().context.notice).toBe(MSG.invalidSession);
    expect(params(fx.removeToken)).toEqual([{ token }]);
    expect(fx.resetApi).toHaveBeenCalledTimes(1);
    expect(params(fx.navigate)).toEqual([{ to: '/' }]);
    // The server already refuses an expired token; there is nothing to revoke.
    expect(fx.revokeToken).not.toHaveBeenCalled();
  });

  it('the expiry is scheduled from the token signed in with', () => {
    const { actor, clock, state } = start();
    actor.send({ type: 'LOGIN_SUCCEEDED', token: expiringIn(300) });
    clock.increment(299_999);
    expect(state()).toEqual({ signedIn: 'admin' });
    clock.increment(1);
    expect(state()).toBe('noToken');
  });

  it('a renewal (TOKEN_RENEWED) moves the expiry to the new token\'s', () => {
    const { actor, clock, state } = start(expiringIn(100));
    // From here the wall clock follows the simulated one, as it would in a browser.
    spy.mockImplementation(() => now + clock.now());
    clock.increment(50_000);
    actor.send({ type: 'TOKEN_RENEWED', token: expiringIn(400) });
    clock.increment(300_000);
    expect(state()).toEqual({ signedIn: 'admin' });
    clock.increment(50_000);
    expect(state()).toBe('noToken');
  });

  it('a token without exp is never ended by the timer', () => {
    const { clock, state } = start(fakeToken({ role: 'admin', user: { id: '1', role: 'admin' } }));
    clock.increment(30 * 24 * 3600 * 1000);
    expect(state()).toEqual({ signedIn: 'admin' });
  });

  it('signing out cancels the expiry', () => {
    const { actor, clock, fx } = start(expiringIn(60));
    actor.send({ type: 'LOGOUT' });
    clock.increment(120_000);
    expect(fx.removeToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('session machine: ending the token on the server (revokeToken)', () => {
  it.each([
    ['admin', adminToken()],
    ['employee', employeeToken()],
  ])('LOGOUT as %s revokes the token it drops', (_role, token) => {
    const { actor, fx, params } = start(token);
    actor.send({ type: 'LOGOUT' });
    expect(params(fx.revokeToken)).toEqual([{ token }]);
    // Removed from storage with the same token: only if it is still this tab's.
    expect(params(fx.removeToken)).toEqual([{ token }]);
  });

  it('LOGOUT without a token has nothing to revoke', () => {
    const { actor, fx } = start();
    actor.send({ type: 'LOGOUT' });
    expect(fx.revokeToken).not.toHaveBeenCalled();
  });

  it('the inactivity timeout revokes the employee\'s token', () => {
    const token = employeeToken();
    const { clock, fx, params } = start(token);
    clock.increment(600_000);
    expect(params(fx.revokeToken)).toEqual([{ token }]);
  });

  it('a 401 does not revoke (the server already refuses the token, and it must not loop)', () => {
    const token = employeeToken();
    const { actor, fx } = start(token);
    actor.send({ type: 'UNAUTHORIZED', message: 'Invalid or expired session. Please log in again.', token });
    expect(actor.getSnapshot().value).toBe('noToken');
    expect(fx.revokeToken).not.toHaveBeenCalled();
  });

  it('a late 401 for a token this tab has already replaced ends nothing', () => {
    const old = employeeToken();
    const { actor, state } = start(old);
    actor.send({ type: 'TOKEN_RENEWED', token: employeeToken({ tv: 2 }) });
    actor.send({ type: 'UNAUTHORIZED', message: 'Invalid or expired session. Please log in again.', token: old });
    expect(state()).toEqual({ signedIn: 'employee' });
  });
});

describe('session machine: the login page for a signed-in user', () => {
  it.each([
    ['admin', adminToken(), '/admin'],
    ['employee', employeeToken(), '/employee'],
  ])('a signed-in %s opening / is sent to their dashboard', (_role, token, to) => {
    const { actor, fx, params, state } = start(token);
    const before = state();
    actor.send({ type: 'LOGIN_PAGE_OPENED' });
    expect(params(fx.navigate)).toEqual([{ to }]);
    expect(state()).toEqual(before);
    expect(fx.removeToken).not.toHaveBeenCalled();
  });

  it.each([
    ['no token', null],
    ['a stale token', expiredToken()],
  ])('with %s the login form stays', (_label, token) => {
    const { actor, fx } = start(token);
    actor.send({ type: 'LOGIN_PAGE_OPENED' });
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});
