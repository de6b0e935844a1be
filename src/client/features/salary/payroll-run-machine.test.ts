import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { SALARY_UI } from './salary-copy';
import type { PayrollRunAccepted } from '../../../shared/schemas/salary';
import { payrollRunMachine, type PayrollRunReportsEvent } from './payroll-run-machine';

type Answer<I> = (input: I) => Promise<PayrollRunAccepted>;

function start({
  retryAnswer = () => Promise.resolve({ msg: 'Retrying 1 failed salary slip of run 7', runId: '7' }),
  runId,
}: { retryAnswer?: Answer<{ runId: string }>; runId?: string } = {}) {
  const opened: string[] = [];
  const retries: { runId: string }[] = [];
  const logic = payrollRunMachine.provide({
    actions: { openRegister: (_, month) => void opened.push(month) },
    actors: {
      retryRun: fromPromise<PayrollRunAccepted, { runId: string }>(({ input }) => {
        retries.push(input);
        return retryAnswer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock(), input: { runId } }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('retrying'), { timeout: 15_000 });
  return { actor, opened, retries, settled };
}

const progress = (runId: string, status: 'running' | 'done', failed = 0) => ({ type: 'PROGRESS', runId, status, failed }) as const;

describe('payroll run machine', () => {
  it('opens the picked month in the Payroll Register (sends nothing itself), and only a month written YYYY-MM', () => {
    const { actor, opened } = start();
    actor.send({ type: 'PICK_MONTH', month: '' });
    actor.send({ type: 'PREVIEW' });
    actor.send({ type: 'PICK_MONTH', month: '2026-13' });
    actor.send({ type: 'PREVIEW' });
    expect(opened).toEqual([]);
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'PREVIEW' });
    expect(opened).toEqual(['2026-10']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('opened with a run (the register links to the run its approval started) watches it from the start', () => {
    const { actor } = start({ runId: '9' });
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context.runId).toBe('9');
    // A run going elsewhere does not take its place.
    actor.send({ type: 'RUNS_LOADED', runs: [{ _id: '8', status: 'running' }] });
    actor.send(progress('9', 'done', 0));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.runId).toBe('9');
  });

  it('watches a run until it is done, ignoring answers about other runs', () => {
    const { actor } = start();
    actor.send({ type: 'WATCH', runId: '7' });
    actor.send(progress('7', 'running'));
    expect(actor.getSnapshot().value).toBe('watching');
    // Answers about another run (a stale cache entry) change nothing.
    actor.send(progress('6', 'done', 4));
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context.failed).toBe(0);
    actor.send(progress('7', 'done', 0));
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('retries only a finished run with failures, then watches it again', async () => {
    const { actor, retries, settled } = start();
    actor.send({ type: 'WATCH', runId: '7' });
    // Still running: nothing to retry yet.
    actor.send(progress('7', 'running', 1));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    actor.send(progress('7', 'done', 0));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    actor.send(progress('7', 'done', 2));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);

    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('retrying');
    await settled();
    expect(retries).toEqual([{ runId: '7' }]);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context).toMatchObject({ runId: '7', failed: 0, notice: 'Retrying 1 failed salary slip of run 7' });
  });

  it('a failed retry returns to the finished run with the error', async () => {
    const { actor, settled } = start({ retryAnswer: () => Promise.reject({ status: 404, data: { msg: 'No payroll run 7' } }) });
    actor.send({ type: 'WATCH', runId: '7' });
    actor.send(progress('7', 'done', 1));
    actor.send({ type: 'RETRY' });
    await settled();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.error).toBe(`${SALARY_UI.retryError}No payroll run 7`);
  });

  it('picks up a run still going when the page opens, but never switches away from a watched run', () => {
    const { actor } = start();
    actor.send({ type: 'RUNS_LOADED', runs: [{ _id: '9', status: 'done' }] });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'RUNS_LOADED', runs: [{ _id: '9', status: 'done' }, { _id: '8', status: 'running' }] });
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context.runId).toBe('8');
    actor.send({ type: 'RUNS_LOADED', runs: [{ _id: '10', status: 'running' }] });
    expect(actor.getSnapshot().context.runId).toBe('8');
  });

  it('WATCH opens any run; a finished run reopened elsewhere is followed again', () => {
    const { actor } = start();
    actor.send({ type: 'WATCH', runId: '3' });
    actor.send(progress('3', 'done', 0));
    expect(actor.getSnapshot().value).toBe('done');
    actor.send(progress('3', 'running', 0));
    expect(actor.getSnapshot().value).toBe('watching');
    actor.send({ type: 'WATCH', runId: '4' });
    expect(actor.getSnapshot().context).toMatchObject({ runId: '4', failed: 0 });
  });
});

describe('payroll run machine and its reports actor', () => {
  it('asks the reports actor for the cached answer of a run it watches again', () => {
    const asked: string[] = [];
    const logic = payrollRunMachine.provide({
      actors: {
        reports: fromCallback<PayrollRunReportsEvent>(({ receive, sendBack }) => {
          receive((event) => {
            asked.push(event.runId);
            sendBack(progress(event.runId, 'done'));
          });
        }),
      },
    });
    const actor = createActor(logic, { input: {} }).start();
    actor.send({ type: 'WATCH', runId: '7' });
    expect(asked).toEqual(['7']);
    expect(actor.getSnapshot().value).toBe('done');
  });
});
