import { createActor, SimulatedClock } from 'xstate';
import { MSG } from '../../../shared/messages';
import { adminToken, employeeToken, expiredToken, fakeToken, garbageToken } from '../../test/tokens';
import { sessionMachine } from './session-machine';

function start(token: string | null = null) {
  const fx = {
    storeToken: jest.fn(),
    removeToken: jest.fn(),
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

describe('session machine: dashboard entry (spec section 5)', () => {
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
    const { actor, clock, state } = start(adminToken());
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
