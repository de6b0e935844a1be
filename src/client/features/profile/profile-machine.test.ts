import { createActor, fromPromise, waitFor } from 'xstate';
import type { Employee, EmployeeUpdated } from '../../../shared/schemas/employee';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { UpdateProfileRequest } from './profile-api';
import { pendingEmailOf, profileInput, profileMachine, type ProfileValues } from './profile-machine';

const ME: Employee = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 90000, joiningDate: '2024-04-01' };

function start({ token = true, answer = () => Promise.resolve({ msg: 'Employee updated successfully' }) as Promise<EmployeeUpdated> } = {}) {
  const fx = { notify: jest.fn(), leave: jest.fn() };
  const state = { token };
  const calls: UpdateProfileRequest[] = [];
  const logic = profileMachine.provide({
    actions: { notify: (_, result) => fx.notify(result), leave: fx.leave },
    guards: { allowed: () => state.token },
    actors: {
      submit: fromPromise<EmployeeUpdated, UpdateProfileRequest>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(logic, { input: profileInput(ME) }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  /** Types the given fields over the record's, then submits. */
  const submit = (values: Partial<ProfileValues> = {}) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as keyof ProfileValues, value });
    actor.send({ type: 'SUBMIT' });
  };
  return { actor, fx, state, calls, settled, submit };
}

describe('profile machine', () => {
  it('starts from the own record', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Asha Rao', email: 'asha@example.com', currentPassword: '' });
  });

  it("without a token: alerts 'Please login first' and leaves", () => {
    const { actor, fx } = start({ token: false });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'error', message: MSG.pleaseLogin }]]);
    expect(fx.leave).toHaveBeenCalledTimes(1);
  });

  it('a token that vanished before Update Profile is treated the same', () => {
    const { fx, state, calls, submit } = start();
    state.token = false;
    submit();
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'error', message: MSG.pleaseLogin }]]);
    expect(fx.leave).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it('requires name and email', () => {
    const { actor, calls, submit } = start();
    submit({ name: 'Asha', email: ' ' });
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    submit({ name: '', email: 'a@b.c' });
    expect(calls).toHaveLength(0);
  });

  it("sends only the record id, name and email; alerts 'Profile updated successfully' and keeps what was saved", async () => {
    const { actor, fx, calls, settled, submit } = start();
    submit({ name: 'Asha R. Rao' });
    await settled();
    expect(calls).toEqual([{ id: '2', name: 'Asha R. Rao', email: 'asha@example.com' }]);
    expect(fx.notify.mock.calls).toEqual([[{ tone: 'success', message: MSG.profileUpdated }]]);
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Asha R. Rao', email: 'asha@example.com', currentPassword: '' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
    expect(pendingEmailOf(actor.getSnapshot().context.result)).toBeNull();
  });

  it('a new email waiting for confirmation is kept from the answer, also through a later failure', async () => {
    let answer = () => Promise.resolve({ msg: 'ok', pendingEmail: 'asha.new@example.com' }) as Promise<EmployeeUpdated>;
    const { actor, settled, submit } = start({ answer: () => answer() });
    submit({ email: 'asha.new@example.com' });
    await settled();
    expect(pendingEmailOf(actor.getSnapshot().context.result)).toBe('asha.new@example.com');
    answer = () => Promise.reject({ status: 500 });
    submit({ name: 'Asha R.' });
    await settled();
    expect(pendingEmailOf(actor.getSnapshot().context.result)).toBe('asha.new@example.com');
  });

  it("a failure alerts 'Error updating profile: ' + msg, or the fallback", async () => {
    const first = start({ answer: () => Promise.reject({ status: 409, data: { msg: 'An account with the email b@c.d already exists' } }) });
    first.submit();
    await first.settled();
    expect(first.fx.notify.mock.calls).toEqual([[{ tone: 'error', message: `${PREFIX.updateProfile}An account with the email b@c.d already exists` }]]);

    const second = start({ answer: () => Promise.reject({ status: 500 }) });
    second.submit();
    await second.settled();
    expect(second.fx.notify.mock.calls).toEqual([[{ tone: 'error', message: PREFIX.updateProfile + FALLBACK.server }]]);
  });
});
