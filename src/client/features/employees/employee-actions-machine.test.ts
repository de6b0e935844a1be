import { createActor, fromPromise, waitFor } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../../shared/messages';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { employeeActionsMachine, type SlipPeriod } from './employee-actions-machine';

interface Answers {
  confirm?: boolean;
  period?: SlipPeriod | null;
  remove?: () => Promise<unknown>;
  email?: () => Promise<{ msg?: string }>;
}

function start(answers: Answers = {}) {
  const alert = jest.fn();
  const deleted: string[] = [];
  const emailed: SalaryEmail[] = [];
  const asked = { confirm: 0, period: 0 };
  const logic = employeeActionsMachine.provide({
    actions: { alert: (_, { message }) => alert(message) },
    actors: {
      confirmDelete: fromPromise(async () => {
        asked.confirm += 1;
        return answers.confirm ?? true;
      }),
      askSlipPeriod: fromPromise(async () => {
        asked.period += 1;
        return answers.period === undefined ? { month: 'March', year: '2025' } : answers.period;
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
  const idle = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 1000 });
  return { actor, alert, deleted, emailed, asked, idle };
}

describe('employee list actions machine', () => {
  it('Delete asks for confirmation, deletes, then alerts the spec text', async () => {
    const { actor, alert, deleted, asked, idle } = start();
    actor.send({ type: 'DELETE', id: '42' });
    expect(actor.getSnapshot().context.target).toBe('42');
    await idle();
    expect(asked.confirm).toBe(1);
    expect(deleted).toEqual(['42']);
    expect(alert.mock.calls).toEqual([[MSG.employeeDeleted]]);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('a declined confirmation deletes nothing and says nothing', async () => {
    const { actor, alert, deleted, idle } = start({ confirm: false });
    actor.send({ type: 'DELETE', id: '42' });
    await idle();
    expect(deleted).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("a failed delete alerts 'Error deleting employee: ' + the server msg", async () => {
    const { actor, alert, idle } = start({ remove: () => Promise.reject({ status: 404, data: { msg: 'Employee not found' } }) });
    actor.send({ type: 'DELETE', id: '42' });
    await idle();
    expect(alert.mock.calls).toEqual([[`${PREFIX.deleteEmployee}Employee not found`]]);
  });

  it('a failed delete without a msg uses the generic fallback', async () => {
    const { actor, alert, idle } = start({ remove: () => Promise.reject({ status: 500 }) });
    actor.send({ type: 'DELETE', id: '42' });
    await idle();
    expect(alert.mock.calls).toEqual([[`${PREFIX.deleteEmployee}${FALLBACK.server}`]]);
  });

  it('Email Salary Slip sends the month and year exactly as typed, then alerts the server msg', async () => {
    const { actor, alert, emailed, idle } = start({ period: { month: ' marCH ', year: '25' } });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007' });
    await idle();
    expect(emailed).toEqual([{ employeeId: 'EMP0007', month: ' marCH ', year: '25' }]);
    expect(alert.mock.calls).toEqual([['Salary slip for March 2025 emailed to a@b.com']]);
  });

  it('cancelling the prompts sends nothing', async () => {
    const { actor, alert, emailed, idle } = start({ period: null });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007' });
    await idle();
    expect(emailed).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("a failed email alerts 'Error emailing salary slip: ' + the server msg", async () => {
    const { actor, alert, idle } = start({
      email: () => Promise.reject({ status: 400, data: { msg: 'month must be a month name or 1-12' } }),
    });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0007' });
    await idle();
    expect(alert.mock.calls).toEqual([[`${PREFIX.emailSalarySlip}month must be a month name or 1-12`]]);
  });

  it('one action at a time: clicks during a running action are ignored', async () => {
    let release!: () => void;
    const { actor, deleted, asked, idle } = start({ remove: () => new Promise((r) => (release = () => r({})))});
    actor.send({ type: 'DELETE', id: '1' });
    await waitFor(actor, (s) => s.matches('deleting'), { timeout: 1000 });
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'EMAIL_SLIP', employeeId: 'EMP0002' });
    release();
    await idle();
    expect(deleted).toEqual(['1']);
    expect(asked).toEqual({ confirm: 1, period: 0 });
  });
});
