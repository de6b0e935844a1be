import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { loginMachine, type LoginRequest, type LoginResult } from './login-machine';

function start(answer: (req: LoginRequest) => Promise<LoginResult>) {
  const fx = { notifyStarted: jest.fn(), notifyFailed: jest.fn(), rejectToken: jest.fn(), signIn: jest.fn() };
  const calls: LoginRequest[] = [];
  const logic = loginMachine.provide({
    actions: fx,
    actors: {
      login: fromPromise<LoginResult, LoginRequest>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  return { actor, fx, calls, settled };
}

const rejectWith = (error: unknown) => () => Promise.reject(error);

describe('login machine', () => {
  it('starts on the Admin tab; switching tabs clears the error', async () => {
    const { actor, settled } = start(rejectWith({ status: 500, data: {} }));
    expect(actor.getSnapshot().context).toEqual({ tab: 'admin', error: null });
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.adminLogin);
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    expect(actor.getSnapshot().context).toEqual({ tab: 'employee', error: null });
  });

  it('submits the chosen role with the credentials and tells the session it started', async () => {
    const { actor, fx, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    actor.send({ type: 'SUBMIT', email: 'e@x.io', password: 'secret' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fx.notifyStarted).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(calls).toEqual([{ role: 'employee', email: 'e@x.io', password: 'secret' }]);
  });

  it('ignores tab switches and double submits while submitting', () => {
    const { actor, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    expect(actor.getSnapshot().context.tab).toBe('admin');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['admin', { token: 't.a.b', email: 'a@x.io', role: 'admin' }],
    ['employee', { token: 't.e.b', email: 'e@x.io', role: 'employee' }],
  ] as const)('%s success hands the token to the session', async (tab, result) => {
    const { actor, fx, settled } = start(() => Promise.resolve(result));
    actor.send({ type: 'SELECT_TAB', tab });
    actor.send({ type: 'SUBMIT', email: result.email, password: 'pw' });
    await settled();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(fx.signIn.mock.calls.map((c) => c[1])).toEqual([{ token: result.token }]);
    expect(fx.rejectToken).not.toHaveBeenCalled();
  });

  it('a response without a role: "Role not provided by server", token removed', async () => {
    const { actor, fx, settled } = start(() => Promise.resolve({ token: 't', email: 'a@x.io' }));
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(MSG.roleNotProvided);
    expect(fx.rejectToken).toHaveBeenCalledTimes(1);
    expect(fx.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['admin', 'employee', MSG.invalidAdminRole],
    ['employee', 'admin', MSG.invalidEmployeeRole],
  ] as const)('%s login answered with role %s: the spec message, token removed', async (tab, role, message) => {
    const { actor, fx, settled } = start(() => Promise.resolve({ token: 't', email: 'x@x.io', role }));
    actor.send({ type: 'SELECT_TAB', tab });
    actor.send({ type: 'SUBMIT', email: 'x@x.io', password: 'pw' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(fx.rejectToken).toHaveBeenCalledTimes(1);
    expect(fx.signIn).not.toHaveBeenCalled();
  });

  it('a role but no token fails with the fallback', async () => {
    const { actor, fx, settled } = start(() => Promise.resolve({ email: 'a@x.io', role: 'admin' }));
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.adminLogin);
    expect(fx.notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('shows the server msg of a failed call', async () => {
    const { actor, fx, settled } = start(rejectWith({ status: 401, data: { msg: 'Invalid email or password' } }));
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'bad' });
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password');
    expect(fx.notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('falls back to the error message, then to the tab fallback', async () => {
    const timeout = start(rejectWith({ status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' }));
    timeout.actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    await timeout.settled();
    expect(timeout.actor.getSnapshot().context.error).toBe(MSG.requestTimedOut);

    const thrown = start(rejectWith(new Error('boom')));
    thrown.actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'pw' });
    await thrown.settled();
    expect(thrown.actor.getSnapshot().context.error).toBe('boom');

    const bare = start(rejectWith({ status: 500, data: null }));
    bare.actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    bare.actor.send({ type: 'SUBMIT', email: 'e@x.io' });
    await bare.settled();
    expect(bare.actor.getSnapshot().context.error).toBe(FALLBACK.employeeLogin);
  });

  it('can submit again after an error', async () => {
    let attempt = 0;
    const { actor, settled } = start(() =>
      ++attempt === 1 ? Promise.reject({ status: 401, data: { msg: 'nope' } }) : Promise.resolve({ token: 't', role: 'admin' }),
    );
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'bad' });
    await settled();
    actor.send({ type: 'SUBMIT', email: 'a@x.io', password: 'good' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
