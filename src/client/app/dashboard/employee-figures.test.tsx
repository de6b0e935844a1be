import { screen, waitFor, within } from '@testing-library/react';
import { localDateString } from '../../../shared/format';
import { lastCompleteMonth, monthLabel } from '../../../shared/payroll/pay-month';
import type { EmployeeDashboardFigures } from '../../../shared/schemas/dashboard';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';
import { formatLocalTime as formatClock } from '../../../shared/format';

const today = localDateString();
const lastMonth = lastCompleteMonth(today);
const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@acme.in', position: 'Engineer', salary: 50000, joiningDate: '2024-01-01' };
const JOINED_TODAY = { ...ME, joiningDate: today };
const IN_AT = `${today}T03:42:00.000Z`;
const FIGURES: EmployeeDashboardFigures = {
  date: today,
  today: { status: 'P', punchIn: IN_AT, punchOut: null },
  presentDaysThisMonth: 6,
  leaveDaysThisYear: 3,
  leaveYear: '2026-27',
  openTasks: 2,
  latestSlipMonth: lastMonth,
};

function employeeServer(current = ME, figures: EmployeeDashboardFigures = FIGURES, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...extra,
    'GET /api/employee/me': () => json(200, { name: current.name }),
    'GET /api/employee/current': () => json(200, current),
    'GET /api/dashboard/me': () => json(200, figures),
    'GET /api/salary/generate': () => new Response('xlsx', { headers: { 'content-disposition': 'attachment; filename="salary-slip.xlsx"' } }),
  });
}

const figures = () => screen.findByRole('region', { name: 'Your day at a glance' });
const cards = (region: HTMLElement) => within(region).getAllByRole('listitem');

describe('employee dashboard figures', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/slip'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it("shows today's punch, days present, leave taken, open tasks and the latest slip, under the welcome card", async () => {
    employeeServer();
    renderApp({ path: '/employee', token: employeeToken() });
    const region = await figures();
    await within(region).findByText(`Punched in at ${formatClock(IN_AT)}`);
    const [todayCard, present, leave, tasks, slip] = cards(region);
    expect(todayCard).toHaveTextContent(`TodayPunched in at ${formatClock(IN_AT)}Open Attendance`);
    expect(within(todayCard!).getByRole('link')).toHaveAttribute('href', '/employee/attendance');
    expect(present).toHaveTextContent('Days present this month6In ');
    expect(leave).toHaveTextContent('Leave days taken this year3Approved, in leave year 2026-27');
    expect(within(leave!).getByRole('link')).toHaveAttribute('href', '/employee/leaves');
    expect(tasks).toHaveTextContent('Open tasks2Assigned or in progress');
    expect(within(tasks!).getByRole('link')).toHaveAttribute('href', '/employee/tasks');
    expect(slip).toHaveTextContent(`Latest salary slip${monthLabel(lastMonth)}`);

    const welcome = screen.getByRole('heading', { name: 'Welcome to the HR Portal' });
    expect(welcome.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'Not punched in yet' before the first punch", async () => {
    employeeServer(ME, { ...FIGURES, today: null });
    renderApp({ path: '/employee', token: employeeToken() });
    expect(await within(await figures()).findByText('Not punched in yet')).toBeInTheDocument();
  });

  it('shows the hours worked once the day is punched out', async () => {
    employeeServer(ME, { ...FIGURES, today: { status: 'P', punchIn: IN_AT, punchOut: `${today}T12:05:00.000Z` } });
    renderApp({ path: '/employee', token: employeeToken() });
    const region = await figures();
    await within(region).findByText(`Punched out at ${formatClock(`${today}T12:05:00.000Z`)}`);
    expect(cards(region)[0]).toHaveTextContent('Worked 8h 23m');
  });

  it("the slip card's button saves that month's slip", async () => {
    const { requests } = employeeServer();
    const { user, toasts } = renderApp({ path: '/employee', token: employeeToken() });
    const region = await figures();
    await user.click(await within(region).findByRole('button', { name: `Download ${monthLabel(lastMonth)} slip` }));
    await waitFor(() => expect(requests().some((r) => r.url.includes('/api/salary/generate'))).toBe(true));
    const call = requests().find((r) => r.url.includes('/api/salary/generate'))!;
    expect(new URL(call.url).searchParams.get('month')).toBe(lastMonth);
    expect(toasts('error')).toEqual([]);
  });

  it('someone who joined this month: no slip yet, and both slip buttons lead to choosing a month, never to an error', async () => {
    const { requests } = employeeServer(JOINED_TODAY, { ...FIGURES, latestSlipMonth: null, today: null, presentDaysThisMonth: 0 });
    const { user, pathname, toasts } = renderApp({ path: '/employee', token: employeeToken() });
    const region = await figures();
    const slip = cards(region)[4]!;
    await within(slip).findByText('None yet');
    expect(within(slip).getByRole('link', { name: 'Choose a month' })).toHaveAttribute('href', '/employee/salary');

    // The header's spec button: it knows there is no complete month (from the joining date) and asks for one.
    const header = within(screen.getByRole('banner'));
    await user.click(header.getByRole('button', { name: 'Download Salary Slip' }));
    await waitFor(() => expect(pathname()).toBe('/employee/salary'));
    expect(toasts('info')).toEqual(['No month is complete since you joined yet. Choose a month to download its salary slip.']);
    expect(toasts('error')).toEqual([]);
    expect(requests().some((r) => r.url.includes('/api/salary/generate'))).toBe(false);
  });

  it("the header's button asks for the last complete month by name once the joining date is known", async () => {
    const { requests } = employeeServer();
    const { user } = renderApp({ path: '/employee/change-password', token: employeeToken() });
    await screen.findByRole('heading', { name: 'Welcome to the HR Portal' });
    await screen.findByText(ME.employeeId);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Download Salary Slip' }));
    await waitFor(() => expect(requests().some((r) => r.url.includes('/api/salary/generate'))).toBe(true));
    const call = requests().find((r) => r.url.includes('/api/salary/generate'))!;
    expect(new URL(call.url).searchParams.get('month')).toBe(lastMonth);
  });

  it('shows the leave balance under the figures on the home screen', async () => {
    const balances = {
      employeeId: 'EMP0001',
      name: 'Asha Rao',
      balances: [{ leaveTypeId: '2', leaveType: 'Sick', paid: true, year: '2026', carriedForward: 0, accrued: 6, taken: 1, pending: 0, available: 5 }],
    };
    const { requests } = employeeServer(ME, FIGURES, { 'GET /api/leave-balances/me': () => json(200, balances) });
    renderApp({ path: '/employee', token: employeeToken() });
    const card = within((await screen.findByRole('heading', { name: 'My Leave Balance' })).closest('section')!);
    expect(await card.findByRole('row', { name: /Sick/ })).toHaveTextContent('5');
    expect(requests().some((r) => new URL(r.url).pathname === '/api/leave-balances/me')).toBe(true);
  });
});
