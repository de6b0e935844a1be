import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { REDIRECT_DELAY_MS } from '../../../shared/constants';
import { EMPLOYEE_UI, FALLBACK, MSG } from '../../copy';
import { employeeCreateBody, type EmployeeCreate } from '../../../shared/schemas/employee';
import type { SubmitResult } from '../../flows/form-submit-machine';
import { addEmployeeMachine, employeeFormProblem, EMPTY_EMPLOYEE_FORM, toEmployeeCreate, type EmployeeFormValues } from './add-employee-machine';
import { fieldMarkText, opensWithApiName } from '../../flows/field-mark-text';

function start(answer: (req: EmployeeCreate) => Promise<SubmitResult>) {
  const redirect = jest.fn();
  const calls: EmployeeCreate[] = [];
  const logic = addEmployeeMachine.provide({
    actions: { redirect },
    actors: {
      submit: fromPromise<SubmitResult, EmployeeCreate>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock }).start();
  const fill = (values: EmployeeFormValues) =>
    (Object.keys(values) as (keyof EmployeeFormValues)[]).forEach((field) =>
      actor.send({ type: 'CHANGE', field, value: values[field] }),
    );
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  return { actor, clock, redirect, calls, fill, settled };
}

const ASHA: EmployeeFormValues = { name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: '123456.50', managerId: '', devicePin: '' };
const ok = () => Promise.resolve({ msg: 'Employee added successfully' });

describe('add employee machine', () => {
  it('keeps what is typed in its context', () => {
    const { actor, fill } = start(ok);
    fill(ASHA);
    expect(actor.getSnapshot().context.values).toEqual(ASHA);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it.each(['name', 'email', 'position', 'salary'] as const)('requires %s (blank or spaces) and calls nothing', (field) => {
    const { actor, fill, calls } = start(ok);
    fill({ ...ASHA, [field]: '  ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it('refuses a salary that is not a number', () => {
    const { actor, fill, calls } = start(ok);
    fill({ ...ASHA, salary: 'lots' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(EMPLOYEE_UI.salaryNotNumber);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['1.234', 'salary can have at most 2 decimals'],
    ['1e12', 'salary is too large'],
    ['100000000.01', 'salary is too large'],
    ['-1', 'salary must be 0 or more'],
    ['Infinity', EMPLOYEE_UI.salaryNotNumber],
  ])('refuses the salary %s before sending, in the words the server would answer (less its API name)', (salary, message) => {
    const { actor, fill, calls } = start(ok);
    fill({ ...ASHA, salary });
    actor.send({ type: 'SUBMIT' });
    // A message that opens with the API's name is said under Salary without it; the line above counts the marks.
    const { error, fieldErrors } = actor.getSnapshot().context;
    expect(error).toBe(opensWithApiName(message) ? 'Fix the marked field below.' : message);
    if (opensWithApiName(message)) expect(fieldErrors.salary).toBe(fieldMarkText(message));
    expect(calls).toEqual([]);
  });

  it('accepts exactly what the server accepts: the same schema judges what would be sent', () => {
    const salaries = ['0', '1', '1.5', '1.25', '1.234', '1e2', '1e12', '-0', '-1', '0.1', '0.105', '99999999.99', '100000000', '100000000.5', ' 12 ', 'Infinity', 'lots', '0x10'];
    const emails = ['asha@example.com', 'ASHA@Example.com', 'asha@localhost', 'asha@@example.com', 'a b@example.com'];
    const names = ['Asha Rao', '\u202eRao', 'x'.repeat(201)];
    for (const salary of salaries)
      for (const email of emails)
        for (const name of names) {
          const values = { ...ASHA, name, email, salary };
          // The server parses the JSON the client sends (a NaN goes as null).
          const server = employeeCreateBody.safeParse(JSON.parse(JSON.stringify(toEmployeeCreate(values))));
          expect({ values, accepted: employeeFormProblem(values) === null }).toEqual({ values, accepted: server.success });
        }
  });

  it('sends a typed device PIN trimmed, none when left empty, and marks a malformed one before sending', async () => {
    const { actor, fill, calls } = start(ok);
    fill({ ...ASHA, devicePin: '12a' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ devicePin: 'Must be 1 to 9 digits' });
    expect(calls).toEqual([]);
    expect(toEmployeeCreate({ ...ASHA, devicePin: ' 0042 ' })).toMatchObject({ devicePin: '0042' });
    expect(toEmployeeCreate(ASHA)).not.toHaveProperty('devicePin');
  });

  it('sends the salary as a decimal number, not text', async () => {
    const { actor, fill, calls, settled } = start(ok);
    fill(ASHA);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled();
    expect(calls).toEqual([{ name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 123456.5 }]);
    expect(typeof calls[0]!.salary).toBe('number');
  });

  it('success: shows the server msg and clears the fields; exactly 2000 ms later clears the msg and redirects', async () => {
    const { actor, clock, fill, redirect, settled } = start(ok);
    fill(ASHA);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Employee added successfully', values: EMPTY_EMPLOYEE_FORM, error: null });

    clock.increment(REDIRECT_DELAY_MS - 1);
    expect(redirect).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.message).toBe('Employee added successfully');
    clock.increment(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores typing while the call runs and after success', async () => {
    const { actor, fill, settled } = start(ok);
    fill(ASHA);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'Changed' });
    expect(actor.getSnapshot().context.values.name).toBe('Asha Rao');
    await settled();
    actor.send({ type: 'CHANGE', field: 'name', value: 'Changed' });
    expect(actor.getSnapshot().context.values.name).toBe('');
  });

  it('a failure shows the server msg, keeps the fields and allows another try', async () => {
    const { actor, fill, redirect, settled, calls } = start(() =>
      Promise.reject({ status: 409, data: { msg: 'An account with the email asha@example.com already exists' } }),
    );
    fill(ASHA);
    actor.send({ type: 'SUBMIT' });
    await settled();
    // The shared form flow's 'error' state: the form stays open, with the msg.
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'An account with the email asha@example.com already exists',
      values: ASHA,
      message: null,
    });
    expect(redirect).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("a failure without a msg says 'Failed to add employee'", async () => {
    const { actor, fill, settled } = start(() => Promise.reject({ status: 500, data: 'oops' }));
    fill(ASHA);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.addEmployee);
  });
});
