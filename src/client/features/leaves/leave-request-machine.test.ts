import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { LeaveCreate } from '../../../shared/schemas/leave';
import { leaveRequestMachine, type LeaveField } from './leave-request-machine';

function start(answer: (req: LeaveCreate) => Promise<{ msg?: string }>) {
  const alert = jest.fn();
  const calls: LeaveCreate[] = [];
  const logic = leaveRequestMachine.provide({
    // Only failures are notified (an error toast in the app).
    actions: { notify: (_, { tone, message }) => alert(tone === 'error' ? message : `unexpected ${tone}: ${message}`) },
    actors: {
      submit: fromPromise<{ msg?: string }, LeaveCreate>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
  const fill = (values: Partial<LeaveCreate>) =>
    Object.entries(values).forEach(([field, value]) => actor.send({ type: 'CHANGE', field: field as LeaveField, value: value! }));
  return { actor, alert, calls, settled, fill };
}

const FILLED: LeaveCreate = { startDate: '2026-03-02', endDate: '2026-03-04', reason: 'Family wedding' };
const ok = () => Promise.resolve({ msg: 'Leave request submitted', _id: '7' });

describe('leave request machine', () => {
  it('starts editing with a blank form', () => {
    const { actor } = start(ok);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ values: { startDate: '', endDate: '', reason: '' }, message: null, error: null });
  });

  it.each(['startDate', 'endDate', 'reason'] as const)('requires %s without calling the server', (missing) => {
    const { actor, calls, alert, fill } = start(ok);
    fill({ ...FILLED, [missing]: missing === 'reason' ? '   ' : '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends the dates as typed, without checking their order (the server does)', async () => {
    const { actor, calls, fill, settled } = start(ok);
    fill({ startDate: '2026-03-09', endDate: '2026-03-01', reason: '  Trip  ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled();
    expect(calls).toEqual([{ startDate: '2026-03-09', endDate: '2026-03-01', reason: 'Trip' }]);
  });

  it('success clears the form and shows the server msg until the next edit', async () => {
    const { actor, fill, settled } = start(ok);
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toEqual({
      values: { startDate: '', endDate: '', reason: '' },
      message: 'Leave request submitted',
      error: null,
    });
    actor.send({ type: 'CHANGE', field: 'reason', value: 'x' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it("failure alerts 'Error submitting leave request: ' with the server msg and keeps the values", async () => {
    const { actor, alert, fill, settled } = start(() =>
      Promise.reject({ status: 400, data: { msg: 'End date cannot be before start date' } }),
    );
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    const text = `${PREFIX.submitLeave}End date cannot be before start date`;
    expect(actor.getSnapshot().value).toBe('error');
    expect(alert.mock.calls).toEqual([[text]]);
    expect(actor.getSnapshot().context).toEqual({ values: FILLED, message: null, error: text });
  });

  it('falls back to the generic server error when the failure carries no message', async () => {
    const { actor, alert, fill, settled } = start(() => Promise.reject({ status: 500, data: '' }));
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(alert).toHaveBeenCalledWith(PREFIX.submitLeave + FALLBACK.server);
  });

  it('can be submitted again after a failure, and ignores events while submitting', async () => {
    let attempt = 0;
    const { actor, calls, fill, settled } = start(() =>
      ++attempt === 1 ? Promise.reject({ status: 409, data: { msg: 'overlap' } }) : ok(),
    );
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'reason', value: 'changed mid-flight' });
    await settled();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.values.reason).toBe(FILLED.reason);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('success');
  });
});
