/**
 * The bridge from RTK Query's cache to the payroll run machine: an actor that subscribes to the
 * store and reports each settled answer, so the page does not relay them with effects.
 *  - RUNS_LOADED whenever the recent-runs list changes;
 *  - PROGRESS for each settled fetch of a run (each poll), whatever run it is: the machine keeps
 *    what concerns the run it watches;
 *  - on RESEND {runId} (the machine re-watching a run), that run's cached answer again, so a run
 *    that finished while nobody looked is seen as done without waiting for a fetch.
 * It reads the cache through the API's public selectors only.
 */
import { fromCallback } from 'xstate';
import type { RootState } from '../../app/store';
import type { PayrollRunEvent, PayrollRunReportsEvent } from './payroll-run-machine';
import { salaryApi } from './salary-api';

/** What the actor needs of the Redux store. */
export interface ReportingStore {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

const selectRuns = salaryApi.endpoints.listPayrollRuns.select();

/** The machine's `reports` actor, reading `store`. */
export function payrollRunReports(store: ReportingStore) {
  return fromCallback<PayrollRunReportsEvent>(({ sendBack, receive }) => {
    const report = (event: PayrollRunEvent) => sendBack(event);
    let runs: unknown;
    // Per run: the settled answer last reported (its fulfilledTimeStamp).
    const reported = new Map<string, number | undefined>();

    const progress = (state: RootState, runId: string) => {
      const entry = salaryApi.endpoints.getPayrollRun.select(runId)(state);
      if (entry.status !== 'fulfilled' || !entry.data) return;
      reported.set(runId, entry.fulfilledTimeStamp);
      report({ type: 'PROGRESS', runId: entry.data._id, status: entry.data.status, failed: entry.data.failed });
    };

    const check = () => {
      const state = store.getState();
      const list = selectRuns(state).data;
      if (list && list !== runs) {
        runs = list;
        report({ type: 'RUNS_LOADED', runs: list });
      }
      for (const runId of salaryApi.util.selectCachedArgsForQuery(state, 'getPayrollRun')) {
        const entry = salaryApi.endpoints.getPayrollRun.select(runId)(state);
        if (entry.status === 'fulfilled' && reported.get(runId) !== entry.fulfilledTimeStamp) progress(state, runId);
      }
    };

    receive((event) => progress(store.getState(), event.runId));
    check();
    return store.subscribe(check);
  });
}
