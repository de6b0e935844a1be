import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { LeaveCreate } from '../../../shared/schemas/leave';
import { LEAVE_REQUEST_MSG } from '../../../shared/leave-policy/leave-request';
import { leaveRequestMachine, type LeaveField } from './leave-request-machine';
import type { LeaveFormValues } from './leave-request-view';

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
  const fill = (values: Partial<LeaveFormValues>) =>
    Object.entries(values).forEach(([field, value]) => actor.send({ type: 'CHANGE', field: field as LeaveField, value: value! }));
  return { actor, alert, calls, settled, fill };
}

const FILLED: LeaveFormValues = { startDate: '2026-03-02', endDate: '2026-03-04', reason: 'Family wedding', leaveTypeId: '', dayPart: '' };
const BLANK: LeaveFormValues = { startDate: '', endDate: '', reason: '', leaveTypeId: '', dayPart: '' };
const ok = () => Promise.resolve({ msg: 'Leave request submitted', _id: '7' });

describe('leave request machine', () => {
  it('starts editing with a blank form', () => {
    const { actor } = start(ok);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ values: BLANK, message: null, error: null, fieldErrors: {} });
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
      values: BLANK,
      message: 'Leave request submitted',
      error: null,
      fieldErrors: {},
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
    expect(actor.getSnapshot().context).toEqual({ values: FILLED, message: null, error: text, fieldErrors: {} });
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

  it("needs only the spec's three fields: the type and the duration may stay as they are (the default type, a full day)", async () => {
    const { actor, calls, fill, settled } = start(ok);
    fill(FILLED);
    actor.send({ type: 'SUBMIT' });
    await settled();
    // The spec's body exactly: no type (the server falls back to the default) and no half.
    expect(calls).toEqual([{ startDate: '2026-03-02', endDate: '2026-03-04', reason: 'Family wedding' }]);
  });

  it('sends the chosen type, and the half of a one-day leave', async () => {
    const { actor, calls, fill, settled } = start(ok);
    fill({ ...FILLED, startDate: '2026-08-14', endDate: '2026-08-14', leaveTypeId: '2', dayPart: 'second-half' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([{ startDate: '2026-08-14', endDate: '2026-08-14', reason: 'Family wedding', leaveTypeId: '2', dayPart: 'second-half' }]);
    // Cleared for the next request: back to the default type and a full day.
    expect(actor.getSnapshot().context.values).toEqual(BLANK);
  });

  it('leaves a half day out once the dates are more than one day', async () => {
    const { actor, calls, fill, settled } = start(ok);
    fill({ ...FILLED, startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half' });
    fill({ endDate: '2026-08-17' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([{ startDate: '2026-08-14', endDate: '2026-08-17', reason: 'Family wedding' }]);
  });

  it("shows the server's balance refusal in the form, alerts it, and keeps everything chosen", async () => {
    const refusal = LEAVE_REQUEST_MSG.beyondBalance('Casual', 10, 9, 'Leave Without Pay');
    const { actor, alert, fill, settled } = start(() => Promise.reject({ status: 409, data: { msg: refusal } }));
    const chosen = { ...FILLED, startDate: '2026-08-03', endDate: '2026-08-13', leaveTypeId: '1' };
    fill(chosen);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(`${PREFIX.submitLeave}${refusal}`);
    expect(alert.mock.calls).toEqual([[`${PREFIX.submitLeave}${refusal}`]]);
    expect(actor.getSnapshot().context.values).toEqual(chosen);
  });
});
