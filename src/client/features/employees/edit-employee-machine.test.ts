import { createActor, fromPromise, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { EmployeeFormValues } from './add-employee-machine';
import { editEmployeeMachine } from './edit-employee-machine';
import type { UpdateEmployeeRequest } from './employees-api';

function start(answer: () => Promise<{ msg?: string }>) {
  const fx = { notify: jest.fn(), redirect: jest.fn() };
  const calls: UpdateEmployeeRequest[] = [];
  const logic = editEmployeeMachine.provide({
    actions: { notify: (_, result) => fx.notify(result), redirect: fx.redirect },
    actors: {
      updateEmployee: fromPromise<{ msg?: string }, UpdateEmployeeRequest>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(logic, { input: { id: '7' } }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('saving'), { timeout: 15_000 });
  return { actor, fx, calls, settled };
}

const VALUES: EmployeeFormValues = { name: 'Asha Rao', email: 'asha@example.com', position: 'Lead', salary: '150000.25' };

describe('edit employee machine', () => {
  it('requires all four fields', () => {
    const { actor, calls } = start(() => Promise.resolve({ msg: 'ok' }));
    actor.send({ type: 'SUBMIT', values: { ...VALUES, position: ' ' } });
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['1.234', 'salary can have at most 2 decimals'],
    ['1e12', 'salary is too large'],
  ])('refuses the salary %s as the server would, and sends nothing', (salary, message) => {
    const { actor, calls } = start(() => Promise.resolve({ msg: 'ok' }));
    actor.send({ type: 'SUBMIT', values: { ...VALUES, salary } });
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(calls).toHaveLength(0);
  });

  it('sends all four fields with a numeric salary, shows the server msg (a success toast), then goes to the list', async () => {
    const { actor, fx, calls, settled } = start(() => Promise.resolve({ msg: 'Employee updated successfully' }));
    actor.send({ type: 'SUBMIT', values: VALUES });
    await settled();
    expect(calls).toEqual([{ id: '7', name: 'Asha Rao', email: 'asha@example.com', position: 'Lead', salary: 150000.25 }]);
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'success', message: 'Employee updated successfully' });
    expect(fx.redirect).toHaveBeenCalledTimes(1);
    expect(fx.notify.mock.invocationCallOrder[0]).toBeLessThan(fx.redirect.mock.invocationCallOrder[0]!);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("a failure shows 'Error updating employee: ' + msg (an error toast) and stays on the form", async () => {
    const { actor, fx, settled } = start(() => Promise.reject({ status: 409, data: { msg: 'An account with the email x@y.z already exists' } }));
    actor.send({ type: 'SUBMIT', values: VALUES });
    await settled();
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'error', message: `${PREFIX.updateEmployee}An account with the email x@y.z already exists` });
    expect(fx.redirect).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a failure without a msg uses the generic fallback', async () => {
    const { actor, fx, settled } = start(() => Promise.reject({ status: 500 }));
    actor.send({ type: 'SUBMIT', values: VALUES });
    await settled();
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'error', message: PREFIX.updateEmployee + FALLBACK.server });
  });
});
