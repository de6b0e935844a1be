import { createActor, fromPromise, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { UpdateProfileRequest } from './profile-api';
import { profileMachine } from './profile-machine';

function start({ token = true, answer = () => Promise.resolve({ msg: 'Employee updated successfully' }) as Promise<unknown> } = {}) {
  const fx = { notify: jest.fn(), leave: jest.fn() };
  const state = { token };
  const calls: UpdateProfileRequest[] = [];
  const logic = profileMachine.provide({
    actions: { notify: (_, result) => fx.notify(result), leave: fx.leave },
    guards: { hasToken: () => state.token },
    actors: {
      updateProfile: fromPromise<unknown, UpdateProfileRequest>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(logic).start();
  const settled = () => waitFor(actor, (s) => !s.matches('saving'), { timeout: 15_000 });
  return { actor, fx, state, calls, settled };
}

const submit = (name = 'Asha Rao', email = 'asha@example.com') => ({ type: 'SUBMIT', id: '2', name, email }) as const;

describe('profile machine', () => {
  it("without a token: alerts 'Please login first' and leaves", () => {
    const { actor, fx } = start({ token: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'error', message: MSG.pleaseLogin }]]);
    expect(fx.leave).toHaveBeenCalledTimes(1);
  });

  it('a token that vanished before Update Profile is treated the same', () => {
    const { actor, fx, state, calls } = start();
    state.token = false;
    actor.send(submit());
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'error', message: MSG.pleaseLogin }]]);
    expect(fx.leave).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it('requires name and email', () => {
    const { actor, calls } = start();
    actor.send(submit('Asha', ' '));
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    actor.send(submit('', 'a@b.c'));
    expect(calls).toHaveLength(0);
  });

  it("sends only the record id, name and email; alerts 'Profile updated successfully'", async () => {
    const { actor, fx, calls, settled } = start();
    actor.send(submit());
    await settled();
    expect(calls).toEqual([{ id: '2', name: 'Asha Rao', email: 'asha@example.com' }]);
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'success', message: MSG.profileUpdated }]]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it("a failure alerts 'Error updating profile: ' + msg, or the fallback", async () => {
    const first = start({ answer: () => Promise.reject({ status: 409, data: { msg: 'An account with the email b@c.d already exists' } }) });
    first.actor.send(submit());
    await first.settled();
    expect(first.fx.notify.mock.calls).toEqual([[{ tone: 'error', message: `${PREFIX.updateProfile}An account with the email b@c.d already exists` }]]);

    const second = start({ answer: () => Promise.reject({ status: 500 }) });
    second.actor.send(submit());
    await second.settled();
    expect(second.fx.notify.mock.calls).toEqual([[{ tone: 'error', message: PREFIX.updateProfile + FALLBACK.server }]]);
  });
});
