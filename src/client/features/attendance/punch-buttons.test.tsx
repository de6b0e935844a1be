/**
 * Punch In and Punch Out are enabled by today's record (the server keeps one a day), the
 * line above them says where the day stands, and both attendance tables have Hours Worked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { localDateString, shiftDate } from '../../../shared/format';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { ATTENDANCE_HEADERS, ashaRecord } from '../../test/fixtures';
import { deferred, json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';
import { formatLocalTime as formatClock } from '../../../shared/format';

const today = localDateString();
const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@acme.in', position: 'Engineer', salary: 50000, joiningDate: '2024-01-01' };
const IN_AT = `${today}T03:40:00.000Z`;
const OUT_AT = `${today}T11:45:00.000Z`;
const mine = (overrides: Partial<AttendanceRecord> = {}) => ashaRecord(today, IN_AT, overrides);
const yesterday = mine({ _id: '40', date: shiftDate(today, -1), punchIn: `${shiftDate(today, -1)}T03:30:00.000Z`, punchOut: `${shiftDate(today, -1)}T12:00:00.000Z` });

/** A small server that keeps the employee's records and answers punches as the real one does. */
function attendanceServer(initial: AttendanceRecord[]) {
  let records = [...initial];
  const network = mockFetch({
    'GET /api/employee/me': () => json(200, ME),
    'GET /api/employee/current': () => json(200, ME),
    'GET /api/attendance/employee': () => json(200, records),
    'POST /api/attendance/punch-in': () => {
      if (records.some((r) => r.date === today)) return json(409, { msg: ATTENDANCE_MSG.alreadyPunchedIn });
      const record = mine();
      records = [record, ...records];
      return json(200, { msg: ATTENDANCE_MSG.punchedIn, record });
    },
    'POST /api/attendance/punch-out': () => {
      const open = records.find((r) => r.date === today && r.punchIn && !r.punchOut);
      if (!open) return json(409, { msg: ATTENDANCE_MSG.notPunchedIn });
      const record = { ...open, punchOut: OUT_AT };
      records = records.map((r) => (r._id === open._id ? record : r));
      return json(200, { msg: ATTENDANCE_MSG.punchedOut, record });
    },
  });
  return network;
}

// Generous: the machine may be busy; these wait for the screen to settle, never for a time to pass.
const settle = { timeout: 15_000 };

const buttons = async () => {
  const section = await screen.findByRole('region', { name: 'Your Attendance' });
  return {
    section,
    punchIn: within(section).getByRole('button', { name: 'Punch In' }),
    punchOut: within(section).getByRole('button', { name: 'Punch Out' }),
  };
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));

describe('punch buttons and hours worked (employee view)', () => {
  it('a day goes Punch In only -> Punch Out only -> neither, and the row gains its hours', async () => {
    const { requests } = attendanceServer([yesterday]);
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn, punchOut } = await buttons();
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    expect(punchOut).toBeDisabled();
    expect(within(section).getByText('Not punched in yet')).toBeInTheDocument();

    const table = await within(section).findByRole('table', { name: 'Your Attendance' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([...ATTENDANCE_HEADERS, 'Fix']);
    expect(rowsOf(table)[0]!.at(-5)).toBe('8h 30m');

    await user.click(punchIn);
    await waitFor(() => expect(punchOut).toBeEnabled(), settle);
    expect(punchIn).toBeDisabled();
    expect(within(section).getByText(`Punched in at ${formatClock(IN_AT)}`)).toBeInTheDocument();
    // Today's row is on top, still open: no hours yet.
    await waitFor(() => {
      const first = rowsOf(table)[0]!;
      expect([first[1], first.at(-5)]).toEqual([today, '-']);
    }, settle);

    await user.click(punchOut);
    await waitFor(() => expect(punchOut).toBeDisabled(), settle);
    expect(punchIn).toBeDisabled();
    expect(within(section).getByText(`Punched out at ${formatClock(OUT_AT)}`)).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(table)[0]!.at(-5)).toBe('8h 05m'), settle);

    // One punch each: the buttons never offered a second one the server would refuse.
    const punches = requests().filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(punches).toEqual(['/api/attendance/punch-in', '/api/attendance/punch-out']);
  });

  it('opening the screen already punched in offers only Punch Out', async () => {
    attendanceServer([mine(), yesterday]);
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { punchIn, punchOut } = await buttons();
    await waitFor(() => expect(punchOut).toBeEnabled(), settle);
    expect(punchIn).toBeDisabled();
  });

  it('opening the screen after punching out offers neither', async () => {
    attendanceServer([mine({ punchOut: OUT_AT })]);
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn, punchOut } = await buttons();
    await within(section).findByText(`Punched out at ${formatClock(OUT_AT)}`);
    expect(punchIn).toBeDisabled();
    expect(punchOut).toBeDisabled();
  });

  it('both stay off while the list loads, and both on if it cannot be loaded (the server decides then)', async () => {
    const list = deferred();
    mockFetch({
      'GET /api/employee/me': () => json(200, ME),
      'GET /api/employee/current': () => json(200, ME),
      'GET /api/attendance/employee': () => list.promise,
    });
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn, punchOut } = await buttons();
    expect(punchIn).toBeDisabled();
    expect(punchOut).toBeDisabled();
    list.release(json(500, { msg: 'Database unavailable' }));
    await within(section).findByText(/Database unavailable/);
    expect(punchIn).toBeEnabled();
    expect(punchOut).toBeEnabled();
  });
});

describe('hours worked (admin view)', () => {
  it("the admin's All Attendance table has Hours Worked too", async () => {
    const records = [mine({ punchOut: OUT_AT }), mine({ _id: '42', email: 'zoe@acme.in' })];
    // The screen's table reads a page of the range (GET /api/attendance/page); the header's poll reads today.
    mockFetch({
      'GET /api/attendance': () => json(200, records),
      'GET /api/attendance/page': (request) => {
        const params = new URL(request.url).searchParams;
        return json(200, { startDate: params.get('startDate'), endDate: params.get('endDate'), offset: 0, total: records.length, rangeTotal: records.length, records });
      },
    });
    renderApp({ path: '/admin/attendance', token: adminToken() });
    const table = await screen.findByRole('table', { name: 'All Attendance' });
    expect(within(table).getAllByRole('columnheader').at(-4)).toHaveTextContent('Hours Worked');
    expect(rowsOf(table).map((cells) => cells.at(-4))).toEqual(['8h 05m', '-']);
  });
});
