import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import type { ConfirmQuestion } from '../../flows/row-action-machine';
import { correctionDecisionMachine, type CorrectionDecisionInput } from './correction-decision-machine';
import { CORRECTION_UI } from './corrections-copy';

const APPROVE: CorrectionDecisionInput = { id: '7', status: 'approved', name: 'Asha Rao', date: '2026-03-05', inTime: '09:30', outTime: '18:15' };

function start(answer: () => Promise<{ msg?: string }>) {
  const calls: CorrectionDecisionInput[] = [];
  const notified: unknown[] = [];
  const logic = correctionDecisionMachine.provide({
    actors: {
      run: fromPromise<{ msg?: string }, CorrectionDecisionInput>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
    actions: { notify: (_, result) => void notified.push(result) },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => s.matches('succeeded') || s.matches('failed'), { timeout: 15_000 });
  return { actor, calls, notified, settled };
}

describe('correction decision machine', () => {
  it('asks first, naming the day and what it becomes; Cancel sends nothing', () => {
    const { actor, calls } = start(() => Promise.resolve({}));
    const questions: ConfirmQuestion[] = [];
    actor.subscribe((s) => s.matches('confirming') && questions.push(s.children[Object.keys(s.children)[0]!]!.getSnapshot().input as ConfirmQuestion));
    actor.send({ type: 'RUN', input: APPROVE });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(questions[0]).toEqual({
      title: CORRECTION_UI.approveTitle,
      message: "Asha Rao's attendance for 2026-03-05 will be set to 09:30 – 18:15 and marked present. This cannot be undone.",
      confirmLabel: 'Approve',
    });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('runs the confirmed decision and shows the server msg', async () => {
    const { actor, calls, notified, settled } = start(() => Promise.resolve({ msg: CORRECTION_MSG.decided('approved') }));
    actor.send({ type: 'RUN', input: APPROVE });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.pending).toEqual(APPROVE);
    await settled();
    expect(calls).toEqual([APPROVE]);
    expect(notified).toEqual([{ tone: 'success', message: 'Attendance correction approved' }]);
  });

  it('asks a danger question for a rejection, and shows a refusal with its prefix', async () => {
    const { actor, notified, settled } = start(() => Promise.reject({ status: 409, data: { msg: CORRECTION_MSG.alreadyDecided('approved') } }));
    const seen: ConfirmQuestion[] = [];
    actor.subscribe((s) => s.matches('confirming') && seen.push(s.children[Object.keys(s.children)[0]!]!.getSnapshot().input as ConfirmQuestion));
    actor.send({ type: 'RUN', input: { ...APPROVE, status: 'rejected' } });
    expect(seen[0]).toMatchObject({ title: CORRECTION_UI.rejectTitle, confirmLabel: 'Reject', danger: true });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notified).toEqual([{ tone: 'error', message: `${CORRECTION_UI.decideFailed}${CORRECTION_MSG.alreadyDecided('approved')}` }]);
  });

  it('runs one decision at a time', async () => {
    const { actor, calls, settled } = start(() => Promise.resolve({ msg: 'ok' }));
    actor.send({ type: 'RUN', input: APPROVE });
    actor.send({ type: 'RUN', input: { ...APPROVE, id: '8' } });
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(calls.map((c) => c.id)).toEqual(['7']);
  });
});
