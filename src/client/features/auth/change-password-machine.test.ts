import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { changePasswordBody } from '../../../shared/schemas/auth';
import {
  changePasswordMachine,
  renewedToken,
  type ChangePasswordRequest,
  type ChangePasswordResult,
} from './change-password-machine';

function start(answer: (req: ChangePasswordRequest) => Promise<ChangePasswordResult>) {
  const fx = { redirect: jest.fn(), renewToken: jest.fn() };
  const calls: ChangePasswordRequest[] = [];
  const logic = changePasswordMachine.provide({
    actions: {
      redirect: fx.redirect,
      // As the page wires it: a fresh token in the answer goes to the session.
      accepted: (_, result) => {
        const token = renewedToken(result);
        if (token) fx.renewToken({ token });
      },
    },
    actors: {
      submit: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  /** Types the three fields, then submits. */
  const submit = (oldPassword: string, newPassword: string, confirmPassword: string) => {
    actor.send({ type: 'CHANGE', field: 'oldPassword', value: oldPassword });
    actor.send({ type: 'CHANGE', field: 'newPassword', value: newPassword });
    actor.send({ type: 'CHANGE', field: 'confirmPassword', value: confirmPassword });
    actor.send({ type: 'SUBMIT' });
  };
  return { actor, clock, fx, calls, settled, submit };
}

const ok = () => Promise.resolve({ msg: 'Password updated successfully' });

describe('change password machine', () => {
  it('requires all three fields (spaces count as typed: a password may hold them)', () => {
    const { actor, calls, submit } = start(ok);
    submit('', 'longenough', 'longenough');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it('checks the match before the length', () => {
    const { actor, calls, submit } = start(ok);
    submit('old', 'short', 'shorter');
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordsDoNotMatch);
    expect(calls).toHaveLength(0);
  });

  it("refuses a new password the server's schema refuses (too long), in the server's words", () => {
    const { actor, calls, submit } = start(ok);
    const long = 'x'.repeat(1025);
    submit('old', long, long);
    expect(actor.getSnapshot().context.error).toBe('New password is too long');
    expect(changePasswordBody.safeParse({ oldPassword: 'old', newPassword: long }).success).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('then checks the minimum length of 8', () => {
    const { actor, calls, submit } = start(ok);
    submit('old', '1234567', '1234567');
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordTooShort);
    submit('old', '12345678', '12345678');
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls).toEqual([{ oldPassword: 'old', newPassword: '12345678' }]);
  });

  it('success shows the server msg for exactly 2 seconds, then redirects', async () => {
    const { actor, clock, fx, settled, submit } = start(ok);
    submit('old-password', 'new-password', 'new-password');
    await settled();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Password updated successfully', error: null });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    clock.increment(1999);
    expect(fx.redirect).not.toHaveBeenCalled();
    clock.increment(1);
    expect(fx.redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(fx.renewToken).not.toHaveBeenCalled();
  });

  it('hands a returned token to the session', async () => {
    const { fx, settled, submit } = start(() => Promise.resolve({ msg: 'ok', token: 'fresh.token.sig' }));
    submit('old-password', 'new-password', 'new-password');
    await settled();
    expect(fx.renewToken.mock.calls).toEqual([[{ token: 'fresh.token.sig' }]]);
  });

  it('a failed call shows the server msg and allows another try', async () => {
    const { actor, fx, settled, submit } = start(() => Promise.reject({ status: 400, data: { msg: 'Old password is incorrect' } }));
    submit('wrong', 'new-password', 'new-password');
    await settled();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Old password is incorrect', values: { oldPassword: 'wrong' } });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
    expect(fx.redirect).not.toHaveBeenCalled();
  });

  it('a failed call without a msg uses the fallback', async () => {
    const { actor, settled, submit } = start(() => Promise.reject({ status: 500, data: '' }));
    submit('old', 'new-password', 'new-password');
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.changePassword);
  });
});
