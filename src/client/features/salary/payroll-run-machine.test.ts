import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { SALARY_UI } from './salary-copy';
import type { PayrollRunAccepted } from '../../../shared/schemas/salary';
import { payrollRunMachine, runRequestOf, type PayrollRunReportsEvent } from './payroll-run-machine';
import type { PayrollRunStartRequest } from './salary-api';

type Answer<I> = (input: I) => Promise<PayrollRunAccepted>;

function start({
  startAnswer = () => Promise.resolve({ msg: 'Payroll run for October 2026 started: 3 salary slips to email', runId: '7' }),
  retryAnswer = () => Promise.resolve({ msg: 'Retrying 1 failed salary slip of run 7', runId: '7' }),
}: { startAnswer?: Answer<PayrollRunStartRequest>; retryAnswer?: Answer<{ runId: string }> } = {}) {
  const starts: PayrollRunStartRequest[] = [];
  const retries: { runId: string }[] = [];
  const logic = payrollRunMachine.provide({
    actors: {
      startRun: fromPromise<PayrollRunAccepted, PayrollRunStartRequest>(({ input }) => {
        starts.push(input);
        return startAnswer(input);
      }),
      retryRun: fromPromise<PayrollRunAccepted, { runId: string }>(({ input }) => {
        retries.push(input);
        return retryAnswer(input);
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('starting') && !s.matches('retrying'), { timeout: 15_000 });
  return { actor, starts, retries, settled };
}

const progress = (runId: string, status: 'running' | 'done', failed = 0) => ({ type: 'PROGRESS', runId, status, failed }) as const;

describe('runRequestOf', () => {
  it.each([
    ['2026-10', { year: 2026, month: 10 }],
    ['2027-01', { year: 2027, month: 1 }],
    ['', null],
    ['2026-13', null],
    ['October', null],
  ])('%s', (month, expected) => expect(runRequestOf(month)).toEqual(expected));
});

describe('payroll run machine', () => {
  it('starts the chosen month and watches the new run until it is done', async () => {
    const { actor, starts, settled } = start();
    actor.send({ type: 'PICK_MONTH', month: '' });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('starting');
    await settled();
    expect(starts).toEqual([{ month: 10, year: 2026 }]);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context).toMatchObject({
      runId: '7',
      notice: 'Payroll run for October 2026 started: 3 salary slips to email',
      error: null,
    });

    actor.send(progress('7', 'running'));
    expect(actor.getSnapshot().value).toBe('watching');
    // Answers about another run (a stale cache entry) change nothing.
    actor.send(progress('6', 'done', 4));
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context.failed).toBe(0);
    actor.send(progress('7', 'done', 0));
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('a month that is already running (409) is watched instead, with the server msg', async () => {
    const { actor, settled } = start({
      startAnswer: () => Promise.reject({ status: 409, data: { msg: 'A payroll run for October 2026 is already in progress (run 5)', runId: '5' } }),
    });
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'START' });
    await settled();
    expect(actor.getSnapshot().value).toBe('watching');
    expect(actor.getSnapshot().context).toMatchObject({ runId: '5', notice: 'A payroll run for October 2026 is already in progress (run 5)', error: null });
  });

  it('a refused start shows the error and keeps the previous run on screen', async () => {
    let refuse = false;
    const { actor, settled } = start({
      startAnswer: () =>
        refuse
          ? Promise.reject({ status: 400, data: { msg: 'December 2026 has not started yet' } })
          : Promise.resolve({ msg: 'started', runId: '7' }),
    });
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'START' });
    await settled();
    refuse = true;
    actor.send({ type: 'PICK_MONTH', month: '2026-12' });
    actor.send({ type: 'START' });
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      error: `${SALARY_UI.startRunError}December 2026 has not started yet`,
      notice: null,
      runId: '7',
    });
  });

  it('a start without any message falls back to the generic text', async () => {
    const { actor, settled } = start({ startAnswer: () => Promise.reject({ status: 'FETCH_ERROR' }) });
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'START' });
    await settled();
    expect(actor.getSnapshot().context.error).toMatch(new RegExp(`^${SALARY_UI.startRunError}`));
  });

  it('retries only a finished run with failures, then watches it again', async () => {
    const { actor, retries, settled } = start();
    actor.send({ type: 'PICK_MONTH', month: '2026-10' });
    actor.send({ type: 'START' });
    await settled();
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
    const actor = createActor(logic).start();
    actor.send({ type: 'WATCH', runId: '7' });
    expect(asked).toEqual(['7']);
    expect(actor.getSnapshot().value).toBe('done');
  });
});
