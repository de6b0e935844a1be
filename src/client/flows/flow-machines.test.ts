/**
 * The shared flow machines, headless: confirming answered by CONFIRM / CANCEL events, the shown
 * result states, and the same question answered through the app's real feedback actor.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { feedbackEffects } from '../feedback/effects';
import { feedbackMachine } from '../feedback/feedback-machine';
import { anyBlank, createFormSubmitMachine } from './form-submit-machine';
import { createRowActionMachine, type ConfirmQuestion, type FlowResult } from './row-action-machine';

interface Archive {
  id: string;
}

const QUESTION: ConfirmQuestion = { message: 'Archive this record?', confirmLabel: 'Archive', danger: true };

const archiveMachine = createRowActionMachine<Archive>({
  id: 'archive',
  failure: (error) => `Error archiving: ${(error as Error).message}`,
  confirmation: (input) => (input.id === 'draft' ? null : QUESTION),
});

function startRow(answer: (input: Archive) => Promise<{ msg?: string }>, confirm?: (q: ConfirmQuestion, signal: AbortSignal) => Promise<boolean>) {
  const notified: (FlowResult | null)[] = [];
  const ran: Archive[] = [];
  const logic = archiveMachine.provide({
    actors: {
      run: fromPromise<{ msg?: string }, Archive>(({ input }) => {
        ran.push(input);
        return answer(input);
      }),
      ...(confirm ? { confirm: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => confirm(input, signal)) } : {}),
    },
    actions: { notify: (_, result) => notified.push(result) },
  });
  const actor = createActor(logic).start();
  const reach = (state: 'idle' | 'succeeded' | 'failed') => waitFor(actor, (s) => s.matches(state), { timeout: 15_000 });
  return { actor, notified, ran, reach };
}

describe('row action machine', () => {
  it('confirming: CONFIRM runs the action; the success is the shown result', async () => {
    const { actor, notified, ran, reach } = startRow(() => Promise.resolve({ msg: 'Archived' }));
    actor.send({ type: 'RUN', input: { id: '7' } });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.pending).toEqual({ id: '7' });
    expect(ran).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await reach('succeeded');
    expect(ran).toEqual([{ id: '7' }]);
    expect(actor.getSnapshot().context).toEqual({ pending: null, result: { tone: 'success', message: 'Archived' } });
    expect(notified).toEqual([{ tone: 'success', message: 'Archived' }]);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('confirming: CANCEL runs nothing and says nothing', () => {
    const { actor, notified, ran } = startRow(() => Promise.resolve({}));
    actor.send({ type: 'RUN', input: { id: '7' } });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(ran).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('a failure is the shown result, with the feature text; the next RUN starts from there', async () => {
    const { actor, notified, reach } = startRow((input) =>
      input.id === '1' ? Promise.reject(new Error('locked')) : Promise.resolve({ msg: 'Archived' }),
    );
    actor.send({ type: 'RUN', input: { id: '1' } });
    actor.send({ type: 'CONFIRM' });
    await reach('failed');
    expect(actor.getSnapshot().context.result).toEqual({ tone: 'error', message: 'Error archiving: locked' });
    actor.send({ type: 'RUN', input: { id: '2' } });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await reach('succeeded');
    expect(notified.map((n) => n?.tone)).toEqual(['error', 'success']);
  });

  it('an input without a question runs at once; a success without a msg shows nothing', async () => {
    const { actor, notified, reach } = startRow(() => Promise.resolve({}));
    actor.send({ type: 'RUN', input: { id: 'draft' } });
    expect(actor.getSnapshot().value).toBe('running');
    await reach('succeeded');
    expect(notified).toEqual([null]);
  });

  it('one at a time: RUN while confirming or running is ignored', async () => {
    let release!: () => void;
    const { actor, ran, reach } = startRow(() => new Promise((resolve) => (release = () => resolve({}))));
    actor.send({ type: 'RUN', input: { id: '1' } });
    actor.send({ type: 'RUN', input: { id: '2' } });
    expect(actor.getSnapshot().context.pending).toEqual({ id: '1' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'RUN', input: { id: '3' } });
    release();
    await reach('succeeded');
    expect(ran).toEqual([{ id: '1' }]);
  });

  it("through the app's feedback actor: the in-app confirm's answer drives the same states", async () => {
    const feedback = createActor(feedbackMachine).start();
    const effects = feedbackEffects(feedback);
    const { actor, ran, reach } = startRow(() => Promise.resolve({ msg: 'Archived' }), effects.confirm);
    const open = () => feedback.getSnapshot().context.dialogs;

    actor.send({ type: 'RUN', input: { id: '7' } });
    expect(open()).toMatchObject([{ kind: 'confirm', message: 'Archive this record?', confirmLabel: 'Archive', danger: true }]);
    feedback.send({ type: 'ANSWER', id: open()[0]!.id, answer: false });
    await reach('idle');
    expect(ran).toEqual([]);

    actor.send({ type: 'RUN', input: { id: '7' } });
    feedback.send({ type: 'ANSWER', id: open()[0]!.id, answer: true });
    await reach('succeeded');
    expect(ran).toEqual([{ id: '7' }]);

    // Answered by event instead, the dialog the flow had opened is closed (its actor stopped).
    actor.send({ type: 'RUN', input: { id: '8' } });
    expect(open()).toHaveLength(1);
    actor.send({ type: 'CANCEL' });
    expect(open()).toEqual([]);
  });
});

describe('form flow machine with a confirmation', () => {
  const machine = createFormSubmitMachine<{ note: string }, { note: string }>({
    id: 'note',
    blank: { note: '' },
    validate: (values) => (anyBlank(values) ? 'All fields are required' : null),
    toInput: (values) => ({ note: values.note.trim() }),
    failure: () => 'Error saving note: Server error',
    alertOnFailure: true,
    afterSuccess: 'keepEditing',
    confirmation: (values) => ({ message: `Save "${values.note}"?`, confirmLabel: 'Save' }),
  });

  function startForm(answer: () => Promise<{ msg?: string }>) {
    const notified: FlowResult[] = [];
    const sent: { note: string }[] = [];
    const logic = machine.provide({
      actors: {
        submit: fromPromise<{ msg?: string }, { note: string }>(({ input }) => {
          sent.push(input);
          return answer();
        }),
      },
      actions: { notify: (_, result) => notified.push(result) },
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'CHANGE', field: 'note', value: ' hello ' });
    return { actor, notified, sent, reach: (state: 'success' | 'error') => waitFor(actor, (s) => s.matches(state), { timeout: 15_000 }) };
  }

  it('a valid SUBMIT asks first; CANCEL keeps the values, CONFIRM sends them and shows the msg', async () => {
    const { actor, sent, reach } = startForm(() => Promise.resolve({ msg: 'Note saved' }));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ note: ' hello ' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await reach('success');
    expect(sent).toEqual([{ note: 'hello' }]);
    expect(actor.getSnapshot().context).toMatchObject({ values: { note: '' }, message: 'Note saved', error: null });
  });

  it('an invalid SUBMIT never asks; a failure shows in the form and as an error toast', async () => {
    const { actor, notified, reach } = startForm(() => Promise.reject({ status: 500 }));
    actor.send({ type: 'CHANGE', field: 'note', value: '  ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('All fields are required');
    actor.send({ type: 'CHANGE', field: 'note', value: 'x' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await reach('error');
    expect(actor.getSnapshot().context.error).toBe('Error saving note: Server error');
    expect(notified).toEqual([{ tone: 'error', message: 'Error saving note: Server error' }]);
  });
});

describe('form flow machine for an edit form (initial values, alerts, refusal)', () => {
  type Values = { name: string; email: string };
  type Input = { id: string; name: string };
  type Output = { msg?: string; pendingEmail?: string };
  const options = {
    blank: { name: '', email: '' },
    validate: (values: Values) => (anyBlank(values) ? 'All fields are required' : null),
    toInput: (values: Values, target: string | undefined): Input => ({ id: target!, name: values.name.trim() }),
    failure: () => 'Error saving: Server error',
    announce: 'alert' as const,
  };
  const stay = createFormSubmitMachine<Values, Input, Output>({ ...options, id: 'stay', afterSuccess: 'keepEditing' });
  const leave = createFormSubmitMachine<Values, Input, Output>({ ...options, id: 'leave', afterSuccess: 'redirect', refusal: 'Please login first' });

  function startEdit(machine: typeof stay, answer: () => Promise<Output>, allowed = () => true) {
    const effects: string[] = [];
    const sent: Input[] = [];
    const accepted: Output[] = [];
    const logic = machine.provide({
      actors: {
        submit: fromPromise<Output, Input>(({ input }) => {
          sent.push(input);
          return answer();
        }),
      },
      actions: {
        notify: (_, { tone, message }) => effects.push(`${tone}: ${message}`),
        redirect: () => effects.push('redirect'),
        leave: () => effects.push('leave'),
        accepted: (_, output) => accepted.push(output),
      },
      guards: { allowed },
    });
    const actor = createActor(logic, { input: { values: { name: 'Asha', email: 'asha@example.com' }, target: '7' } }).start();
    const settled = () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 });
    return { actor, effects, sent, accepted, settled };
  }

  it('starts from the input values and sends them with the record id', async () => {
    const { actor, sent, settled } = startEdit(stay, () => Promise.resolve({ msg: 'Saved' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Asha', email: 'asha@example.com' });
    actor.send({ type: 'CHANGE', field: 'name', value: ' Asha Rao ' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(sent).toEqual([{ id: '7', name: 'Asha Rao' }]);
  });

  it('alerted and staying: the msg is a toast, the fields keep what was saved, the answer is kept', async () => {
    const { actor, effects, accepted, settled } = startEdit(stay, () => Promise.resolve({ msg: 'Saved', pendingEmail: 'new@example.com' }));
    actor.send({ type: 'CHANGE', field: 'name', value: 'Asha Rao' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(effects).toEqual(['success: Saved']);
    expect(accepted).toEqual([{ msg: 'Saved', pendingEmail: 'new@example.com' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      values: { name: 'Asha Rao', email: 'asha@example.com' },
      message: null,
      error: null,
      result: { pendingEmail: 'new@example.com' },
    });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  it('in the form and staying: an editor of a record keeps what was saved; without keepSaved it starts over', async () => {
    const inForm = { ...options, announce: 'inForm' as const, afterSuccess: 'keepEditing' as const };
    const saved = startEdit(createFormSubmitMachine<Values, Input, Output>({ ...inForm, id: 'keep', keepSaved: true }) as typeof stay, () => Promise.resolve({ msg: 'Saved' }));
    saved.actor.send({ type: 'CHANGE', field: 'name', value: 'Asha Rao' });
    saved.actor.send({ type: 'SUBMIT' });
    await saved.settled();
    expect(saved.actor.getSnapshot().context).toMatchObject({ values: { name: 'Asha Rao', email: 'asha@example.com' }, message: 'Saved' });

    const over = startEdit(createFormSubmitMachine<Values, Input, Output>({ ...inForm, id: 'over' }) as typeof stay, () => Promise.resolve({ msg: 'Saved' }));
    over.actor.send({ type: 'CHANGE', field: 'name', value: 'Asha Rao' });
    over.actor.send({ type: 'SUBMIT' });
    await over.settled();
    expect(over.actor.getSnapshot().context).toMatchObject({ values: { name: 'Asha', email: 'asha@example.com' }, message: 'Saved' });
  });

  it('alert, then redirect: the toast first, the redirect at once, final', async () => {
    const { actor, effects, settled } = startEdit(leave, () => Promise.resolve({ msg: 'Saved' }));
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(effects).toEqual(['success: Saved', 'redirect']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('alerted failures are toasts only; a blank field shows in the form and sends nothing', async () => {
    const { actor, effects, sent, settled } = startEdit(leave, () => Promise.reject({ status: 500 }));
    actor.send({ type: 'CHANGE', field: 'email', value: ' ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('All fields are required');
    expect(sent).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b.c' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(effects).toEqual(['error: Error saving: Server error']);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  it('a refusal naming the form\'s fields is never toasted: each field is marked, the text stands in the form', async () => {
    const refusal = { status: 400, data: { msg: 'name is too long', fieldErrors: { name: 'name is too long', email: 'email must be an email address', 'x.other': 'not on this form' } } };
    const { actor, effects, settled } = startEdit(leave, () => Promise.reject(refusal));
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(effects).toEqual([]);
    // Each mark without the API's name of its field, which the field's label says.
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Too long', email: 'Must be an email address' });
    expect(actor.getSnapshot().context.error).toBe('Error saving: Server error');
    actor.send({ type: 'CHANGE', field: 'name', value: 'Asha' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Must be an email address' });
    expect(actor.getSnapshot().context.error).toBe('Error saving: Server error');
    // The last marked field edited: the form's line goes with it.
    actor.send({ type: 'CHANGE', field: 'email', value: 'asha@example.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('refused on start, or on a SUBMIT once no longer allowed: the refusal is alerted and the form left', () => {
    const first = startEdit(leave, () => Promise.resolve({}), () => false);
    expect(first.actor.getSnapshot().value).toBe('refused');
    expect(first.effects).toEqual(['error: Please login first', 'leave']);

    let allowed = true;
    const second = startEdit(leave, () => Promise.resolve({}), () => allowed);
    allowed = false;
    second.actor.send({ type: 'SUBMIT' });
    expect(second.effects).toEqual(['error: Please login first', 'leave']);
    expect(second.sent).toEqual([]);
  });
});
