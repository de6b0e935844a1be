import { createActor, SimulatedClock } from 'xstate';
import { feedbackEffects } from './effects';
import { feedbackMachine, MAX_TOASTS, TOAST_LIFETIME_MS, type Toast } from './feedback-machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(feedbackMachine, { clock }).start();
  const toasts = () => actor.getSnapshot().context.toasts.map((t) => `${t.tone}:${t.message}`);
  const dialogs = () => actor.getSnapshot().context.dialogs;
  return { actor, clock, toasts, dialogs, effects: feedbackEffects(actor) };
}

const toast = (id: string, tone: Toast['tone'], message: string) => ({ type: 'TOAST' as const, toast: { id, tone, message } });

describe('feedback machine: toasts', () => {
  it('successes and notes leave after their lifetime; errors stay until dismissed', () => {
    const { actor, clock, toasts } = start();
    actor.send(toast('1', 'success', 'Punched in successfully'));
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(toasts()).toEqual(['success:Punched in successfully']);
    clock.increment(1);
    expect(toasts()).toEqual([]);
    actor.send(toast('2', 'error', 'Error punching out: Not punched in today'));
    clock.increment(TOAST_LIFETIME_MS * 10);
    expect(toasts()).toEqual(['error:Error punching out: Not punched in today']);
    actor.send({ type: 'DISMISS', id: '2' });
    expect(toasts()).toEqual([]);
  });

  it('shows one toast at a time: a newer one replaces the old, and a success ends a stale error', () => {
    const { actor, clock, toasts } = start();
    actor.send(toast('1', 'error', 'Error saving leave type: A leave type named Casual already exists'));
    actor.send(toast('2', 'success', 'Maternity Leave added'));
    expect(toasts()).toEqual(['success:Maternity Leave added']);
    clock.increment(TOAST_LIFETIME_MS);
    // The old error does not come back when the success leaves.
    expect(toasts()).toEqual([]);
    actor.send(toast('3', 'success', 'Saved'));
    actor.send(toast('4', 'error', 'Error updating employee: Employee not found'));
    expect(toasts()).toEqual(['error:Error updating employee: Employee not found']);
    // The success's timer went with it: nothing fires later.
    clock.increment(TOAST_LIFETIME_MS * 2);
    expect(toasts()).toEqual(['error:Error updating employee: Employee not found']);
  });

  it('SETTLE (a success said in the page) ends an error toast and leaves a success alone', () => {
    const { actor, toasts, effects } = start();
    effects.toast('error', 'Error deleting employee: Employee not found');
    effects.settle();
    expect(toasts()).toEqual([]);
    effects.toast('success', 'Holiday added');
    effects.settle();
    expect(toasts()).toEqual(['success:Holiday added']);
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
  });

  it('holds the timers while the toasts are hovered or focused, and gives each its full time again after', () => {
    const { actor, clock, toasts } = start();
    actor.send(toast('1', 'success', 'Employee deleted successfully'));
    clock.increment(TOAST_LIFETIME_MS - 100);
    actor.send({ type: 'HOLD' });
    clock.increment(TOAST_LIFETIME_MS * 5);
    expect(toasts()).toEqual(['success:Employee deleted successfully']);
    actor.send({ type: 'RELEASE' });
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(toasts()).toHaveLength(1);
    clock.increment(1);
    expect(toasts()).toEqual([]);
  });

  it('a toast arriving during a hold waits for the release', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'HOLD' });
    actor.send(toast('1', 'success', 'Saved'));
    clock.increment(TOAST_LIFETIME_MS * 2);
    expect(toasts()).toHaveLength(1);
    actor.send({ type: 'RELEASE' });
    clock.increment(TOAST_LIFETIME_MS);
    expect(toasts()).toEqual([]);
  });

  it('shows a repeated message once (the newest, with a fresh timer) and never more than MAX_TOASTS', () => {
    const { actor, clock, toasts } = start();
    actor.send(toast('1', 'success', 'Same'));
    clock.increment(TOAST_LIFETIME_MS - 10);
    actor.send(toast('2', 'success', 'Same'));
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(['2']);
    clock.increment(20);
    expect(toasts()).toEqual(['success:Same']);

    for (let i = 0; i < 5; i++) actor.send(toast(`e${i}`, 'error', `Error ${i}`));
    expect(MAX_TOASTS).toBe(1);
    expect(toasts()).toEqual(['error:Error 4']);
  });
});

describe('feedback machine: dialogs and the effects on it', () => {
  it('queues dialogs and shows them in order; confirm resolves with the answer', async () => {
    const { actor, dialogs, effects } = start();
    const first = effects.confirm({ message: 'Are you sure you want to delete this employee?', confirmLabel: 'Delete', danger: true });
    const second = effects.confirm({ message: 'Second?', confirmLabel: 'Yes' });
    expect(dialogs().map((d) => d.message)).toEqual(['Are you sure you want to delete this employee?', 'Second?']);
    actor.send({ type: 'ANSWER', id: dialogs()[0]!.id, answer: true });
    await expect(first).resolves.toBe(true);
    expect(dialogs().map((d) => d.message)).toEqual(['Second?']);
    actor.send({ type: 'ANSWER', id: dialogs()[0]!.id, answer: false });
    await expect(second).resolves.toBe(false);
    expect(dialogs()).toEqual([]);
  });

  it('prompt resolves with the period typed, or null when cancelled', async () => {
    const { actor, dialogs, effects } = start();
    const request = { title: 'Email Salary Slip', message: 'For EMP0001', submitLabel: 'Send', initial: { month: 'September', year: '2026' } };
    const sent = effects.prompt(request);
    expect(dialogs()[0]).toMatchObject({ kind: 'period', initial: { month: 'September', year: '2026' } });
    actor.send({ type: 'ANSWER', id: dialogs()[0]!.id, answer: { month: 'march', year: '2025' } });
    await expect(sent).resolves.toEqual({ month: 'march', year: '2025' });
    const cancelled = effects.prompt(request);
    actor.send({ type: 'ANSWER', id: dialogs()[0]!.id, answer: null });
    await expect(cancelled).resolves.toBeNull();
  });

  it('an aborted question closes its dialog as cancelled; a late answer changes nothing', async () => {
    const { actor, dialogs, effects } = start();
    const controller = new AbortController();
    const asked = effects.confirm({ message: 'Delete?', confirmLabel: 'Delete' }, controller.signal);
    const id = dialogs()[0]!.id;
    controller.abort();
    await expect(asked).resolves.toBe(false);
    expect(dialogs()).toEqual([]);
    actor.send({ type: 'ANSWER', id, answer: true });
    expect(dialogs()).toEqual([]);
    // Already aborted: nothing opens at all.
    await expect(effects.confirm({ message: 'Again?', confirmLabel: 'Yes' }, controller.signal)).resolves.toBe(false);
    expect(dialogs()).toEqual([]);
  });

  it('alert resolves once acknowledged; toast adds a toast', async () => {
    const { actor, dialogs, effects, toasts } = start();
    let acknowledged = false;
    const shown = effects.alert('This feature is under maintenance and will be available soon.').then(() => (acknowledged = true));
    expect(dialogs()[0]).toMatchObject({ kind: 'alert', message: 'This feature is under maintenance and will be available soon.' });
    await Promise.resolve();
    expect(acknowledged).toBe(false);
    actor.send({ type: 'ANSWER', id: dialogs()[0]!.id, answer: true });
    await shown;
    expect(acknowledged).toBe(true);
    effects.toast('error', 'Error deleting employee: Employee not found');
    expect(toasts()).toEqual(['error:Error deleting employee: Employee not found']);
  });
});
