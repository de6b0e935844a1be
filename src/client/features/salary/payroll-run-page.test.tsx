import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYROLL_RUN_POLL_MS } from '../../../shared/constants';
import { SALARY_UI } from './salary-copy';
import type { PayrollRunReport, PayrollRunSummary } from '../../../shared/schemas/salary';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

// The admin frame's own calls (today's attendance overview), answered so only payroll calls matter;
// assertions stay inside the payroll sections, so the frame's other content cannot confuse them.
const FRAME = {
  'GET /api/attendance': () => json(200, []),
  'GET /api/attendance/summary': () => json(200, []),
  'GET /api/employee': () => json(200, []),
};

const payrollCard = () => screen.getByRole('region', { name: SALARY_UI.payrollTitle });
const runsCard = () => screen.getByRole('region', { name: SALARY_UI.recentRuns });

const summary = (over: Partial<PayrollRunSummary> = {}): PayrollRunSummary => ({
  _id: '7',
  month: '2026-10',
  status: 'running',
  total: 3,
  sent: 0,
  failed: 0,
  pending: 3,
  createdAt: '2026-11-21T10:00:00.000Z',
  finishedAt: null,
  ...over,
});
const report = (over: Partial<PayrollRunReport> = {}): PayrollRunReport => ({ ...summary(over), errors: [], ...over });

/** Answers GET /api/salary/runs/7 with each report in turn, repeating the last one. */
function sequence(reports: PayrollRunReport[]) {
  let calls = 0;
  return { handler: () => json(200, reports[Math.min(calls++, reports.length - 1)]), calls: () => calls };
}

async function openPage(handlers: Parameters<typeof mockFetch>[0]) {
  const network = mockFetch({ ...FRAME, 'GET /api/salary/runs': () => json(200, []), ...handlers });
  const app = renderApp({ path: '/admin/payroll', token: adminToken() });
  await screen.findByRole('heading', { level: 2, name: SALARY_UI.payrollTitle });
  const start = async (month: string) => {
    fireEvent.change(screen.getByLabelText(SALARY_UI.month), { target: { value: month } });
    await app.user.click(screen.getByRole('button', { name: SALARY_UI.previewRegister }));
  };
  const calls = (method: string, path: string) =>
    network.requests().filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { ...app, ...network, start, calls };
}

/** Moves the (fake) clock past the next poll; the clock otherwise follows real time, so hooks never stall. */
const nextPoll = () => act(() => jest.advanceTimersByTimeAsync(PAYROLL_RUN_POLL_MS));

describe('Payroll Run page', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it("is reached from the admin header's Payroll Run link; the spec's sidebar stays as it is", async () => {
    mockFetch({ ...FRAME, 'GET /api/salary/runs': () => json(200, []) });
    const { user, pathname } = renderApp({ path: '/admin', token: adminToken() });
    await user.click(await within(await screen.findByRole('banner')).findByRole('link', { name: SALARY_UI.payrollTitle }));
    expect(await screen.findByRole('heading', { level: 2, name: SALARY_UI.payrollTitle })).toBeInTheDocument();
    expect(pathname()).toBe('/admin/payroll');
    const nav = screen.getByRole('navigation', { name: 'HR Dashboard' });
    expect(within(nav).queryByText(SALARY_UI.payrollTitle)).toBeNull();
    expect(await within(runsCard()).findByText(SALARY_UI.noRuns)).toBeInTheDocument();
  });

  it("opens the month's Payroll Register to preview and approve it: nothing is emailed from here", async () => {
    const { start, calls, pathname } = await openPage({
      'GET /api/salary/register/2026-10': () => json(400, { msg: 'not needed here' }),
      'GET /api/salary/register/2026-10/approval': () => json(200, { month: '2026-10', approved: false, approvedAt: null, approvedBy: null, reruns: 0, lastRerun: null, runId: null }),
    });
    expect(screen.getByRole('button', { name: SALARY_UI.previewRegister })).toBeDisabled();
    await start('2026-10');
    expect(await screen.findByRole('heading', { level: 2, name: /^Payroll Register/ })).toBeInTheDocument();
    expect(pathname()).toBe('/admin/payroll/register');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    expect(calls('POST', '/api/salary/email-all')).toHaveLength(0);
  });

  it('shows the progress of a run while polling, and stops polling once it is done', async () => {
    const run = sequence([
      report({ sent: 1, pending: 2 }),
      report({ sent: 2, failed: 1, pending: 0, status: 'done', errors: [{ employeeId: 'EMP0003', error: 'mailbox unavailable' }] }),
    ]);
    await openPage({
      'GET /api/salary/runs': () => json(200, [summary()]),
      'GET /api/salary/runs/7': run.handler,
    });

    const bar = await screen.findByRole('progressbar', { name: SALARY_UI.progress });
    expect(bar).toHaveAttribute('max', '3');
    expect(bar).toHaveAttribute('value', '1');
    expect(screen.getByText(SALARY_UI.sent(1))).toBeInTheDocument();
    expect(screen.getByText(SALARY_UI.failed(0))).toBeInTheDocument();
    expect(within(payrollCard()).getByText(SALARY_UI.statusRunning)).toBeInTheDocument();

    // The next poll brings the finished run.
    await nextPoll();
    expect(await screen.findByText(SALARY_UI.finished(2, 1))).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: SALARY_UI.progress })).toHaveAttribute('value', '3');
    expect(screen.getByText(SALARY_UI.sent(2))).toBeInTheDocument();
    expect(screen.getByText(SALARY_UI.failed(1))).toBeInTheDocument();
    const failures = screen.getByRole('table', { name: SALARY_UI.failedEmployees });
    expect(within(failures).getByRole('row', { name: 'EMP0003 mailbox unavailable' })).toBeInTheDocument();

    const polled = run.calls();
    await act(() => jest.advanceTimersByTimeAsync(5 * PAYROLL_RUN_POLL_MS));
    expect(run.calls()).toBe(polled);
  });

  it("offers 'Retry failed' only when slips failed, re-queues them and watches the run again", async () => {
    let retried = false;
    const { calls, user } = await openPage({
      'GET /api/salary/runs': () => json(200, [summary({ status: 'done', sent: 2, failed: 1, pending: 0 })]),
      'GET /api/salary/runs/7': () =>
        json(
          200,
          retried
            ? report({ status: 'done', sent: 3, failed: 0, pending: 0 })
            : report({ status: 'done', sent: 2, failed: 1, pending: 0, errors: [{ employeeId: 'EMP0003', error: 'mailbox unavailable' }] }),
        ),
      'POST /api/salary/runs/7/retry': () => {
        retried = true;
        return json(202, { msg: 'Retrying 1 failed salary slip of run 7', runId: '7' });
      },
    });
    const runs = await screen.findByRole('table', { name: SALARY_UI.recentRuns });
    await user.click(within(runs).getByRole('button', { name: SALARY_UI.viewRun('October 2026', '7') }));
    const retry = await screen.findByRole('button', { name: SALARY_UI.retryFailed });
    await user.click(retry);
    expect(calls('POST', '/api/salary/runs/7/retry')).toHaveLength(1);
    expect(await screen.findByText('Retrying 1 failed salary slip of run 7')).toBeInTheDocument();
    expect(await screen.findByText(SALARY_UI.finished(3, 0))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SALARY_UI.retryFailed })).toBeNull();
    // The list's row follows the run's fresh numbers.
    await waitFor(() => expect(within(runs).getAllByRole('row')[1]).toHaveTextContent(/October 2026\s*Done\s*3\s*0\s*3/));
  });

  it('picks up a run still going when the page opens, and shows no retry for a run without failures', async () => {
    const run = sequence([report({ _id: '8', sent: 1, pending: 2 }), report({ _id: '8', status: 'done', sent: 3, pending: 0 })]);
    await openPage({
      'GET /api/salary/runs': () => json(200, [summary({ _id: '8' }), summary({ _id: '5', month: '2026-09', status: 'done', sent: 3, pending: 0 })]),
      'GET /api/salary/runs/8': run.handler,
    });
    expect(await screen.findByRole('heading', { level: 3, name: /Payroll run for October 2026/ })).toBeInTheDocument();
    await nextPoll();
    expect(await screen.findByText(SALARY_UI.finished(3, 0))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SALARY_UI.retryFailed })).toBeNull();
    const rows = within(screen.getByRole('table', { name: SALARY_UI.recentRuns })).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('td')?.textContent ?? null)).toEqual([null, 'October 2026', 'September 2026']);
  });

  it('offers only months that are over (the current one cannot be approved yet)', async () => {
    await openPage({});
    const picker = screen.getByLabelText(SALARY_UI.month);
    const now = new Date();
    const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    expect(picker).toHaveAttribute('max', `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`);
  });
});
