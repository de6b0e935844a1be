import { startRemarkAction } from '../test/remark-action-actor';
import { createRemarkActionMachine, type RemarkCall, type RemarkRequest } from './remark-action-machine';

const machine = createRemarkActionMachine({ id: 'decide', failure: (e) => `Error approving leave: ${(e as Error).message}` });
const REQUEST: RemarkRequest = { id: '7', status: 'rejected', who: 'Ravi Report (EMP2)', what: '2031-03-10' };
const start = (answer: (call: RemarkCall) => Promise<{ msg?: string }>) => startRemarkAction(machine, answer);

describe('remark action machine', () => {
  it('asks first, refuses a rejection without a remark, then sends the spec call with the trimmed remark', async () => {
    const { actor, calls, notified, idle } = start(() => Promise.resolve({ msg: 'Leave request rejected' }));
    actor.send({ type: 'OPEN', request: REQUEST });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.problem).toBe('remarkRequired');
    actor.send({ type: 'EDIT', remark: '   ' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.problem).toBe('remarkRequired');
    actor.send({ type: 'EDIT', remark: '  Cover is short  ' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('running');
    await idle();
    expect(calls).toEqual([{ id: '7', status: 'rejected', remark: 'Cover is short' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Leave request rejected' }]);
    expect(actor.getSnapshot().context).toEqual({ request: null, remark: '', problem: null });
  });

  it('approves without a remark as the spec call {status} alone', async () => {
    const { actor, calls, idle } = start(() => Promise.resolve({ msg: 'Leave request approved' }));
    actor.send({ type: 'OPEN', request: { ...REQUEST, status: 'approved' } });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls).toEqual([{ id: '7', status: 'approved' }]);
  });

  it('sends nothing when cancelled, and forgets the remark', () => {
    const { actor, calls } = start(() => Promise.resolve({}));
    actor.send({ type: 'OPEN', request: REQUEST });
    actor.send({ type: 'EDIT', remark: 'half typed' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remark).toBe('');
    expect(calls).toEqual([]);
  });

  it('shows the failure with the feature’s words and takes the next request', async () => {
    const { actor, notified, idle } = start(() => Promise.reject(new Error('Not allowed')));
    actor.send({ type: 'OPEN', request: { ...REQUEST, status: 'approved' } });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(notified).toEqual([{ tone: 'error', message: 'Error approving leave: Not allowed' }]);
    actor.send({ type: 'OPEN', request: REQUEST });
    expect(actor.getSnapshot().value).toBe('asking');
  });

  it('ignores a second OPEN while one is asked or running', () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'OPEN', request: REQUEST });
    actor.send({ type: 'OPEN', request: { ...REQUEST, id: '8' } });
    expect(actor.getSnapshot().context.request?.id).toBe('7');
  });
});
