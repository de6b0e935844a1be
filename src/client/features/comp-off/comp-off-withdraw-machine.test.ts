import type { CompOff } from '../../../shared/schemas/comp-off';
import { startRemarkAction } from '../../test/remark-action-actor';
import { compOffWithdrawMachine, compOffWithdrawRequest, withdrawCallOf } from './comp-off-machines';

const PENDING: CompOff = {
  _id: '41',
  employeeId: 'EMP0012',
  name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam',
  workDate: '2026-11-22',
  dayOff: 'weekly-off',
  days: 0.5,
  workedMinutes: 270,
  reason: 'Pump room shutdown',
  status: 'pending',
  stage: 'manager',
  expiresOn: null,
  remark: null,
  decidedBy: null,
  createdAt: '2026-11-23T04:00:00.000Z',
};

describe('comp-off withdraw machine', () => {
  it('asks first, then withdraws without a reason: the call is the id alone', async () => {
    const { actor, calls, notified, idle } = startRemarkAction(compOffWithdrawMachine, () => Promise.resolve({ msg: 'Comp-off request withdrawn' }));
    actor.send({ type: 'OPEN', request: compOffWithdrawRequest(PENDING) });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.request).toEqual({ id: '41', status: 'withdraw', who: 'Venkata Satya Lakshmi Narasimha Subrahmanyam (EMP0012)', what: '2026-11-22, 0.5 days off' });
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('running');
    await idle();
    expect(calls.map(withdrawCallOf)).toEqual([{ id: '41' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Comp-off request withdrawn' }]);
  });

  it('sends the trimmed reason when one is given', async () => {
    const { actor, calls, idle } = startRemarkAction(compOffWithdrawMachine, () => Promise.resolve({ msg: 'Comp-off request withdrawn' }));
    actor.send({ type: 'OPEN', request: compOffWithdrawRequest(PENDING) });
    actor.send({ type: 'EDIT', remark: '  Plans changed  ' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(calls.map(withdrawCallOf)).toEqual([{ id: '41', reason: 'Plans changed' }]);
  });

  it('sends nothing when kept, and says a refusal in its own words', async () => {
    const { actor, calls, notified, idle } = startRemarkAction(compOffWithdrawMachine, () => Promise.reject(new Error('This comp-off request is already approved: only a pending one can be withdrawn')));
    actor.send({ type: 'OPEN', request: compOffWithdrawRequest(PENDING) });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
    actor.send({ type: 'OPEN', request: compOffWithdrawRequest(PENDING) });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(notified).toEqual([{ tone: 'error', message: 'Error withdrawing the comp-off request: This comp-off request is already approved: only a pending one can be withdrawn' }]);
  });
});
