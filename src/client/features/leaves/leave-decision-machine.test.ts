import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, PREFIX } from '../../copy';
import { leaveDecisionMachine, type LeaveDecisionInput } from './leave-decision-machine';

function start(answer: (req: LeaveDecisionInput) => Promise<{ msg?: string }>) {
  // The shown results (toasts in the app): errors here, successes in `notified`.
  const alert = jest.fn();
  const notified: unknown[] = [];
  const calls: LeaveDecisionInput[] = [];
  const logic = leaveDecisionMachine.provide({
    actions: {
      notify: (_, result) => {
        notified.push(result);
        if (result?.tone === 'error') alert(result.message);
      },
    },
    actors: {
      run: fromPromise<{ msg?: string }, LeaveDecisionInput>(({ input }) => {
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

describe('leave decision machine', () => {
  it('sends the decision, marks it pending, then shows the server msg', async () => {
    const { actor, calls, alert, notified, settled } = start(() => Promise.resolve({ msg: 'Leave request approved' }));
    actor.send({ type: 'RUN', input: { id: '12', status: 'approved' } });
    expect(actor.getSnapshot().value).toBe('running');
    expect(actor.getSnapshot().context.pending).toEqual({ id: '12', status: 'approved' });
    await settled();
    expect(calls).toEqual([{ id: '12', status: 'approved' }]);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context).toEqual({ pending: null, result: { tone: 'success', message: 'Leave request approved' } });
    expect(notified).toEqual([{ tone: 'success', message: 'Leave request approved' }]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('runs one decision at a time', async () => {
    const { actor, calls, settled } = start(() => Promise.resolve({ msg: 'ok' }));
    actor.send({ type: 'RUN', input: { id: '1', status: 'approved' } });
    actor.send({ type: 'RUN', input: { id: '2', status: 'rejected' } });
    await settled();
    expect(calls).toEqual([{ id: '1', status: 'approved' }]);
  });

  it("alerts 'Error approving leave: ' with the server msg, for a rejection too", async () => {
    const { actor, alert, settled } = start(() =>
      Promise.reject({ status: 409, data: { msg: 'This leave request has already been approved' } }),
    );
    actor.send({ type: 'RUN', input: { id: '3', status: 'rejected' } });
    await settled();
    expect(alert.mock.calls).toEqual([[`${PREFIX.approveLeave}This leave request has already been approved`]]);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toEqual({
      pending: null,
      result: { tone: 'error', message: `${PREFIX.approveLeave}This leave request has already been approved` },
    });
  });

  it('falls back to the generic server error, and clears an earlier success msg', async () => {
    let attempt = 0;
    const { actor, alert, settled } = start(() =>
      ++attempt === 1 ? Promise.resolve({ msg: 'Leave request approved' }) : Promise.reject(new Error('')),
    );
    actor.send({ type: 'RUN', input: { id: '4', status: 'approved' } });
    await settled();
    actor.send({ type: 'RUN', input: { id: '5', status: 'approved' } });
    expect(actor.getSnapshot().context.result).toBeNull();
    await settled();
    expect(alert).toHaveBeenCalledWith(PREFIX.approveLeave + FALLBACK.server);
  });
});
