import type { RemarkCall, RemarkRequest } from '../../flows/remark-action-machine';
import { startRemarkAction } from '../../test/remark-action-actor';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { cancelCallOf, leaveCancelMachine, leaveCancelRequest } from './leave-cancel-machine';

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

const start = (answer: (call: RemarkCall<LeaveCancelAction>) => Promise<{ msg?: string }>) => startRemarkAction(leaveCancelMachine, answer);

describe('leave cancel machine', () => {
  it('names whose leave and which days', () => {
    expect(leaveCancelRequest(LEAVE, 'cancel')).toEqual<RemarkRequest<LeaveCancelAction>>({ id: '31', status: 'cancel', who: 'Ravi Report (EMP0007)', what: 'Casual, 2031-03-10 to 2031-03-11 (2 days)' });
  });

  it('withdraws a pending request without a reason: the call is the id alone', async () => {
    const { actor, calls, notified, idle } = start(() => Promise.resolve({ msg: 'Leave request withdrawn' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest({ ...LEAVE, status: 'pending' }, 'withdraw') });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls.map(cancelCallOf)).toEqual([{ id: '31' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Leave request withdrawn' }]);
  });

  it('asks to cancel approved leave with the trimmed reason, optional', async () => {
    const { actor, calls, idle } = start(() => Promise.resolve({ msg: 'Your request to cancel this leave was sent' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'ask') });
    actor.send({ type: 'EDIT', remark: '  Trip called off  ' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls.map(cancelCallOf)).toEqual([{ id: '31', reason: 'Trip called off' }]);
  });

  it('refuses an approver’s cancellation without a reason, then sends it with one', async () => {
    const { actor, calls, notified, idle } = start(() => Promise.resolve({ msg: 'Leave cancelled and the days returned to the balance' }));
    actor.send({ type: 'OPEN', request: leaveCancelRequest(LEAVE, 'cancel') });
    // A blank reason is no reason: the remark action machine's own tests walk through that.
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.problem).toBe('remarkRequired');
    expect(calls).toEqual([]);
    actor.send({ type: 'EDIT', remark: 'Audit week: everyone is needed' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('running');
    await idle();
    expect(calls.map(cancelCallOf)).toEqual([{ id: '31', reason: 'Audit week: everyone is needed' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Leave cancelled and the days returned to the balance' }]);
    expect(actor.getSnapshot().context).toEqual({ request: null, remark: '', problem: null });
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
