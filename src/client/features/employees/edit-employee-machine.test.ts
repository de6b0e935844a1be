import { createActor, fromPromise, waitFor } from 'xstate';
import { rosterEmployee } from '../../test/fixtures';
import { NO_DETAILS } from '../../test/fixtures';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { EmployeeFormValues } from './add-employee-machine';
import { editEmployeeInput, editEmployeeMachine, type EditEmployeeCall, type EditEmployeeValues } from './edit-employee-machine';
import { fieldMarkText, opensWithApiName } from '../../flows/field-mark-text';

function start(answer: () => Promise<{ msg?: string }>, record: Parameters<typeof editEmployeeInput>[0] = RECORD) {
  const fx = { notify: jest.fn(), redirect: jest.fn() };
  const calls: EditEmployeeCall[] = [];
  const logic = editEmployeeMachine.provide({
    actions: { notify: (_, result) => fx.notify(result), redirect: fx.redirect },
    actors: {
      submit: fromPromise<{ msg?: string }, EditEmployeeCall>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(logic, { input: editEmployeeInput(record) }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  /** Types `values` over the record's, then submits. */
  const submit = (values: Partial<EditEmployeeValues>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as keyof EditEmployeeValues, value });
    actor.send({ type: 'SUBMIT' });
  };
  return { actor, fx, calls, settled, submit };
}

const RECORD = rosterEmployee(7, { name: 'Asha Rao', email: 'asha@example.com', salary: 120000.5 });
const VALUES: EmployeeFormValues = { name: 'Asha Rao', email: 'asha@example.com', position: 'Lead', salary: '150000.25', managerId: '', devicePin: '' };

describe('edit employee machine', () => {
  it('starts from the record, the salary as the input holds it', () => {
    const { actor } = start(() => Promise.resolve({ msg: 'ok' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: '120000.5' });
    // A record without statutory details: every one of them blank.
    expect(actor.getSnapshot().context.values).toMatchObject({ pan: '', stateOfWork: '', bankAccount: '' });
  });

  it('hands the call the statutory details as typed and as loaded (withStatutory sends what changed)', async () => {
    const record = { ...RECORD, statutory: { ...NO_DETAILS, stateOfWork: 'MH', pan: 'ABCDE1234F' } };
    const { calls, settled, submit } = start(() => Promise.resolve({ msg: 'ok' }), record);
    submit({ uan: '100123456789' });
    await settled();
    const [call] = calls;
    expect(call!.statutoryForm.initial).toMatchObject({ stateOfWork: 'MH', pan: 'ABCDE1234F', uan: '' });
    expect(call!.statutoryForm.values).toMatchObject({ stateOfWork: 'MH', pan: 'ABCDE1234F', uan: '100123456789' });
  });

  it('sends the manager only when it changed: the new _id, or null when cleared', async () => {
    const unchanged = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, managerId: '3' });
    unchanged.submit({ name: 'Asha R' });
    await unchanged.settled();
    expect(unchanged.calls[0]).not.toHaveProperty('managerId');
    const moved = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, managerId: '3' });
    moved.submit({ managerId: '4' });
    await moved.settled();
    expect(moved.calls[0]).toMatchObject({ managerId: '4' });
    const cleared = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, managerId: '3' });
    cleared.submit({ managerId: '' });
    await cleared.settled();
    expect(cleared.calls[0]).toMatchObject({ managerId: null });
  });

  it('sends the device PIN only when it changed: the new PIN, or null when emptied', async () => {
    const unchanged = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, devicePin: '42' });
    unchanged.submit({ name: 'Asha R' });
    await unchanged.settled();
    expect(unchanged.calls[0]).not.toHaveProperty('devicePin');
    const moved = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, devicePin: '42' });
    moved.submit({ devicePin: ' 4201 ' });
    await moved.settled();
    expect(moved.calls[0]).toMatchObject({ devicePin: '4201' });
    const cleared = start(() => Promise.resolve({ msg: 'ok' }), { ...RECORD, devicePin: '42' });
    cleared.submit({ devicePin: '' });
    await cleared.settled();
    expect(cleared.calls[0]).toMatchObject({ devicePin: null });
  });

  it('requires all four fields', () => {
    const { actor, calls, submit } = start(() => Promise.resolve({ msg: 'ok' }));
    submit({ ...VALUES, position: ' ' });
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['1.234', 'salary can have at most 2 decimals'],
    ['1e12', 'salary is too large'],
  ])('refuses the salary %s as the server would (less its API name), and sends nothing', (salary, message) => {
    const { actor, calls, submit } = start(() => Promise.resolve({ msg: 'ok' }));
    submit({ ...VALUES, salary });
    // A message that opens with the API's name is said under Salary without it; the line above counts the marks.
    const { error, fieldErrors } = actor.getSnapshot().context;
    expect(error).toBe(opensWithApiName(message) ? 'Fix the marked field below.' : message);
    if (opensWithApiName(message)) expect(fieldErrors.salary).toBe(fieldMarkText(message));
    expect(calls).toHaveLength(0);
  });

  it('sends all four fields with a numeric salary, shows the server msg (a success toast), then goes to the list', async () => {
    const { actor, fx, calls, settled, submit } = start(() => Promise.resolve({ msg: 'Employee updated successfully' }));
    submit(VALUES);
    await settled();
    expect(calls).toEqual([
      { id: '7', name: 'Asha Rao', email: 'asha@example.com', position: 'Lead', salary: 150000.25, statutoryForm: expect.any(Object) },
    ]);
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'success', message: 'Employee updated successfully' });
    expect(fx.redirect).toHaveBeenCalledTimes(1);
    expect(fx.notify.mock.invocationCallOrder[0]).toBeLessThan(fx.redirect.mock.invocationCallOrder[0]!);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("a failure shows 'Error updating employee: ' + msg (an error toast) and stays on the form", async () => {
    const { actor, fx, settled, submit } = start(() => Promise.reject({ status: 409, data: { msg: 'An account with the email x@y.z already exists' } }));
    submit(VALUES);
    await settled();
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'error', message: `${PREFIX.updateEmployee}An account with the email x@y.z already exists` });
    expect(fx.redirect).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, values: VALUES });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  it('a failure without a msg uses the generic fallback', async () => {
    const { fx, settled, submit } = start(() => Promise.reject({ status: 500 }));
    submit(VALUES);
    await settled();
    expect(fx.notify).toHaveBeenCalledWith({ tone: 'error', message: PREFIX.updateEmployee + FALLBACK.server });
  });
});
