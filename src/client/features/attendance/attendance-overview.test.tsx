import { act, screen, waitFor, within } from '@testing-library/react';
import { ATTENDANCE_POLL_MS } from '../../../shared/constants';
import { formatLocalTime, localDateString } from '../../../shared/format';
import { EMPTY, FALLBACK, LOADING, MSG, PREFIX } from '../../copy';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { Employee } from '../../../shared/schemas/employee';
import { json, mockFetch } from '../../test/network';
import { renderApp, renderInApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { AttendanceOverview } from './attendance-overview';

const today = localDateString();

const record = (email: string, status: string, punchIn: string | null, punchOut: string | null = null): AttendanceRecord => ({
  _id: email,
  employeeId: null,
  email,
  date: today,
  status,
  punchIn,
  punchOut,
});

const employee = (employeeId: string, name: string, email: string): Employee => ({
  _id: employeeId,
  employeeId,
  name,
  email,
  position: 'Engineer',
  salary: 50000,
  joiningDate: '2024-04-01',
});

const EMPLOYEES = [employee('EMP0001', 'Zoe Mathew', 'zoe@acme.in'), employee('EMP0002', 'Asha Rao', 'asha@acme.in')];
const RECORDS = [
  record('zoe@acme.in', 'P', `${today}T03:30:00.000Z`, `${today}T12:00:00.000Z`),
  record('left@acme.in', 'A', null),
  record('asha@acme.in', 'H', `${today}T04:00:00.000Z`),
];
const SUMMARY: AttendanceSummaryDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  present: i === 29 ? 2 : 5,
  absent: i === 29 ? 1 : 0,
}));

/** The figure cards above the overview on /admin. */
const FIGURES = { date: today, activeEmployees: 2, onLeaveToday: 0, pendingLeaveRequests: 0, openTasks: 0, lastPayrollRun: null };

/** The dashboard's calls; `attendance` may vary per call. */
function dashboardServer(attendance: (request: Request) => Response = () => json(200, RECORDS)) {
  return mockFetch({
    'GET /api/attendance': attendance,
    'GET /api/employee': () => json(200, EMPLOYEES),
    'GET /api/attendance/summary': () => json(200, SUMMARY),
    'GET /api/dashboard/summary': () => json(200, FIGURES),
  });
}

const attendanceCalls = (requests: () => Request[]) =>
  requests().filter((r) => new URL(r.url).pathname === '/api/attendance');

const overview = () => screen.findByRole('region', { name: `Attendance Overview (Today: ${today})` });

describe('admin dashboard: Attendance Overview', () => {
  it("shows 'Loading Dashboard...', then today's records sorted by email with names, status and times", async () => {
    const { requests } = dashboardServer();
    renderApp({ path: '/admin', token: adminToken() });
    expect(await screen.findByText(LOADING.dashboard)).toBeInTheDocument();

    // The heading and form paint at once; the table follows when both lists have arrived.
    const section = await overview();
    const table = await within(section).findByRole('table', { name: `Attendance Overview (Today: ${today})` });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Name',
      'Date',
      'Status',
      'Punch In',
      'Punch Out',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(rows).toEqual([
      ['asha@acme.in', 'Asha Rao', today, 'Present', formatLocalTime(`${today}T04:00:00.000Z`), '-'],
      ['left@acme.in', 'Unknown', today, 'Absent', '-', '-'],
      [
        'zoe@acme.in',
        'Zoe Mathew',
        today,
        'Present',
        formatLocalTime(`${today}T03:30:00.000Z`),
        formatLocalTime(`${today}T12:00:00.000Z`),
      ],
    ]);
    // Only today's records are asked for, so the poll's cost does not grow with history.
    const url = new URL(attendanceCalls(requests)[0]!.url);
    expect([...url.searchParams]).toEqual([['date', today]]);
  });

  it("empty: 'No attendance records found for today.'", async () => {
    dashboardServer(() => json(200, []));
    renderApp({ path: '/admin', token: adminToken() });
    expect(await within(await overview()).findByText(EMPTY.todayAttendance)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Attendance Overview/ })).not.toBeInTheDocument();
  });

  it("'Last updated' in the header is the time of the latest successful fetch", async () => {
    dashboardServer();
    const { app } = renderApp({ path: '/admin', token: adminToken() });
    await within(await overview()).findByRole('table', { name: `Attendance Overview (Today: ${today})` });
    const time = screen.getByText(/Last updated/).querySelector('time')!;
    const fetched = app.store.getState().api.queries[`getAttendance({"date":"${today}"})`]!.fulfilledTimeStamp!;
    expect(time).toHaveAttribute('datetime', new Date(fetched).toISOString());
  });

  it.each([
    ['employees', { msg: 'Database unavailable' }, 500, `${PREFIX.fetchEmployees}Database unavailable`],
    ['employees', {}, 500, PREFIX.fetchEmployees + FALLBACK.fetchEmployees],
    ['attendance', { msg: 'Too many requests' }, 429, `${PREFIX.fetchAttendance}Too many requests`],
    ['attendance', {}, 500, PREFIX.fetchAttendance + FALLBACK.fetchAttendance],
  ])('a failed first load of %s shows the fatal error screen (%j)', async (which, body, status, text) => {
    mockFetch({
      'GET /api/attendance': () => (which === 'attendance' ? json(status, body) : json(200, RECORDS)),
      'GET /api/employee': () => (which === 'employees' ? json(status, body) : json(200, EMPLOYEES)),
      'GET /api/attendance/summary': () => json(200, SUMMARY),
      'GET /api/dashboard/summary': () => json(200, FIGURES),
    });
    renderApp({ path: '/admin', token: adminToken() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('polls GET /api/attendance every ATTENDANCE_POLL_MS (10 s) and stops when the session ends', async () => {
    expect(ATTENDANCE_POLL_MS).toBe(10_000);
    // The clock is jumped by hand (and otherwise moves with real time, so the hooks never stall).
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { requests } = dashboardServer();
      const { user } = renderApp({ path: '/admin', token: adminToken() });
      await overview();
      const first = attendanceCalls(requests).length;
      await act(() => jest.advanceTimersByTimeAsync(ATTENDANCE_POLL_MS / 2));
      expect(attendanceCalls(requests)).toHaveLength(first);
      await act(() => jest.advanceTimersByTimeAsync(ATTENDANCE_POLL_MS / 2));
      await waitFor(() => expect(attendanceCalls(requests)).toHaveLength(first + 1));

      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await screen.findByRole('heading', { name: 'HR Portal Login' });
      const after = attendanceCalls(requests).length;
      await act(() => jest.advanceTimersByTimeAsync(3 * ATTENDANCE_POLL_MS));
      expect(attendanceCalls(requests)).toHaveLength(after);
    } finally {
      jest.useRealTimers();
    }
  });

  describe('Download Report', () => {
    let createObjectURL: jest.Mock;
    let clicks: { href: string; download: string }[];

    beforeEach(() => {
      createObjectURL = jest.fn(() => 'blob:report');
      Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
      clicks = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push({ href: this.getAttribute('href')!, download: this.download });
      });
    });

    afterEach(() => jest.restoreAllMocks());

    const form = async () => {
      const section = await overview();
      return {
        start: within(section).getByLabelText('Start Date'),
        end: within(section).getByLabelText('End Date'),
        button: within(section).getByRole('button', { name: 'Download Report' }),
      };
    };

    it('needs both dates: the spec message, and nothing is fetched', async () => {
      const { fetchMock } = dashboardServer();
      const { user } = renderApp({ path: '/admin', token: adminToken() });
      const { start, button } = await form();
      const before = fetchMock.mock.calls.length;
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.datesRequired);
      await user.type(start, '2026-01-01');
      await user.click(button);
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.datesRequired);
      expect(fetchMock.mock.calls.slice(before).map(([r]) => new URL((r as Request).url).pathname)).not.toContain(
        '/api/attendance/download',
      );
      expect(clicks).toEqual([]);
    });

    it('saves the range report as attendance_{start}_{end}.csv', async () => {
      const csv = 'Employee ID,Name,Email,Date,Status,Punch In,Punch Out,Hours\r\n';
      const { requests } = mockFetch({
        'GET /api/attendance': () => json(200, RECORDS),
        'GET /api/employee': () => json(200, EMPLOYEES),
        'GET /api/attendance/summary': () => json(200, SUMMARY),
        'GET /api/dashboard/summary': () => json(200, FIGURES),
        'GET /api/attendance/download': () => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
      });
      const { user } = renderApp({ path: '/admin', token: adminToken() });
      const { start, end, button } = await form();
      await user.type(start, '2026-01-01');
      await user.type(end, '2026-01-31');
      await user.click(button);
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]).toEqual({ href: 'blob:report', download: 'attendance_2026-01-01_2026-01-31.csv' });
      expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(csv);
      const download = requests().find((r) => new URL(r.url).pathname === '/api/attendance/download')!;
      expect(Object.fromEntries(new URL(download.url).searchParams)).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("a refused download reads 'Error downloading attendance: ' + the server msg", async () => {
      mockFetch({
        'GET /api/attendance': () => json(200, RECORDS),
        'GET /api/employee': () => json(200, EMPLOYEES),
        'GET /api/attendance/summary': () => json(200, SUMMARY),
        'GET /api/dashboard/summary': () => json(200, FIGURES),
        'GET /api/attendance/download': () => json(400, { msg: 'Start date must not be after end date' }),
      });
      const { user } = renderApp({ path: '/admin', token: adminToken() });
      const { start, end, button } = await form();
      await user.type(start, '2026-01-01');
      await user.type(end, '2026-01-31');
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent(`${PREFIX.downloadAttendance}Start date must not be after end date`);
      expect(clicks).toEqual([]);
    });
  });

  it('the 30-day chart has a text alternative: a caption summary and a table of every day', async () => {
    dashboardServer();
    renderApp({ path: '/admin', token: adminToken() });
    const figure = await screen.findByRole('figure', { name: 'Present vs absent, last 30 days' });
    expect(await within(figure).findByText(/Today: 2 present, 1 absent\./)).toBeInTheDocument();
    const table = within(figure).getByRole('table', { name: 'Present and absent employees per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '2026-01-30' }).parentElement).toHaveTextContent('2026-01-3021');
    // The picture itself is hidden from assistive tech: the table carries its data.
    expect(figure.querySelector('.bars')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('AttendanceOverview polling (short interval injected through props)', () => {
  const renderOverview = (pollingInterval: number) => renderInApp(<AttendanceOverview date={today} pollingInterval={pollingInterval} />, adminToken());

  it('a punch made after the first fetch appears on the next poll, without reload', async () => {
    let answer: AttendanceRecord[] = [];
    const { requests } = dashboardServer(() => json(200, answer));
    renderOverview(150);
    expect(await screen.findByText(EMPTY.todayAttendance)).toBeInTheDocument();
    answer = [RECORDS[0]!];
    expect(await screen.findByTitle('zoe@acme.in', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(attendanceCalls(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('a failed poll after a good one keeps the rows and says the refresh failed', async () => {
    let fail = false;
    dashboardServer(() => (fail ? json(503, { msg: 'Service unavailable' }) : json(200, RECORDS)));
    renderOverview(150);
    await screen.findByTitle('zoe@acme.in');
    fail = true;
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(`${PREFIX.fetchAttendance}Service unavailable`);
    expect(screen.getByTitle('zoe@acme.in')).toBeInTheDocument();
    // The next good poll clears the message.
    fail = false;
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 15_000 });
  });

  it('no poll outlives the session', async () => {
    const { requests } = dashboardServer();
    const { app } = renderOverview(100);
    await screen.findByRole('table');
    await waitFor(() => expect(attendanceCalls(requests).length).toBeGreaterThanOrEqual(2));
    act(() => app.session.send({ type: 'LOGOUT' }));
    const after = attendanceCalls(requests).length;
    // Many intervals pass on a jumped clock: no timer of the query is left to fire.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await act(() => jest.advanceTimersByTimeAsync(10 * 100));
      expect(attendanceCalls(requests).length).toBe(after);
    } finally {
      jest.useRealTimers();
    }
  });
});
