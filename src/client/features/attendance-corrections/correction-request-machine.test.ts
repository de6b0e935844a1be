import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import type { CorrectionCreate } from '../../../shared/schemas/attendance-correction';
import { correctionRequestMachine, type CorrectionValues } from './correction-request-machine';
import { CORRECTION_UI } from './corrections-copy';

function start(answer: (input: CorrectionCreate) => Promise<{ msg?: string }>) {
  const calls: CorrectionCreate[] = [];
  const toasts: unknown[] = [];
  const logic = correctionRequestMachine.provide({
    actors: {
      submit: fromPromise<{ msg?: string }, CorrectionCreate>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
    actions: { notify: (_, result) => void toasts.push(result) },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const fill = (values: Partial<CorrectionValues>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as keyof CorrectionValues, value: value! });
  };
  const settled = () => waitFor(actor, (s) => s.matches('success') || s.matches('error'), { timeout: 15_000 });
  return { actor, calls, toasts, fill, settled };
}

const GOOD = { date: '2026-03-05', inTime: '09:30', outTime: '18:15', kind: 'missed-punch-in', reason: '  Forgot my card  ' };

describe('correction request machine', () => {
  it('sends the trimmed request, then clears the form and shows the server msg', async () => {
    const { actor, calls, fill, settled } = start(() => Promise.resolve({ msg: CORRECTION_MSG.requested }));
    fill(GOOD);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled();
    expect(calls).toEqual([{ ...GOOD, reason: 'Forgot my card' }]);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({
      message: CORRECTION_MSG.requested,
      error: null,
      values: { date: '', inTime: '', outTime: '', kind: 'missed-punch-out', reason: '' },
    });
  });

  it('sends nothing while a field is blank, or the out time is not after the in time', async () => {
    const { actor, calls, fill } = start(() => Promise.resolve({}));
    fill({ ...GOOD, reason: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(CORRECTION_UI.allRequired);
    fill({ reason: 'Forgot', outTime: '09:00' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(CORRECTION_MSG.outNotAfterIn);
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the form (no second toast), keeping what was typed", async () => {
    const refusal = { status: 409, data: { msg: CORRECTION_MSG.duplicate('2026-03-05', 'pending') } };
    const { actor, toasts, fill, settled } = start(() => Promise.reject(refusal));
    fill(GOOD);
    actor.send({ type: 'SUBMIT' });
    await settled();
    const text = CORRECTION_UI.submitFailed + CORRECTION_MSG.duplicate('2026-03-05', 'pending');
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ error: text, values: GOOD });
    expect(toasts).toEqual([]);
  });
});
