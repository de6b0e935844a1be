import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { changePasswordBody } from '../../../shared/schemas/auth';
import {
  changePasswordMachine,
  type ChangePasswordRequest,
  type ChangePasswordResult,
} from './change-password-machine';

function start(answer: (req: ChangePasswordRequest) => Promise<ChangePasswordResult>) {
  const fx = { redirect: jest.fn(), renewToken: jest.fn() };
  const calls: ChangePasswordRequest[] = [];
  const logic = changePasswordMachine.provide({
    actions: fx,
    actors: {
      changePassword: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  return { actor, clock, fx, calls, settled };
}

const ok = () => Promise.resolve({ msg: 'Password updated successfully' });
const submit = (oldPassword: string, newPassword: string, confirmPassword: string) =>
  ({ type: 'SUBMIT', oldPassword, newPassword, confirmPassword }) as const;

describe('change password machine', () => {
  it('requires all three fields', () => {
    const { actor, calls } = start(ok);
    actor.send(submit('', 'longenough', 'longenough'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it('checks the match before the length', () => {
    const { actor, calls } = start(ok);
    actor.send(submit('old', 'short', 'shorter'));
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordsDoNotMatch);
    expect(calls).toHaveLength(0);
  });

  it("refuses a new password the server's schema refuses (too long), in the server's words", () => {
    const { actor, calls } = start(ok);
    const long = 'x'.repeat(1025);
    actor.send(submit('old', long, long));
    expect(actor.getSnapshot().context.error).toBe('New password is too long');
    expect(changePasswordBody.safeParse({ oldPassword: 'old', newPassword: long }).success).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('then checks the minimum length of 8', () => {
    const { actor, calls } = start(ok);
    actor.send(submit('old', '1234567', '1234567'));
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordTooShort);
    actor.send(submit('old', '12345678', '12345678'));
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls).toEqual([{ oldPassword: 'old', newPassword: '12345678' }]);
  });

  it('success shows the server msg for exactly 2 seconds, then redirects', async () => {
    const { actor, clock, fx, settled } = start(ok);
    actor.send(submit('old-password', 'new-password', 'new-password'));
    await settled();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Password updated successfully', draft: null });
    clock.increment(1999);
    expect(fx.redirect).not.toHaveBeenCalled();
    clock.increment(1);
    expect(fx.redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(fx.renewToken).not.toHaveBeenCalled();
  });

  it('hands a returned token to the session', async () => {
    const { actor, fx, settled } = start(() => Promise.resolve({ msg: 'ok', token: 'fresh.token.sig' }));
    actor.send(submit('old-password', 'new-password', 'new-password'));
    await settled();
    expect(fx.renewToken.mock.calls.map((c) => c[1])).toEqual([{ token: 'fresh.token.sig' }]);
  });

  it('a failed call shows the server msg and allows another try', async () => {
    const { actor, fx, settled } = start(() => Promise.reject({ status: 400, data: { msg: 'Old password is incorrect' } }));
    actor.send(submit('wrong', 'new-password', 'new-password'));
    await settled();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Old password is incorrect', draft: null });
    expect(fx.redirect).not.toHaveBeenCalled();
  });

  it('a failed call without a msg uses the fallback', async () => {
    const { actor, settled } = start(() => Promise.reject({ status: 500, data: '' }));
    actor.send(submit('old', 'new-password', 'new-password'));
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.changePassword);
  });
});
