import { screen, waitFor, within } from '@testing-library/react';
import { localDateString } from '../../../shared/format';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import { EMPTY, FALLBACK, MSG, PREFIX } from '../../copy';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { ashaRecord } from '../../test/fixtures';
import { deferred, json, mockFetch } from '../../test/network';
import { expectLoginNotice, expectToast, renderApp } from '../../test/render-app';
import { adminToken, employeeToken, expiredToken, fakeToken, garbageToken } from '../../test/tokens';

const today = localDateString();
const punchInAt = `${today}T03:30:00.000Z`;
const mine = (overrides: Partial<AttendanceRecord> = {}) => ashaRecord(today, punchInAt, overrides);

const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@acme.in', position: 'Engineer', salary: 50000 };

/** The employee frame's calls plus the screen's; `own` answers GET /api/attendance/employee. */
function server(own: () => Response, punches: Record<string, () => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/employee/me': () => json(200, ME),
    'GET /api/employee/current': () => json(200, ME),
    'GET /api/attendance/employee': own,
    ...punches,
  });
}

const ownCalls = (requests: () => Request[]) =>
  requests().filter((r) => new URL(r.url).pathname === '/api/attendance/employee').length;

const yourAttendance = () => screen.findByRole('region', { name: 'Your Attendance' });

describe('Attendance screen, employee view', () => {
  it("greets the employee in the frame, shows Punch In and Punch Out, and lists 'Your Attendance'", async () => {
    server(() => json(200, [mine({ punchOut: `${today}T12:00:00.000Z`, hoursWorked: 8.5, lateMinutes: 25, earlyMinutes: 0 }), mine({ _id: '40', date: '2026-01-05', status: 'A', punchIn: null, source: 'admin' })]));
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Employee Dashboard' })).toHaveTextContent('Attendance');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    const section = await yourAttendance();
    // Today is punched in and out already: neither button has anything left to do.
    await within(section).findByText(/^Punched out at /);
    expect(within(section).getByRole('button', { name: 'Punch In' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Punch Out' })).toBeDisabled();
    const table = await within(section).findByRole('table', { name: 'Your Attendance' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(rows).toEqual([
      ['asha@acme.in', today, 'PPresent', new Date(punchInAt).toLocaleTimeString(), new Date(`${today}T12:00:00.000Z`).toLocaleTimeString(), '8h 30m', '25m late', '-', 'Web', 'Fix this day'],
      ['asha@acme.in', '2026-01-05', 'AAbsent', '-', '-', '-', '-', '-', 'Admin', 'Fix this day'],
    ]);
  });

  it("opens the correction request for a row's day and on a missed punch-out", async () => {
    server(() => json(200, [mine({ _id: '41', date: '2026-01-06', punchIn: '2026-01-06T03:30:00.000Z', punchOut: null }), mine({ _id: '40', date: '2026-01-05', status: 'A', punchIn: null })]));
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const section = await yourAttendance();
    expect(await within(section).findByText('You did not punch out on 2026-01-06.')).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'Your Attendance' });
    within(table).getByRole('button', { name: 'Fix this day: 2026-01-05' }).click();
    expect(await within(section).findByRole('heading', { name: 'Request a correction' })).toBeInTheDocument();
    expect(within(section).getByLabelText('Date')).toHaveValue('2026-01-05');
    expect(within(section).getByLabelText('What happened')).toHaveValue('missed-punch-in');
    within(section).getByRole('button', { name: 'Close' }).click();
    await within(section).findByText('You did not punch out on 2026-01-06.');
    within(section).getAllByRole('button', { name: 'Fix this day: 2026-01-06' })[0].click();
    await waitFor(() => expect(within(section).getByLabelText('Date')).toHaveValue('2026-01-06'));
    expect(within(section).getByLabelText('What happened')).toHaveValue('missed-punch-out');
  });

  it("falls back to 'Welcome, Employee' when the name cannot be loaded", async () => {
    mockFetch({
      'GET /api/employee/me': () => json(500, {}),
      'GET /api/employee/current': () => json(500, {}),
      'GET /api/attendance/employee': () => json(200, []),
    });
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Employee' })).toBeInTheDocument();
  });

  it("empty: 'No attendance records found.'", async () => {
    server(() => json(200, []));
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    expect(await within(await yourAttendance()).findByText(EMPTY.attendance)).toBeInTheDocument();
  });

  it("a failed load reads 'Error fetching attendance: ' + the reason", async () => {
    server(() => json(500, {}));
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    expect(await within(await yourAttendance()).findByRole('alert')).toHaveTextContent(PREFIX.fetchAttendance + FALLBACK.fetchAttendance);
  });

  it('Punch In shows the server msg as a success toast and the list refreshes through tag invalidation', async () => {
    let records: AttendanceRecord[] = [];
    const { requests } = server(() => json(200, records), {
      'POST /api/attendance/punch-in': () => {
        records = [mine()];
        return json(200, { msg: ATTENDANCE_MSG.punchedIn, record: mine() });
      },
    });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const section = await yourAttendance();
    await within(section).findByText(EMPTY.attendance);
    expect(ownCalls(requests)).toBe(1);

    const punchIn = within(section).getByRole('button', { name: 'Punch In' });
    await waitFor(() => expect(punchIn).toBeEnabled());
    await user.click(punchIn);
    await expectToast(ATTENDANCE_MSG.punchedIn);
    expect(await within(section).findByRole('cell', { name: today })).toBeInTheDocument();
    expect(ownCalls(requests)).toBe(2);
    expect(requests().find((r) => r.method === 'POST')!.headers.get('x-auth-token')).toBeTruthy();
  });

  it('Punch Out shows the server msg as a success toast and the row gets its punch-out time', async () => {
    const outAt = `${today}T12:30:00.000Z`;
    let records = [mine()];
    server(() => json(200, records), {
      'POST /api/attendance/punch-out': () => {
        records = [mine({ punchOut: outAt })];
        return json(200, { msg: ATTENDANCE_MSG.punchedOut, record: records[0] });
      },
    });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const section = await yourAttendance();
    await within(section).findByRole('cell', { name: today });
    const punchOut = within(section).getByRole('button', { name: 'Punch Out' });
    await waitFor(() => expect(punchOut).toBeEnabled());
    await user.click(punchOut);
    await expectToast(ATTENDANCE_MSG.punchedOut);
    expect(await within(section).findByRole('cell', { name: new Date(outAt).toLocaleTimeString() })).toBeInTheDocument();
  });

  it('both buttons are disabled while a punch is on its way', async () => {
    const answer = deferred();
    let records: AttendanceRecord[] = [];
    server(() => json(200, records), {
      'POST /api/attendance/punch-in': async () => {
        const response = await answer.promise;
        records = [mine()];
        return response;
      },
    });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const section = await yourAttendance();
    // Punch In is offered once today's records have said it is not punched in yet: click it then, not
    // before (a click on the still-disabled button does nothing, which a slow machine would show).
    const punchIn = within(section).getByRole('button', { name: 'Punch In' });
    await waitFor(() => expect(punchIn).toBeEnabled());
    await user.click(punchIn);
    expect(within(section).getByRole('button', { name: 'Punch In' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Punch Out' })).toBeDisabled();
    answer.release(json(200, { msg: ATTENDANCE_MSG.punchedIn, record: mine() }));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Punch Out' })).toBeEnabled());
  });

  it.each([
    ['Punch In', PREFIX.punchIn + ATTENDANCE_MSG.alreadyPunchedIn, 'POST /api/attendance/punch-in', json(409, { msg: ATTENDANCE_MSG.alreadyPunchedIn })],
    ['Punch In', PREFIX.punchIn + FALLBACK.punchIn, 'POST /api/attendance/punch-in', json(500, {})],
    ['Punch Out', PREFIX.punchOut + ATTENDANCE_MSG.notPunchedIn, 'POST /api/attendance/punch-out', json(409, { msg: ATTENDANCE_MSG.notPunchedIn })],
    ['Punch Out', PREFIX.punchOut + FALLBACK.punchOut, 'POST /api/attendance/punch-out', json(500, {})],
  ])('%s failure shows "%s" as an error toast', async (button, expected, route, response) => {
    // Punch Out is offered only once today is punched in, so those cases start there.
    server(() => json(200, button === 'Punch Out' ? [mine()] : []), { [route]: () => response });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const section = await yourAttendance();
    const target = within(section).getByRole('button', { name: button });
    await waitFor(() => expect(target).toBeEnabled());
    await user.click(target);
    await expectToast(expected, 'error');
  });
});

describe('Attendance screen role checks (product.md, Input rules, by the /employee area guard)', () => {
  it('missing token: back to / without an alert', async () => {
    const { shown, pathname } = renderApp({ path: '/employee/attendance' });
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(pathname()).toBe('/');
    expect(shown()).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['an admin token', () => adminToken()],
    ['an unknown role', () => fakeToken({ role: 'manager', employeeId: 'X', exp: Math.floor(Date.now() / 1000) + 3600 })],
  ])("%s: 'Unauthorized access', token cleared, back to /", async (_label, token) => {
    const { fetchMock } = mockFetch({});
    const { pathname, storedToken } = renderApp({ path: '/employee/attendance', token: token() });
    await expectLoginNotice(MSG.unauthorized);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['undecodable', garbageToken],
    ['expired', expiredToken()],
  ])("an %s token: 'Invalid session. Please login again.', token cleared, back to /", async (_label, token) => {
    const { pathname, storedToken } = renderApp({ path: '/employee/attendance', token });
    await expectLoginNotice(MSG.invalidSession);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
  });
});
