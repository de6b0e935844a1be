import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, PREFIX } from '../../copy';
import { taskStatusMachine, type TaskStatusInput } from './task-status-machine';

function start(answer: (req: TaskStatusInput) => Promise<{ msg?: string }>) {
  // The shown results (toasts in the app): errors here, successes in `notified`.
  const alert = jest.fn();
  const notified: unknown[] = [];
  const calls: TaskStatusInput[] = [];
  const logic = taskStatusMachine.provide({
    actions: {
      notify: (_, result) => {
        notified.push(result);
        if (result?.tone === 'error') alert(result.message);
      },
    },
    actors: {
      run: fromPromise<{ msg?: string }, TaskStatusInput>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  // The shown result: succeeded or failed.
  const settled = () => waitFor(actor, (s) => s.matches('succeeded') || s.matches('failed'), { timeout: 15_000 });
  return { actor, alert, notified, calls, settled };
}

describe('task status machine', () => {
  it('allows any status in any order (no ordering client-side)', async () => {
    const { actor, calls, settled } = start(() => Promise.resolve({ msg: 'Task status updated' }));
    for (const status of ['completed', 'assigned', 'in-progress'] as const) {
      actor.send({ type: 'RUN', input: { id: '9', status } });
      expect(actor.getSnapshot().context.pending).toEqual({ id: '9', status });
      await settled();
    }
    expect(calls.map((c) => c.status)).toEqual(['completed', 'assigned', 'in-progress']);
    expect(actor.getSnapshot().context).toEqual({ pending: null, result: { tone: 'success', message: 'Task status updated' } });
  });

  it('runs one change at a time', async () => {
    const { actor, calls, settled } = start(() => Promise.resolve({}));
    actor.send({ type: 'RUN', input: { id: '1', status: 'completed' } });
    actor.send({ type: 'RUN', input: { id: '2', status: 'completed' } });
    await settled();
    expect(calls).toEqual([{ id: '1', status: 'completed' }]);
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it("alerts 'Error updating task status: ' with the server msg", async () => {
    const { actor, alert, settled } = start(() =>
      Promise.reject({ status: 403, data: { msg: 'Only the employee this task is assigned to can change its status' } }),
    );
    actor.send({ type: 'RUN', input: { id: '1', status: 'completed' } });
    await settled();
    expect(alert.mock.calls).toEqual([
      [`${PREFIX.updateTaskStatus}Only the employee this task is assigned to can change its status`],
    ]);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('falls back to the generic server error', async () => {
    const { actor, alert, settled } = start(() => Promise.reject({ status: 'PARSING_ERROR', data: '<html>' }));
    actor.send({ type: 'RUN', input: { id: '1', status: 'assigned' } });
    await settled();
    expect(alert).toHaveBeenCalledWith(PREFIX.updateTaskStatus + FALLBACK.server);
  });
});
