/** The day dialogs' flows, driven headlessly with their calls stubbed at the injection point. */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkMarkAnswer, BulkMarkBody } from '../../../shared/schemas/attendance-admin';
import { dayFormMachine, dayTarget, markDaysMachine, splitCodes, toDayBody } from './admin-days-machines';

const answer = (dryRun: boolean, set: number): BulkMarkAnswer => ({ msg: dryRun ? `Dry run, nothing written: ${set} days would be marked present` : `Marked ${set} days present`, dryRun, set, replaced: 0, skipped: [], skippedCount: 0, counts: { added: set, updated: 0, unchanged: 0, failed: 0 }, rows: [], errors: [] });

function startMarking(calls: { body: BulkMarkBody; dryRun: boolean }[], fail?: (dryRun: boolean) => unknown) {
  const notes: string[] = [];
  let finished = 0;
  const actor = createActor(
    markDaysMachine.provide({
      actors: {
        markDays: fromPromise<BulkMarkAnswer, { body: BulkMarkBody; dryRun: boolean }>(async ({ input }) => {
          calls.push(input);
          const failure = fail?.(input.dryRun);
          if (failure) throw failure;
          return answer(input.dryRun, input.body.employeeIds.length * 3);
        }),
      },
      actions: { notify: (_, { message }) => notes.push(message), finished: () => (finished += 1) },
    }),
    { input: { pageCodes: ['ACM001', 'ACM002'], from: '2026-10-01', to: '2026-10-05' } },
  ).start();
  return { actor, notes, finished: () => finished };
}

describe('markDaysMachine', () => {
  it('previews with a dry run, then marks exactly what was previewed', async () => {
    const calls: { body: BulkMarkBody; dryRun: boolean }[] = [];
    const { actor, notes, finished } = startMarking(calls);
    actor.send({ type: 'CHANGE', field: 'reason', value: 'Gate register for October' });
    actor.send({ type: 'PREVIEW' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(actor.getSnapshot().context.preview).toMatchObject({ dryRun: true, set: 6 });
    actor.send({ type: 'MARK' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.map((c) => c.dryRun)).toEqual([true, false]);
    expect(calls[1]!.body).toEqual({ employeeIds: ['ACM001', 'ACM002'], from: '2026-10-01', to: '2026-10-05', status: 'P', includeDaysOff: false, reason: 'Gate register for October' });
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(notes).toEqual(['Marked 6 days present']);
    expect(finished()).toBe(1);
  });

  it('marks every wrong field at once and sends nothing', () => {
    const calls: { body: BulkMarkBody; dryRun: boolean }[] = [];
    const { actor } = startMarking(calls);
    actor.send({ type: 'CHANGE', field: 'people', value: 'codes' });
    actor.send({ type: 'CHANGE', field: 'to', value: '2026-09-01' });
    actor.send({ type: 'PREVIEW' });
    const { fieldErrors } = actor.getSnapshot().context;
    expect(Object.keys(fieldErrors).sort()).toEqual(['codes', 'reason', 'to']);
    expect(calls).toEqual([]);
    // Editing a field clears its own mark only.
    actor.send({ type: 'CHANGE', field: 'reason', value: 'x' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(['codes', 'to']);
  });

  it('goes back to editing when anything changes after a preview, so an old preview is never confirmed', async () => {
    const calls: { body: BulkMarkBody; dryRun: boolean }[] = [];
    const { actor } = startMarking(calls);
    actor.send({ type: 'CHANGE', field: 'reason', value: 'Records' });
    actor.send({ type: 'PREVIEW' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'CHANGE', field: 'status', value: 'A' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'MARK' });
    expect(calls.every((c) => c.dryRun)).toBe(true);
  });

  it("keeps the preview and says why when marking fails, and maps the server's field errors", async () => {
    const calls: { body: BulkMarkBody; dryRun: boolean }[] = [];
    const serverRefusal = { status: 400, data: { msg: 'No employee has the employeeId ghost1', fieldErrors: { 'employeeIds.0': 'unknown employee' } } };
    const { actor } = startMarking(calls, (dryRun) => (dryRun ? (calls.length === 1 ? serverRefusal : undefined) : { status: 409, data: { msg: 'October 2026 is approved: its payroll is locked' } }));
    actor.send({ type: 'CHANGE', field: 'reason', value: 'Records' });
    actor.send({ type: 'PREVIEW' });
    await waitFor(actor, (s) => s.matches('editing') && !!s.context.error);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ codes: 'unknown employee' });
    actor.send({ type: 'PREVIEW' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'MARK' });
    await waitFor(actor, (s) => s.matches('reviewing') && !!s.context.error);
    expect(actor.getSnapshot().context.error).toMatch(/locked/);
    expect(actor.getSnapshot().context.preview).not.toBeNull();
  });

  it('reads typed employee IDs separated any common way', () => {
    expect(splitCodes(' ACM1, ACM2;ACM3\nACM1  ')).toEqual(['ACM1', 'ACM2', 'ACM3']);
  });
});

describe('dayFormMachine', () => {
  it('sends the day with its punches, and none for an absent day', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      dayFormMachine.provide({ actors: { submit: fromPromise(async ({ input }) => (sent.push(input), { msg: 'set' })) }, actions: { notify: () => {}, accepted: () => {} } }),
      { input: { target: dayTarget('ACM001', '2026-10-07') } },
    ).start();
    actor.send({ type: 'CHANGE', field: 'punchIn', value: '09:15' });
    actor.send({ type: 'CHANGE', field: 'punchOut', value: '18:05' });
    actor.send({ type: 'SUBMIT' });
    // No reason: nothing is sent and the field is marked.
    expect(actor.getSnapshot().context.fieldErrors.reason).toBeTruthy();
    actor.send({ type: 'CHANGE', field: 'reason', value: 'Gate register' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, () => sent.length === 1);
    expect(sent[0]).toEqual({ employeeId: 'ACM001', date: '2026-10-07', status: 'P', punchIn: '09:15', punchOut: '18:05', reason: 'Gate register' });
    expect(toDayBody({ status: 'A', punchIn: '09:15', punchOut: '', reason: 'r' }, dayTarget('ACM001', '2026-10-07'))).toMatchObject({ punchIn: null, punchOut: null });
  });
});
