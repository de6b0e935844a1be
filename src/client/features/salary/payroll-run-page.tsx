/**
 * Payroll Run (admin): watch a run's progress (polled every PAYROLL_RUN_POLL_MS while it
 * runs), the failed employees, a retry of the failures, and the recent runs. A month's run is not
 * started here: "Preview and approve" opens the month's Payroll Register, whose approval starts it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMachine } from '@xstate/react';
import { PAYROLL_RUN_POLL_MS } from '../../../shared/constants';
import { companyToday } from '../../../shared/format';
import { readRuntimeConfig } from '../../config/runtime-config';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { SALARY_UI } from './salary-copy';
import { lastCompleteMonth, monthLabel } from '../../../shared/payroll/pay-month';
import type { PayrollRunReport, PayrollRunSummary } from '../../../shared/schemas/salary';
import { errorMessage } from '../../api/base-api';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { ColumnHeads } from '../../components/column-heads';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import type { RootState } from '../../app/store';
import { payrollRunMachine } from './payroll-run-machine';
import { payrollRunReports } from './payroll-run-reports';
import { salaryApi, useGetPayrollRunQuery, useListPayrollRunsQuery } from './salary-api';
import { sendOnSubmit } from '../../flows/send-on-submit';

export function PayrollRunPage() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const effects = useEffects();
  const [logic] = useState(() =>
    payrollRunMachine.provide({
      actions: { openRegister: (_, month) => effects.navigate(`${PATHS.adminPayrollRegister}?month=${month}`) },
      actors: {
        retryRun: fromMutation(salaryApi.endpoints.retryPayrollRun, dispatch, (input: { runId: string }) => input.runId),
        // The queries' answers reach the machine from the store, not through effects here.
        reports: payrollRunReports(store),
      },
    }),
  );
  // ?run=ID: the run a register's approval started, watched from the start.
  const [params] = useSearchParams();
  const [state, send] = useMachine(logic, { input: { runId: params.get('run') } });
  const { month, runId, notice, error } = state.context;
  const watching = state.matches('watching');

  const runs = useListPayrollRunsQuery();
  const run = useGetPayrollRunQuery(runId ?? skipToken, {
    // Polling follows the machine: on while the run goes, off once it is done.
    pollingInterval: watching ? PAYROLL_RUN_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const report = run.currentData;

  const busy = state.matches('retrying');
  const onSubmit = sendOnSubmit(send, { type: 'PREVIEW' });

  return (
    <>
      <section className="card" aria-labelledby="payroll-run-title">
        <h2 id="payroll-run-title">{SALARY_UI.payrollTitle}</h2>
        <p>{SALARY_UI.payrollIntro}</p>
        {error && <Banner tone="error">{error}</Banner>}
        {notice && <Banner tone="info">{notice}</Banner>}
        <form className="form form--inline" onSubmit={onSubmit} aria-busy={busy}>
          <div className="field">
            <label htmlFor="payroll-run-month">{SALARY_UI.month}</label>
            <input
              id="payroll-run-month"
              type="month"
              required
              // Only a month that is over can be approved: the current one would pay days not yet worked.
              max={lastCompleteMonth(companyToday(readRuntimeConfig().timeZone))}
              value={month}
              onChange={(e) => send({ type: 'PICK_MONTH', month: e.target.value })}
            />
          </div>
          <button type="submit" className="button" disabled={busy || !month}>
            {SALARY_UI.previewRegister}
          </button>
        </form>
        {runId && run.error && <Banner tone="error">{SALARY_UI.loadRunError + errorMessage(run.error, SALARY_UI.loadRunsFailed)}</Banner>}
        {report && report._id === runId && (
          <RunProgress
            report={report}
            canRetry={state.can({ type: 'RETRY' })}
            retrying={state.matches('retrying')}
            onRetry={() => send({ type: 'RETRY' })}
          />
        )}
      </section>
      <RecentRuns
        runs={runs.currentData}
        loading={runs.isLoading}
        error={runs.error}
        watchedId={runId}
        onView={(id) => send({ type: 'WATCH', runId: id })}
      />
    </>
  );
}

interface RunProgressProps {
  report: PayrollRunReport;
  canRetry: boolean;
  retrying: boolean;
  onRetry(): void;
}

/** One run: a labelled progress bar, the counts in words, the finish note and the failures. */
function RunProgress({ report, canRetry, retrying, onRetry }: RunProgressProps) {
  const { _id, month, status, total, sent, failed, pending, errors } = report;
  const processed = sent + failed;
  const done = status === 'done';
  const headingId = `payroll-run-${_id}-heading`;
  return (
    <section className="payroll-run" aria-labelledby={headingId} aria-busy={!done}>
      <h3 id={headingId}>
        {SALARY_UI.runHeading(monthLabel(month))}{' '}
        <span className={done ? 'badge badge--success' : 'badge badge--warning'}>{done ? SALARY_UI.statusDone : SALARY_UI.statusRunning}</span>
      </h3>
      <label className="payroll-run__label" htmlFor={`payroll-run-${_id}-progress`}>
        {SALARY_UI.progress}
      </label>
      {/* An empty run is complete at once; max=0 would leave the bar indeterminate. */}
      <progress id={`payroll-run-${_id}-progress`} max={Math.max(total, 1)} value={total === 0 ? (done ? 1 : 0) : processed}>
        {SALARY_UI.ofTotal(processed, total)}
      </progress>
      <ul className="payroll-run__counts">
        <li>{SALARY_UI.sent(sent)}</li>
        <li>{SALARY_UI.failed(failed)}</li>
        <li>{SALARY_UI.pending(pending)}</li>
        <li>{SALARY_UI.ofTotal(processed, total)}</li>
      </ul>
      {done && <Banner tone={failed > 0 ? 'error' : 'success'}>{SALARY_UI.finished(sent, failed)}</Banner>}
      {failed > 0 && (
        <button type="button" className="button button--secondary" disabled={!canRetry || retrying} onClick={onRetry}>
          {retrying && <Spinner />} {SALARY_UI.retryFailed}
        </button>
      )}
      {errors.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <caption>{SALARY_UI.failedEmployees}</caption>
            <thead>
              <tr>
                <th scope="col">{SALARY_UI.employeeId}</th>
                <th scope="col">{SALARY_UI.error}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((row) => (
                <tr key={row.employeeId}>
                  <td>{row.employeeId}</td>
                  <td>{row.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {errors.length < failed && <p>{SALARY_UI.moreErrors(errors.length, failed)}</p>}
        </div>
      )}
    </section>
  );
}

interface RecentRunsProps {
  runs: PayrollRunSummary[] | undefined;
  loading: boolean;
  error: unknown;
  watchedId: string | null;
  onView(runId: string): void;
}

/** The latest runs, newest first, each one openable. */
function RecentRuns({ runs, loading, error, watchedId, onView }: RecentRunsProps) {
  return (
    <section className="card" aria-labelledby="payroll-runs-title">
      <h2 id="payroll-runs-title">{SALARY_UI.recentRuns}</h2>
      {error ? (
        <Banner tone="error">{SALARY_UI.loadRunsError + errorMessage(error, SALARY_UI.loadRunsFailed)}</Banner>
      ) : loading ? (
        <p role="status">{SALARY_UI.loadingRuns}</p>
      ) : !runs?.length ? (
        <p>{SALARY_UI.noRuns}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-labelledby="payroll-runs-title">
            <ColumnHeads names={[SALARY_UI.columnMonth, SALARY_UI.columnStatus, SALARY_UI.columnSent, SALARY_UI.columnFailed, SALARY_UI.columnTotal, SALARY_UI.columnStarted, SALARY_UI.columnActions]} />
            <tbody>
              {runs.map((run) => {
                const label = monthLabel(run.month);
                return (
                  <tr key={run._id} aria-current={run._id === watchedId ? 'true' : undefined}>
                    <td>{label}</td>
                    <td>{run.status === 'done' ? SALARY_UI.statusDone : SALARY_UI.statusRunning}</td>
                    <td>{run.sent}</td>
                    <td>{run.failed}</td>
                    <td>{run.total}</td>
                    <td>
                      <StartedAt iso={run.createdAt} />
                    </td>
                    <td>
                      <button type="button" className="button button--secondary" aria-label={SALARY_UI.viewRun(label, run._id)} onClick={() => onView(run._id)}>
                        {SALARY_UI.view}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const startedDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const startedTime = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });

/** "23 Nov 2026" and "10:20 pm", each kept whole, so a narrow column shows two lines, never three. */
function StartedAt({ iso }: { iso: string }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso}>
      <span className="nowrap">{startedDate.format(at)}</span> <span className="nowrap">{startedTime.format(at)}</span>
    </time>
  );
}
