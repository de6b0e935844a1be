import { createActor, fromPromise, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { feedbackEffects } from '../../feedback/effects';
import { feedbackMachine } from '../../feedback/feedback-machine';
import type { ConfirmQuestion } from '../../flows/row-action-machine';
import { DELETE_QUESTION, employeeActionsMachine, type SlipPeriod, type SlipPeriodQuestion } from './employee-actions-machine';

interface Answers {
  remove?: () => Promise<unknown>;
  email?: () => Promise<{ msg?: string }>;
  /** The questions' implementations; left out, they wait for CONFIRM / CANCEL / CHOOSE_PERIOD. */
  confirm?: (question: ConfirmQuestion, signal: AbortSignal) => Promise<boolean>;
  period?: (question: SlipPeriodQuestion, signal: AbortSignal) => Promise<SlipPeriod | null>;
}

function start(answers: Answers = {}) {
  const notified: { tone: string; message: string }[] = [];
  const deleted: string[] = [];
  const emailed: SalaryEmail[] = [];
  const logic = employeeActionsMachine.provide({
    actions: { notify: (_, result) => notified.push(result) },
    actors: {
      ...(answers.confirm && { confirmDelete: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => answers.confirm!(input, signal)) }),
      ...(answers.period && {
        askSlipPeriod: fromPromise<SlipPeriod | null, SlipPeriodQuestion>(({ input, signal }) => answers.period!(input, signal)),
      }),
      deleteEmployee: fromPromise<unknown, string>(({ input }) => {
        deleted.push(input);
        return answers.remove ? answers.remove() : Promise.resolve({ msg: 'Employee deleted successfully' });
      }),
      emailSalarySlip: fromPromise<{ msg?: string }, SalaryEmail>(({ input }) => {
        emailed.push(input);
        return answers.email ? answers.email() : Promise.resolve({ msg: 'Salary slip for March 2025 emailed to a@b.com' });
      }),
    },
  });
  const actor = createActor(logic).start();
  type State = Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0];
  const reach = (state: State) => waitFor(actor, (s) => s.matches(state), { timeout: 15_000 });
  return { actor, notified, deleted, emailed, reach };
}

describe('employee list actions machine: Delete', () => {
  it('asks the spec question first (confirmingDelete, the row busy); CONFIRM deletes and shows the spec text', async () => {
    const { actor, notified, deleted, reach } = start();
    actor.send({ type: 'DELETE', id: '42' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.target).toBe('42');
    expect(deleted).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await reach('succeeded');
    expect(deleted).toEqual(['42']);
    expect(notified).toEqual([{ tone: 'success', message: MSG.employeeDeleted }]);
    expect(actor.getSnapshot().context).toMatchObject({ target: null, result: { tone: 'success', message: MSG.employeeDeleted } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('CANCEL deletes nothing and says nothing', () => {
    const { actor, notified, deleted } = start();
    actor.send({ type: 'DELETE', id: '42' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(deleted).toEqual([]);
    expect(notified).toEqual([]);
  });

  it("a failed delete is the failed result: 'Error deleting employee: ' + the server msg, or the fallback", async () => {
    const first = start({ remove: () => Promise.reject({ status: 404, data: { msg: 'Employee not found' } }) });
    first.actor.send({ type: 'DELETE', id: '42' });
    first.actor.send({ type: 'CONFIRM' });
    await first.reach('failed');
    expect(first.notified).toEqual([{ tone: 'error', message: `${PREFIX.deleteEmployee}Employee not found` }]);
    expect(first.actor.getSnapshot().context.result).toEqual({ tone: 'error', message: `${PREFIX.deleteEmployee}Employee not found` });

    const second = start({ remove: () => Promise.reject({ status: 500 }) });
    second.actor.send({ type: 'DELETE', id: '42' });
    second.actor.send({ type: 'CONFIRM' });
    await second.reach('failed');
    expect(second.notified).toEqual([{ tone: 'error', message: `${PREFIX.deleteEmployee}${FALLBACK.server}` }]);
  });

  it('the question the dialog is given is the spec text, as a danger, and its answer decides', async () => {
    const asked: ConfirmQuestion[] = [];
    let answer = false;
    const { actor, deleted, reach } = start({
      confirm: async (question) => {
        asked.push(question);
        return answer;
      },
    });
    actor.send({ type: 'DELETE', id: '1' });
    await reach('idle');
    expect(deleted).toEqual([]);
    answer = true;
    actor.send({ type: 'DELETE', id: '1' });
    await reach('succeeded');
    expect(deleted).toEqual(['1']);
    expect(asked).toEqual([DELETE_QUESTION, DELETE_QUESTION]);
    expect(DELETE_QUESTION).toMatchObject({ message: 'Are you sure you want to delete this employee?', danger: true });
  });
});

describe('employee list actions machine: Email Salary Slip', () => {
  it('askingPeriod: CHOOSE_PERIOD sends the month and year exactly as typed, then shows the server msg', async () => {
    const { actor, notified, emailed, reach } = start();
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007', name: 'Asha Rao' });
    expect(actor.getSnapshot().value).toBe('askingPeriod');
    expect(actor.getSnapshot().context).toMatchObject({ target: 'EMP0007', name: 'Asha Rao' });
    actor.send({ type: 'CHOOSE_PERIOD', period: { month: ' marCH ', year: '25' } });
    await reach('succeeded');
    expect(emailed).toEqual([{ employeeId: 'EMP0007', month: ' marCH ', year: '25' }]);
    expect(notified).toEqual([{ tone: 'success', message: 'Salary slip for March 2025 emailed to a@b.com' }]);
  });

  it('CANCEL sends nothing', () => {
    const { actor, notified, emailed } = start();
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emailed).toEqual([]);
    expect(notified).toEqual([]);
  });

  it("a failed email is the failed result: 'Error emailing salary slip: ' + the server msg", async () => {
    const { actor, notified, reach } = start({
      email: () => Promise.reject({ status: 400, data: { msg: 'month must be a month name or 1-12' } }),
    });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007' });
    actor.send({ type: 'CHOOSE_PERIOD', period: { month: 'Smarch', year: '2025' } });
    await reach('failed');
    expect(notified).toEqual([{ tone: 'error', message: `${PREFIX.emailSalarySlip}month must be a month name or 1-12` }]);
  });

  it("through the app's feedback actor: the period dialog opens for that employee and its answer is sent", async () => {
    const feedback = createActor(feedbackMachine).start();
    const effects = feedbackEffects(feedback);
    const { actor, emailed, reach } = start({
      period: (question, signal) =>
        effects.prompt({ title: 'Email Salary Slip', message: question.name ?? question.employeeId, submitLabel: 'Send', initial: { month: 'May', year: '2026' } }, signal),
    });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0003', name: 'Ravi Kumar' });
    const open = feedback.getSnapshot().context.dialogs;
    expect(open).toMatchObject([{ kind: 'period', message: 'Ravi Kumar', initial: { month: 'May', year: '2026' } }]);
    feedback.send({ type: 'ANSWER', id: open[0]!.id, answer: { month: 'April', year: '2026' } });
    await reach('succeeded');
    expect(emailed).toEqual([{ employeeId: 'EMP0003', month: 'April', year: '2026' }]);
  });
});

describe('employee list actions machine: one at a time', () => {
  it('clicks during a question or a running action are ignored; a shown result takes the next action', async () => {
    let release!: () => void;
    const { actor, deleted, emailed, reach } = start({ remove: () => new Promise((r) => (release = () => r({}))) });
    actor.send({ type: 'DELETE', id: '1' });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0002' });
    expect(actor.getSnapshot().context.target).toBe('1');
    actor.send({ type: 'CONFIRM' });
    await reach('deleting');
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0002' });
    release();
    await reach('succeeded');
    expect(deleted).toEqual(['1']);

    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0002' });
    expect(actor.getSnapshot().value).toBe('askingPeriod');
    expect(actor.getSnapshot().context.result).toBeNull();
    actor.send({ type: 'CHOOSE_PERIOD', period: { month: 'June', year: '2026' } });
    await reach('succeeded');
    expect(emailed).toHaveLength(1);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
