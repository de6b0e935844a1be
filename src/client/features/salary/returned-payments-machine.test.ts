import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentBatch } from '../../../shared/schemas/payroll-payments';
import type { FlowResult } from '../../flows/row-action-machine';
import { paidBatch, paymentLine } from '../../test/fixtures';
import { matchLines, OTHER_REASON, RETURNED_UI, returnedPaymentsMachine, selectedLines, type ReturnedInput } from './returned-payments-machine';

const line = (i: number, name = `Person ${i}`) => paymentLine(i, { name, amount: 25_000 + i });

const BATCH = paidBatch(
  [
    ...Array.from({ length: 1200 }, (_, i) => line(i + 1)),
    { ...line(1201, 'Maria Iyer'), returned: { at: '2026-11-03T05:00:00.000Z', reason: 'Account closed' } },
  ],
  { rows: 1200, total: 0, bankReference: 'UTR1' },
);

function start(answer: () => Promise<PaymentBatch> = () => Promise.resolve({ ...BATCH, returned: 3 })) {
  const calls: ReturnedInput[] = [];
  const told: FlowResult[] = [];
  const logic = returnedPaymentsMachine.provide({
    actors: { markReturned: fromPromise<PaymentBatch, ReturnedInput>(({ input }) => (calls.push(input), answer())) },
    actions: { notify: (_, r) => void told.push(r) },
  });
  const actor = createActor(logic).start();
  actor.send({ type: 'OPEN', batch: BATCH, month: '2026-10' });
  return { actor, calls, told };
}

describe('returned payments machine', () => {
  it('searches by name, ID or account, and leaves out credits already returned', () => {
    const open = BATCH.lines.filter((l) => !l.returned);
    const few = [line(1, 'Maria Iyer'), line(2, 'Maria Joseph'), line(3, 'Meera Iyer')];
    expect(matchLines(few, 'iyer MARIA').map((l) => l.employeeId)).toEqual(['EMP0001']);
    expect(matchLines(few, 'iyer')).toHaveLength(2);
    // The name holding the whole search first, then the rest that hold every word.
    expect(matchLines(open, 'person 7').slice(0, 3).map((l) => l.name)).toEqual(['Person 7', 'Person 70', 'Person 71']);
    expect(matchLines(open, 'emp0007').map((l) => l.name)).toEqual(['Person 7']);
    expect(matchLines(open, 'xxxxxx1005').map((l) => l.employeeId)).toEqual(['EMP0005']);
    expect(matchLines(open, 'maria')).toEqual([]);
    expect(matchLines(open, '  ')).toHaveLength(1200);
  });

  it('refuses to review without a tick or a reason, then marks the ticked people with the chosen reason', async () => {
    const { actor, calls, told } = start();
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().context.error).toBe(RETURNED_UI.noneSelected);
    actor.send({ type: 'TOGGLE', employeeId: 'EMP0002' });
    actor.send({ type: 'TOGGLE', employeeId: 'EMP0009' });
    actor.send({ type: 'TOGGLE', employeeId: 'EMP0002' });
    actor.send({ type: 'TOGGLE_SHOWN', employeeIds: ['EMP0010', 'EMP0011'] });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.error).toBe(RETURNED_UI.reasonProblem);
    actor.send({ type: 'CHOOSE_REASON', value: 'Account closed' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(selectedLines(actor.getSnapshot().context)).toEqual({ lines: [expect.objectContaining({ employeeId: 'EMP0009' }), expect.objectContaining({ employeeId: 'EMP0010' }), expect.objectContaining({ employeeId: 'EMP0011' })], total: 75_030 });
    // Back keeps what was ticked.
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.selected).toEqual(['EMP0009', 'EMP0010', 'EMP0011']);
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([{ id: '41', month: '2026-10', employeeIds: ['EMP0009', 'EMP0010', 'EMP0011'], reason: 'Account closed' }]);
    expect(told).toEqual([{ tone: 'success', message: '3 payments of batch 1 marked returned: owed again.' }]);
    expect(actor.getSnapshot().context.result?.returned).toBe(3);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('unticks all shown when all are ticked, and takes the bank’s own words for "other"', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'TOGGLE_SHOWN', employeeIds: ['EMP0001', 'EMP0002'] });
    actor.send({ type: 'TOGGLE_SHOWN', employeeIds: ['EMP0001', 'EMP0002'] });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'TOGGLE', employeeId: 'EMP0001' });
    actor.send({ type: 'CHOOSE_REASON', value: OTHER_REASON });
    actor.send({ type: 'REASON_TEXT', value: ' x ' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().context.error).toBe(RETURNED_UI.reasonProblem);
    actor.send({ type: 'REASON_TEXT', value: '  Beneficiary deceased  ' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]!.reason).toBe('Beneficiary deceased');
  });

  it('keeps a refusal in the review, with the server’s words, and nothing is told', async () => {
    const { actor, told } = start(() => Promise.reject({ status: 409, data: { msg: 'Already marked returned: EMP0001' } }));
    actor.send({ type: 'TOGGLE', employeeId: 'EMP0001' });
    actor.send({ type: 'CHOOSE_REASON', value: 'Invalid IFSC' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Error marking the returned payments: Already marked returned: EMP0001');
    expect(told).toEqual([]);
  });
});
