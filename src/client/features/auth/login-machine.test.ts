import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { asksPassword, loginMachine, type LoginRequest, type LoginResult } from './login-machine';

function start(answer: (req: LoginRequest) => Promise<LoginResult>, emailOnly = false) {
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
  const actor = createActor(logic, { clock: new SimulatedClock(), input: { emailOnly } }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  return { actor, fx, calls, settled };
}

const rejectWith = (error: unknown) => () => Promise.reject(error);

/** Types the email and password, then submits. */
function submit(actor: ReturnType<typeof start>['actor'], email: string, password: string) {
  actor.send({ type: 'CHANGE', field: 'email', value: email });
  actor.send({ type: 'CHANGE', field: 'password', value: password });
  actor.send({ type: 'SUBMIT' });
}

describe('login machine', () => {
  it('starts on the Admin tab; switching tabs clears the error', async () => {
    const { actor, settled } = start(rejectWith({ status: 500, data: {} }));
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'admin', error: null });
    submit(actor, 'a@x.io', 'pw');
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.adminLogin);
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'employee', error: null });
  });

  it('submits the chosen role with the credentials and tells the session it started', async () => {
    const { actor, fx, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    submit(actor, 'e@x.io', 'secret');
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fx.notifyStarted).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(calls).toEqual([{ role: 'employee', email: 'e@x.io', password: 'secret' }]);
  });

  it('sends the email trimmed; in email-only mode the Employee tab sends no password, the Admin tab still does', async () => {
    const { actor, calls } = start(() => new Promise(() => {}), true);
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    expect(asksPassword(actor.getSnapshot().context)).toBe(false);
    submit(actor, ' e@x.io ', 'typed-anyway');
    await Promise.resolve();
    const admin = start(() => new Promise(() => {}), true);
    submit(admin.actor, 'a@x.io', 'pw');
    await Promise.resolve();
    expect([...calls, ...admin.calls]).toEqual([
      { role: 'employee', email: 'e@x.io', password: undefined },
      { role: 'admin', email: 'a@x.io', password: 'pw' },
    ]);
  });

  it('ignores tab switches and double submits while submitting', () => {
    const { actor, calls } = start(() => new Promise(() => {}));
    submit(actor, 'a@x.io', 'pw');
    actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    submit(actor, 'a@x.io', 'pw');
    expect(actor.getSnapshot().context.tab).toBe('admin');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['admin', { token: 't.a.b', email: 'a@x.io', role: 'admin' }],
    ['employee', { token: 't.e.b', email: 'e@x.io', role: 'employee' }],
  ] as const)('%s success hands the token to the session', async (tab, result) => {
    const { actor, fx, settled } = start(() => Promise.resolve(result));
    actor.send({ type: 'SELECT_TAB', tab });
    submit(actor, result.email, 'pw');
    await settled();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(fx.signIn.mock.calls.map((c) => c[1])).toEqual([{ token: result.token }]);
    expect(fx.rejectToken).not.toHaveBeenCalled();
  });

  it('a response without a role: "Role not provided by server", token removed', async () => {
    const { actor, fx, settled } = start(() => Promise.resolve({ token: 't', email: 'a@x.io' }));
    submit(actor, 'a@x.io', 'pw');
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
    submit(actor, 'x@x.io', 'pw');
    await settled();
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(fx.rejectToken).toHaveBeenCalledTimes(1);
    expect(fx.signIn).not.toHaveBeenCalled();
  });

  it('a role but no token fails with the fallback', async () => {
    const { actor, fx, settled } = start(() => Promise.resolve({ email: 'a@x.io', role: 'admin' }));
    submit(actor, 'a@x.io', 'pw');
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.adminLogin);
    expect(fx.notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('shows the server msg of a failed call', async () => {
    const { actor, fx, settled } = start(rejectWith({ status: 401, data: { msg: 'Invalid email or password' } }));
    submit(actor, 'a@x.io', 'bad');
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password');
    expect(fx.notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('falls back to the error message, then to the tab fallback', async () => {
    const timeout = start(rejectWith({ status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' }));
    submit(timeout.actor, 'a@x.io', 'pw');
    await timeout.settled();
    expect(timeout.actor.getSnapshot().context.error).toBe(MSG.requestTimedOut);

    const thrown = start(rejectWith(new Error('boom')));
    submit(thrown.actor, 'a@x.io', 'pw');
    await thrown.settled();
    expect(thrown.actor.getSnapshot().context.error).toBe('boom');

    const bare = start(rejectWith({ status: 500, data: null }));
    bare.actor.send({ type: 'SELECT_TAB', tab: 'employee' });
    bare.actor.send({ type: 'CHANGE', field: 'email', value: 'e@x.io' });
    bare.actor.send({ type: 'SUBMIT' });
    await bare.settled();
    expect(bare.actor.getSnapshot().context.error).toBe(FALLBACK.employeeLogin);
  });

  it('can submit again after an error', async () => {
    let attempt = 0;
    const { actor, settled } = start(() =>
      ++attempt === 1 ? Promise.reject({ status: 401, data: { msg: 'nope' } }) : Promise.resolve({ token: 't', role: 'admin' }),
    );
    submit(actor, 'a@x.io', 'bad');
    await settled();
    submit(actor, 'a@x.io', 'good');
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
