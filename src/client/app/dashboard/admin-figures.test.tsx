import { act, screen, waitFor, within } from '@testing-library/react';
import { localDateString } from '../../../shared/format';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { AdminDashboardSummary } from '../../../shared/schemas/dashboard';
import { namedEmployee } from '../../test/fixtures';
import { api } from '../../api/base-api';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const today = localDateString();
const employee = namedEmployee;
const EMPLOYEES = [employee(1, 'Asha'), employee(2, 'Ravi'), employee(3, 'Zoe')];
const record = (email: string, status = 'P'): AttendanceRecord => ({
  _id: email,
  employeeId: null,
  email,
  date: today,
  status,
  punchIn: status === 'P' ? `${today}T03:30:00.000Z` : null,
  punchOut: null,
});
// The server's summary: today's workforce is 3 (present + absent), whatever it counted as present.
const SUMMARY: AttendanceSummaryDay[] = [
  { date: '2000-01-01', present: 2, absent: 1 },
  { date: today, present: 0, absent: 3 },
];
const FIGURES: AdminDashboardSummary = {
  date: today,
  activeEmployees: 12_345,
  onLeaveToday: 4,
  pendingLeaveRequests: 7,
  pendingAttendanceCorrections: 2,
  openTasks: 19,
  lastPayrollRun: {
    _id: '9',
    month: '2026-02',
    status: 'done',
    total: 3,
    sent: 2,
    failed: 1,
    pending: 0,
    createdAt: '2026-03-01T04:00:00.000Z',
    finishedAt: '2026-03-01T04:05:00.000Z',
  },
  // Seven employed today: the live poll's present, these 4 on leave, and the rest absent.
  today: { employed: 7, present: 0, onLeave: 4, absent: 3, off: 0, dayOff: null },
};

function dashboard(figures: () => AdminDashboardSummary = () => FIGURES) {
  let records: AttendanceRecord[] = [record('asha@acme.in'), record('ravi@acme.in', 'A')];
  const network = mockFetch({
    'GET /api/attendance': () => json(200, records),
    'GET /api/employee': () => json(200, EMPLOYEES),
    'GET /api/attendance/summary': () => json(200, SUMMARY),
    'GET /api/dashboard/summary': () => json(200, figures()),
  });
  return { ...network, setRecords: (next: AttendanceRecord[]) => (records = next) };
}

const figures = () => screen.findByRole('region', { name: 'Company at a glance' });
/** Each card's words, in order, and where it leads. */
const cards = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((li) => ({ text: li.textContent, href: li.querySelector('a')?.getAttribute('href') ?? null }));

describe('admin dashboard figures', () => {
  it('shows the six figures above the overview, each linking to its screen', async () => {
    dashboard();
    renderApp({ path: '/admin', token: adminToken() });
    const region = await figures();
    await within(region).findByText('12,345');
    await within(region).findByText('2 absent · 0 off today');
    expect(cards(region)).toEqual([
      { text: 'Active employees12,345On the roster', href: '/admin/employees/list' },
      { text: 'Present today12 absent · 0 off today', href: '/admin/attendance' },
      { text: 'On leave today4Approved leave', href: '/admin/leaves?status=approved' },
      { text: 'Pending requests97 leave · 2 corrections', href: '/admin/leaves?status=pending' },
      { text: 'Open tasks19Assigned or in progress', href: '/admin/tasks' },
      {
        text: `Last payroll runFebruary 2026Done on ${new Date('2026-03-01T04:05:00.000Z').toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })} · 1 slip failed`,
        href: '/admin/payroll',
      },
    ]);
    // The figures come first, then the full overview.
    const overview = await screen.findByRole('region', { name: `Attendance Overview (Today: ${today})` });
    expect(region.compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("present today is the overview's live poll: a new punch moves the card and the table together", async () => {
    const { setRecords, requests } = dashboard();
    const { app } = renderApp({ path: '/admin', token: adminToken() });
    const region = await figures();
    const present = () => within(region).getAllByRole('listitem')[1]!;
    await waitFor(() => expect(present()).toHaveTextContent('Present today12 absent · 0 off today'));

    const overview = await screen.findByRole('region', { name: `Attendance Overview (Today: ${today})` });
    const presentRows = () => within(within(overview).getByRole('table', { name: `Attendance Overview (Today: ${today})` })).queryAllByText('Present').length;
    expect(presentRows()).toBe(1);

    // Zoe punches in; the next poll of today's records (here: the tag the poll's entry holds) brings it.
    setRecords([record('asha@acme.in'), record('ravi@acme.in', 'A'), record('zoe@acme.in')]);
    const todayCalls = () => requests().filter((r) => new URL(r.url).pathname === '/api/attendance').length;
    const before = todayCalls();
    act(() => void app.store.dispatch(api.util.invalidateTags([{ type: 'Attendance', id: 'LIST' }])));
    await waitFor(() => expect(present()).toHaveTextContent('Present today21 absent · 0 off today'));
    expect(presentRows()).toBe(2);
    // One request served the card and the table: they read one cache entry.
    expect(todayCalls()).toBe(before + 1);
  });

  it('on a weekly off nobody is absent: the rest of the roster is off today, and the four add up', async () => {
    dashboard(() => ({ ...FIGURES, today: { employed: 7, present: 0, onLeave: 4, absent: 0, off: 3, dayOff: 'weekly-off' } }));
    renderApp({ path: '/admin', token: adminToken() });
    const region = await figures();
    // 1 present (live) + 0 absent + 4 on leave + 2 off today = 7 employed.
    await waitFor(() => expect(cards(region)[1]!.text).toBe('Present today10 absent · 2 off today'));
    expect(cards(region)[2]!.text).toBe('On leave today4Approved leave');
  });

  it('refreshes the counts when a leave or task list changes (their tags), and shows a fresh company plainly', async () => {
    let answer: AdminDashboardSummary = { ...FIGURES, activeEmployees: 0, onLeaveToday: 0, pendingLeaveRequests: 0, pendingAttendanceCorrections: 0, openTasks: 0, lastPayrollRun: null };
    dashboard(() => answer);
    const { app } = renderApp({ path: '/admin', token: adminToken() });
    const region = await figures();
    await waitFor(() => expect(cards(region)[5]!.text).toBe('Last payroll runNone yetStart one from Payroll Run'));

    answer = { ...answer, pendingLeaveRequests: 1 };
    act(() => void app.store.dispatch(api.util.invalidateTags([{ type: 'Leave', id: 'LIST' }])));
    await waitFor(() => expect(cards(region)[3]!.text).toBe('Pending requests11 leave · 0 corrections'));

    // An attendance correction decided or asked for (its list tag) refreshes the pending figure too.
    answer = { ...answer, pendingAttendanceCorrections: 3 };
    act(() => void app.store.dispatch(api.util.invalidateTags([{ type: 'AttendanceCorrection', id: 'LIST' }])));
    await waitFor(() => expect(cards(region)[3]!.text).toBe('Pending requests41 leave · 3 corrections'));
  });

  it('says so when the counts cannot be loaded, and keeps the live attendance figure', async () => {
    mockFetch({
      'GET /api/attendance': () => json(200, [record('asha@acme.in')]),
      'GET /api/employee': () => json(200, EMPLOYEES),
      'GET /api/attendance/summary': () => json(200, SUMMARY),
      'GET /api/dashboard/summary': () => json(500, { msg: 'Database unavailable' }),
    });
    renderApp({ path: '/admin', token: adminToken() });
    const region = await figures();
    expect(await within(region).findByText('The figures could not be loaded: Database unavailable')).toBeInTheDocument();
    // Absent needs the day's roster from the counts; present stays live.
    await waitFor(() => expect(cards(region)[1]!.text).toBe('Present today1Absent: –'));
    expect(cards(region)[0]!.text).toBe('Active employees–On the roster');
  });
});
