import { createActor, fromPromise, waitFor } from 'xstate';
import { ACCOUNT_MSG, SERVER_MSG } from '../../../shared/messages';
import { MSG } from '../../copy';
import type { ChangePasswordRequest, ChangePasswordResult } from './change-password-machine';
import { OWN_PASSWORD_MSG, ownPasswordMachine, type OwnPasswordValues } from './own-password-machine';

function start(answer: (req: ChangePasswordRequest) => Promise<ChangePasswordResult>) {
  const calls: ChangePasswordRequest[] = [];
  const accepted: ChangePasswordResult[] = [];
  const actor = createActor(
    ownPasswordMachine.provide({
      actors: {
        submit: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
      actions: { accepted: (_, r) => accepted.push(r) },
    }),
  ).start();
  const fill = (v: Partial<OwnPasswordValues>) => Object.entries(v).forEach(([field, value]) => actor.send({ type: 'CHANGE', field: field as keyof OwnPasswordValues, value: value! }));
  const submit = async () => {
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
    return actor.getSnapshot().context;
  };
  return { actor, calls, accepted, fill, submit };
}

const refuse = (msg: string) => () => Promise.reject({ status: 400, data: { msg } });

describe('own password machine', () => {
  it('names every empty field at once and sends nothing', async () => {
    const { calls, submit } = start(() => Promise.resolve({ msg: 'ok' }));
    expect((await submit()).fieldErrors).toEqual({
      oldPassword: OWN_PASSWORD_MSG.currentRequired,
      newPassword: OWN_PASSWORD_MSG.newRequired,
      confirmPassword: OWN_PASSWORD_MSG.confirmRequired,
    });
    expect(calls).toHaveLength(0);
  });

  it('puts the length rule at the new password and the mismatch at the confirmation', async () => {
    const { fill, submit, actor } = start(() => Promise.resolve({ msg: 'ok' }));
    fill({ oldPassword: 'old-one', newPassword: 'short', confirmPassword: 'shirt' });
    expect((await submit()).fieldErrors).toEqual({ newPassword: 'New password must be at least 8 characters long', confirmPassword: MSG.passwordsDoNotMatch });
    // Editing a field clears its own message only.
    actor.send({ type: 'CHANGE', field: 'newPassword', value: 'long-enough-now' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmPassword: MSG.passwordsDoNotMatch });
  });

  it.each([
    [SERVER_MSG.wrongOldPassword, 'oldPassword'],
    [ACCOUNT_MSG.weakPassword, 'newPassword'],
    [ACCOUNT_MSG.samePassword, 'newPassword'],
  ])('puts the refusal "%s" at %s, keeping what was typed', async (msg, field) => {
    const { fill, submit } = start(refuse(msg));
    fill({ oldPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' });
    const ctx = await submit();
    expect(ctx.fieldErrors).toEqual({ [field]: msg });
    expect(ctx.formError).toBeNull();
    expect(ctx.values.newPassword).toBe('new-password-1');
  });

  it('shows other failures above the form', async () => {
    const { fill, submit } = start(() => Promise.reject({ status: 429, data: { msg: 'Too many attempts. Try again in 15 minutes.' } }));
    fill({ oldPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' });
    expect(await submit()).toMatchObject({ fieldErrors: {}, formError: 'Too many attempts. Try again in 15 minutes.' });
  });

  it('sends the two passwords, clears the form, shows the msg and hands on the fresh token', async () => {
    const { fill, submit, calls, accepted } = start(() => Promise.resolve({ msg: 'Password updated successfully', token: 'fresh' }));
    fill({ oldPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' });
    expect(await submit()).toMatchObject({ values: { oldPassword: '', newPassword: '', confirmPassword: '' }, fieldErrors: {}, formError: null, message: 'Password updated successfully' });
    expect(calls).toEqual([{ oldPassword: 'old-password', newPassword: 'new-password-1' }]);
    expect(accepted).toEqual([{ msg: 'Password updated successfully', token: 'fresh' }]);
  });
});
