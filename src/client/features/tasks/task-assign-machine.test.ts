import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { TaskAssign } from '../../../shared/schemas/task';
import { taskAssignMachine, type TaskField, type TaskFormValues } from './task-assign-machine';

function start(answer: (req: TaskAssign) => Promise<{ msg?: string }>) {
  const alert = jest.fn();
  const calls: TaskAssign[] = [];
  const logic = taskAssignMachine.provide({
    // Only failures are notified (an error toast in the app).
    actions: { notify: (_, { tone, message }) => alert(tone === 'error' ? message : `unexpected ${tone}: ${message}`) },
    actors: {
      submit: fromPromise<{ msg?: string }, TaskAssign>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  const fill = (values: Partial<TaskFormValues>) =>
    Object.entries(values).forEach(([field, value]) => actor.send({ type: 'CHANGE', field: field as TaskField, value: value! }));
  return { actor, alert, calls, settled, fill };
}

const FILLED: TaskFormValues = { employeeId: 'EMP0002', title: 'Quarterly report', description: 'Draft the Q3 numbers', dueDate: '', priority: 'normal' };
const SENT: TaskAssign = { employeeId: 'EMP0002', title: 'Quarterly report', description: 'Draft the Q3 numbers' };
const ok = () => Promise.resolve({ msg: 'Task assigned successfully', _id: '3' });

describe('task assign machine', () => {
  it.each(['employeeId', 'title', 'description'] as const)('requires %s without calling the server', (missing) => {
    const { actor, calls, alert, fill } = start(ok);
    fill({ ...FILLED, [missing]: missing === 'employeeId' ? '' : ' ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ [missing]: MSG.allFieldsRequired });
    expect(calls).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends the trimmed form, then clears it and shows the server msg', async () => {
    const { actor, calls, fill, settled } = start(ok);
    fill({ ...FILLED, title: '  Quarterly report ' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([SENT]);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toEqual({
      values: { employeeId: '', title: '', description: '', dueDate: '', priority: 'normal' },
      message: 'Task assigned successfully',
      error: null,
      fieldErrors: {},
    });
  });

  it("failure alerts 'Error assigning task: ' with the server msg and keeps the values", async () => {
    const { actor, alert, fill, settled } = start(() =>
      Promise.reject({ status: 400, data: { msg: 'No active employee with ID EMP0002' } }),
    );
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    const text = `${PREFIX.assignTask}No active employee with ID EMP0002`;
    expect(actor.getSnapshot().value).toBe('error');
    expect(alert.mock.calls).toEqual([[text]]);
    expect(actor.getSnapshot().context).toEqual({ values: FILLED, message: null, error: text, fieldErrors: {} });
  });

  it('shows a network failure as such, falls back to the generic error, and allows another try', async () => {
    let attempt = 0;
    const { actor, alert, calls, fill, settled } = start(() =>
      ++attempt === 1
        ? Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })
        : attempt === 2
          ? Promise.reject({ status: 500, data: {} })
          : ok(),
    );
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(alert.mock.calls).toEqual([[PREFIX.assignTask + MSG.networkError], [PREFIX.assignTask + FALLBACK.server]]);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('marks every blank required field at once, and sends a due date and priority only when given', async () => {
    const { actor, calls, fill, settled } = start(ok);
    actor.send({ type: 'SUBMIT' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(['description', 'employeeId', 'title']);
    fill({ ...FILLED, dueDate: '2026-04-01', priority: 'high' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([{ ...SENT, dueDate: '2026-04-01', priority: 'high' }]);
  });

  it("marks the field the server names (its fieldErrors) and still alerts the spec's prefix", async () => {
    const msg = 'No active employee with ID EMP0002';
    const { actor, fill, settled } = start(() => Promise.reject({ status: 400, data: { msg, fieldErrors: { employeeId: msg } } }));
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ employeeId: msg });
    expect(actor.getSnapshot().context.error).toBe(PREFIX.assignTask + msg);
  });
});
