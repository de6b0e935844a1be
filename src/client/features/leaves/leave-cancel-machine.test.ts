import { createActor, fromPromise, waitFor } from 'xstate';
import type { FlowResult } from '../../flows/row-action-machine';
import type { Leave } from '../../../shared/schemas/leave';
import { leaveCancelMachine, leaveCancelRequest, type LeaveCancelCall, type LeaveCancelRequest } from './leave-cancel-machine';

const LEAVE: Leave = {
  _id: '31',
  employeeId: 'EMP0007',
  name: 'Ravi Report',
  requester: { employeeId: 'EMP0007', name: 'Ravi Report' },
  startDate: '2031-03-10',
  endDate: '2031-03-11',
  reason: 'Family event',
  status: 'approved',
  leaveTypeId: '1',
  leaveType: 'Casual',
  days: 2,
  createdAt: '2031-03-01T06:00:00.000Z',
};

function start(answer: (call: LeaveCancelCall) => Promise<{ msg?: string }>) {
  const calls: LeaveCancelCall[] = [];
  const notified: (FlowResult | null)[] = [];
  const actor = createActor(
    leaveCancelMachine.provide({
      actors: {
        run: fromPromise<{ msg?: string }, LeaveCancelCall>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
      actions: { notify: (_, result) => void notified.push(result) },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 5_000 });
  return { actor, calls, notified, idle };
}

describe('leave cancel machine', () => {
  it('names whose leave and which days', () => {
    expect(leaveCancelRequest(LEAVE, 'cancel')).toEqual<LeaveCancelRequest>({ id: '31', action: 'cancel', who: 'Ravi Report (EMP0007)', what: 'Casual, 2031-03-10 to 2031-03-11 (2 days)' });
  });

  it('withdraws a pending request without a reason: the call is the id alone', async () => {
    const { actor, calls, notified, idle } = start(() => Promise.resolve({ msg: 'Leave request withdrawn' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest({ ...LEAVE, status: 'pending' }, 'withdraw') });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls).toEqual([{ id: '31' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Leave request withdrawn' }]);
  });

  it('asks to cancel approved leave with the trimmed reason, optional', async () => {
    const { actor, calls, idle } = start(() => Promise.resolve({ msg: 'Your request to cancel this leave was sent' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'ask') });
    actor.send({ type: 'EDIT', reason: '  Trip called off  ' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls).toEqual([{ id: '31', reason: 'Trip called off' }]);
  });

  it('refuses an approver’s cancellation without a reason, then sends it with one', async () => {
    const { actor, calls, notified, idle } = start(() => Promise.resolve({ msg: 'Leave cancelled and the days returned to the balance' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'cancel') });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.problem).toBe('reasonRequired');
    actor.send({ type: 'EDIT', reason: '   ' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.problem).toBe('reasonRequired');
    expect(calls).toEqual([]);
    actor.send({ type: 'EDIT', reason: 'Audit week: everyone is needed' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('running');
    await idle();
    expect(calls).toEqual([{ id: '31', reason: 'Audit week: everyone is needed' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Leave cancelled and the days returned to the balance' }]);
    expect(actor.getSnapshot().context).toEqual({ request: null, reason: '', problem: null });
  });

  it('sends nothing when dismissed, and forgets the reason', () => {
    const { actor, calls } = start(() => Promise.resolve({}));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'cancel') });
    actor.send({ type: 'EDIT', reason: 'half typed' });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.reason).toBe('');
    expect(calls).toEqual([]);
  });

  it('shows a refusal with its words and takes the next request; one at a time', async () => {
    let refuse!: (e: Error) => void;
    const { actor, notified, idle } = start(() => new Promise((_, reject) => (refuse = reject)));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'ask') });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'OPEN', request: leaveCancelRequest({ ...LEAVE, _id: '32' }, 'ask') });
    expect(actor.getSnapshot().context.request?.id).toBe('31');
    refuse(new Error('This leave has started; ask your manager or HR to cancel it'));
    await idle();
    expect(notified).toEqual([{ tone: 'error', message: 'Error cancelling leave: This leave has started; ask your manager or HR to cancel it' }]);
    actor.send({ type: 'OPEN', request: leaveCancelRequest({ ...LEAVE, _id: '32' }, 'ask') });
    expect(actor.getSnapshot().context.request?.id).toBe('32');
  });
});
