/**
 * The payroll run machine fed by the real bridge: a real store, RTK Query over a fake fetch, the
 * reports actor subscribed to it. No effects in between.
 */
import { createActor, waitFor } from 'xstate';
import type { PayrollRunReport } from '../../../shared/schemas/salary';
import { makeStore } from '../../app/store';
import { json, mockFetch } from '../../test/network';
import { payrollRunMachine } from './payroll-run-machine';
import { payrollRunReports } from './payroll-run-reports';
import { salaryApi } from './salary-api';

const RUNNING: PayrollRunReport = { _id: '7', month: '2026-10', status: 'running', total: 3, sent: 0, failed: 0, pending: 3, createdAt: '2026-11-21T10:00:00.000Z', finishedAt: null, errors: [] };
const report = (over: Partial<PayrollRunReport> = {}): PayrollRunReport => ({ ...RUNNING, ...over });

function setup(runs: PayrollRunReport[], answers: PayrollRunReport[]) {
  let fetched = 0;
  mockFetch({
    'GET /api/salary/runs': () => json(200, runs),
    'GET /api/salary/runs/7': () => json(200, answers[Math.min(fetched++, answers.length - 1)]),
  });
  const store = makeStore({ getToken: () => 'the.token.sig', onUnauthorized: () => {} });
  const logic = payrollRunMachine.provide({
    actors: { reports: payrollRunReports(store) },
  });
  const actor = createActor(logic, { input: {} }).start();
  // What the page's queries do: load the list, and fetch (poll) the watched run.
  const fetchRun = () => store.dispatch(salaryApi.endpoints.getPayrollRun.initiate('7', { forceRefetch: true }));
  const reach = (state: 'idle' | 'watching' | 'done') => waitFor(actor, (s) => s.matches(state), { timeout: 15_000 });
  return { store, actor, fetchRun, reach };
}

describe('payroll run reports (the store -> machine bridge)', () => {
  it('the loaded list hands a running run to the machine, and each settled fetch its progress', async () => {
    const { store, actor, fetchRun, reach } = setup([report()], [report({ sent: 1, pending: 2 }), report({ status: 'done', sent: 2, failed: 1, pending: 0 })]);
    store.dispatch(salaryApi.endpoints.listPayrollRuns.initiate());
    await reach('watching');
    expect(actor.getSnapshot().context.runId).toBe('7');
    await fetchRun();
    expect(actor.getSnapshot().value).toBe('watching');
    await fetchRun();
    await reach('done');
    expect(actor.getSnapshot().context.failed).toBe(1);
  });

  it('re-watching a run whose cached answer says done learns it at once, without a fetch', async () => {
    const { actor, fetchRun, reach } = setup([], [report({ status: 'done', sent: 3, pending: 0 })]);
    actor.send({ type: 'WATCH', runId: '7' });
    await fetchRun();
    await reach('done');
    // Another run is watched meanwhile (not in the cache: nothing is known of it yet).
    actor.send({ type: 'WATCH', runId: '8' });
    await reach('watching');
    actor.send({ type: 'WATCH', runId: '7' });
    expect(actor.getSnapshot().value).toBe('done');
  });
});
