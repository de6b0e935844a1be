import { screen, waitFor, within } from '@testing-library/react';
import { localDateString, shiftDate } from '../../../shared/format';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import { EMPTY, FALLBACK, MSG, PREFIX } from '../../copy';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { ATTENDANCE_HEADERS } from '../../test/fixtures';
import { json, mockFetch } from '../../test/network';
import { expectLoginNotice, renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';

const today = localDateString();
const monthAgo = shiftDate(today, -29);

const record = (n: number, status = 'P', date = today): AttendanceRecord => ({
  _id: String(n),
  employeeId: `EMP${String(n).padStart(5, '0')}`,
  email: `e${n}@acme.in`,
  date,
  status,
  punchIn: `${date}T03:30:00.000Z`,
  punchOut: null,
});

/**
 * GET /api/attendance/page as the server answers it, over the records `range` holds for the
 * request's range: narrowed by q (name, email, ID) and show, then paged.
 */
async function paged(range: (request: Request) => Response, request: Request): Promise<Response> {
  const answer = range(request);
  if (!answer.ok) return answer;
  const all = (await answer.json()) as AttendanceRecord[];
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const show = params.get('show');
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 100);
  const matches = all.filter(
    (r) =>
      (!q || [r.name ?? '', r.email, r.employeeId ?? ''].some((t) => t.toLowerCase().includes(q))) &&
      (!show || (show === 'absent' ? r.status !== 'P' && r.status !== 'H' && !r.dayOff : show === 'present' ? r.status === 'P' || r.status === 'H' : true)),
  );
  return json(200, { startDate: params.get('startDate'), endDate: params.get('endDate'), offset, total: matches.length, rangeTotal: all.length, records: matches.slice(offset, offset + limit) });
}

/** The screen's table asks GET /api/attendance/page; the layout's own today-poll GET /api/attendance. */
function server(range: (request: Request) => Response, extra: Record<string, (request: Request) => Response> = {}) {
  return mockFetch({
    'GET /api/attendance': (request) => (new URL(request.url).searchParams.has('date') ? json(200, []) : range(request)),
    'GET /api/attendance/page': (request) => paged(range, request),
    'GET /api/employee': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/attendance/absent-today': () => json(200, { date: today, dayOff: null, total: 0, people: [] }),
    ...extra,
  });
}

const rangeCalls = (requests: () => Request[]) =>
  requests()
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/attendance/page')
    .map((u) => Object.fromEntries(u.searchParams));

const page = () => screen.findByRole('region', { name: 'Attendance Overview' });

describe('Attendance screen, admin view', () => {
  it("shows 'Attendance Overview', Download Attendance and 'All Attendance' for the last 30 days", async () => {
    const { requests } = server(() => json(200, [record(1, 'P'), record(2, 'H'), record(3, 'A'), record(4, 'L')]));
    renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    expect(within(section).getByRole('heading', { level: 2, name: 'Attendance Overview' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download Attendance' })).toBeEnabled();
    expect(within(section).getByLabelText('Start Date')).toHaveValue(monthAgo);
    expect(within(section).getByLabelText('End Date')).toHaveValue(today);

    const table = await within(section).findByRole('table', { name: 'All Attendance' });
    // The spec's columns, with Name and Employee ID beside its Email.
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      ATTENDANCE_HEADERS[0],
      'Name',
      'Employee ID',
      ...ATTENDANCE_HEADERS.slice(1),
    ]);
    // P (green) for P or H, otherwise A (red); the letter is the visible text, the word is spoken.
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell')[4]!.firstElementChild!);
    expect(statuses.map((badge) => badge.querySelector('[aria-hidden="true"]')!.textContent)).toEqual(['P', 'P', 'A', 'A']);
    expect(statuses.map((badge) => badge.className)).toEqual([
      'badge badge--success',
      'badge badge--success',
      'badge badge--danger',
      'badge badge--danger',
    ]);
    expect(statuses.map((badge) => badge.querySelector('.visually-hidden')!.textContent)).toEqual([
      'Present',
      'Present',
      'Absent',
      'Absent',
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('-');
    expect(rangeCalls(requests)).toEqual([{ startDate: monthAgo, endDate: today, offset: '0', limit: '100' }]);
  });

  it('says who set each day in the Source column, after the spec columns', async () => {
    server(() =>
      json(200, [
        { ...record(1, 'P'), source: 'admin' },
        { ...record(2, 'A'), source: 'import' },
        { ...record(3, 'P'), source: 'web', punchMethod: 'device:BJ2C200760011' },
        { ...record(4, 'P'), source: 'web', punchMethod: 'web-network' },
        record(5, 'P'),
      ]),
    );
    renderApp({ path: '/admin/attendance', token: adminToken() });
    const table = await within(await page()).findByRole('table', { name: 'All Attendance' });
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Source');
    const sources = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell').at(-1)!.textContent);
    expect(sources).toEqual(['Admin', 'Import', 'Device BJ2C200760011', 'Web (office network)', 'Web']);
  });

  it('narrows the range shown to a person and to absent days', async () => {
    const named = (n: number, name: string, status: string) => ({ ...record(n, status), name });
    const { requests } = server(() => json(200, [named(1, 'Zoë Fernández', 'P'), named(2, 'Ravi Kumar', 'A'), named(3, 'Asha Rao', 'A')]));
    const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    const table = await within(section).findByRole('table', { name: 'All Attendance' });
    expect(within(table).getByText('Zoë Fernández')).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Show'), 'absent');
    await waitFor(() => expect(within(table).queryByText('Zoë Fernández')).toBeNull());
    await user.type(within(section).getByLabelText('Person'), 'asha');
    await waitFor(() => expect(within(table).queryByText('Ravi Kumar')).toBeNull());
    expect(within(table).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(table).getByText('EMP00003')).toBeInTheDocument();
    // The person is asked of the server once typing pauses, with the show chosen.
    expect(rangeCalls(requests).at(-1)).toMatchObject({ q: 'asha', show: 'absent', offset: '0' });
    expect(rangeCalls(requests).some((c) => c.q === 'ash')).toBe(false);
    await user.type(within(section).getByLabelText('Person'), 'zzz');
    expect(await within(section).findByText('No records match the filters.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: /clear filters/i }));
    expect(await within(section).findByText('Zoë Fernández')).toBeInTheDocument();
  });

  it("empty: 'No attendance records found.'", async () => {
    server(() => json(200, []));
    renderApp({ path: '/admin/attendance', token: adminToken() });
    expect(await within(await page()).findByText(EMPTY.attendance)).toBeInTheDocument();
  });

  it('filters by a chosen range; both dates are required and must be in order', async () => {
    const { requests } = server((request) => {
      const start = new URL(request.url).searchParams.get('startDate')!;
      return json(200, [record(7, 'P', start)]);
    });
    const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    await within(section).findByRole('table', { name: 'All Attendance' });
    const start = within(section).getByLabelText('Start Date');
    const end = within(section).getByLabelText('End Date');
    const show = within(section).getByRole('button', { name: 'Show Records' });

    await user.clear(start);
    await user.click(show);
    expect(within(section).getByRole('alert')).toHaveTextContent(MSG.datesRequired);
    await user.type(start, '2026-02-10');
    await user.clear(end);
    await user.type(end, '2026-02-01');
    await user.click(show);
    expect(within(section).getByRole('alert')).toHaveTextContent(ATTENDANCE_MSG.startAfterEnd);
    expect(rangeCalls(requests)).toHaveLength(1);

    await user.clear(end);
    await user.type(end, '2026-02-20');
    await user.click(show);
    expect(await within(section).findByRole('cell', { name: '2026-02-10' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).getByText('1 record from 2026-02-10 to 2026-02-20')).toBeInTheDocument();
    expect(rangeCalls(requests).at(-1)).toEqual({ startDate: '2026-02-10', endDate: '2026-02-20', offset: '0', limit: '100' });
  });

  it('asks the server for a page at a time: 10,000 records travel 100 by 100, and the pager moves through them', async () => {
    const { requests } = server(() => json(200, Array.from({ length: 10_000 }, (_, i) => record(i + 1))));
    const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    const table = await within(section).findByRole('table', { name: 'All Attendance' });
    expect(table).toHaveAttribute('aria-rowcount', '101');
    expect(screen.getByText('10000 records from', { exact: false })).toBeInTheDocument();
    const pager = within(section).getByRole('navigation', { name: 'Pages of records' });
    expect(within(pager).getByText('Records 1–100 of 10,000')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Records 101–200 of 10,000')).toBeInTheDocument();
    expect(await within(table).findByText('e101@acme.in')).toBeInTheDocument();
    expect(rangeCalls(requests).map((c) => c.offset)).toEqual(['0', '100']);
    // A filter starts again at the first page.
    await user.selectOptions(within(section).getByLabelText('Show'), 'present');
    await waitFor(() => expect(rangeCalls(requests).at(-1)).toMatchObject({ show: 'present', offset: '0' }));
  });

  it("a failed load reads 'Error fetching attendance: ' + the server msg", async () => {
    server(() => json(400, { msg: ATTENDANCE_MSG.rangeTooLong(366) }));
    renderApp({ path: '/admin/attendance', token: adminToken() });
    expect(await within(await page()).findByRole('alert')).toHaveTextContent(
      PREFIX.fetchAttendance + ATTENDANCE_MSG.rangeTooLong(366),
    );
  });

  describe('Download Attendance', () => {
    let createObjectURL: jest.Mock;
    let clicks: { href: string; download: string }[];

    beforeEach(() => {
      createObjectURL = jest.fn(() => 'blob:all');
      Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
      clicks = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push({ href: this.getAttribute('href')!, download: this.download });
      });
    });

    afterEach(() => jest.restoreAllMocks());

    it('saves every record as attendance.csv (no dates sent)', async () => {
      const csv = 'Employee ID,Name,Email,Date,Status,Punch In,Punch Out,Hours\r\nEMP00001,A,e1@acme.in,2026-01-01,P,,,\r\n';
      const { requests } = server(() => json(200, []), {
        'GET /api/attendance/download': () =>
          new Response(csv, { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="attendance.csv"' } }),
      });
      const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
      await user.click(within(await page()).getByRole('button', { name: 'Download Attendance' }));
      await waitFor(() => expect(clicks).toEqual([{ href: 'blob:all', download: 'attendance.csv' }]));
      expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(csv);
      const download = requests().find((r) => new URL(r.url).pathname === '/api/attendance/download')!;
      expect(new URL(download.url).search).toBe('');
    });

    it("'Download this range' asks the spec's report for the range on screen", async () => {
      const csv = 'Employee ID,Name,Email,Date,Status,Punch In,Punch Out,Hours\r\n';
      const { requests } = server(() => json(200, []), {
        'GET /api/attendance/download': () =>
          new Response(csv, { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="attendance_${monthAgo}_${today}.csv"` } }),
      });
      const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
      await user.click(within(await page()).getByRole('button', { name: 'Download this range' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      const download = requests().find((r) => new URL(r.url).pathname === '/api/attendance/download')!;
      expect(Object.fromEntries(new URL(download.url).searchParams)).toEqual({ startDate: monthAgo, endDate: today });
    });

    it("a failure reads 'Error downloading attendance: ' + the fallback when there is no msg", async () => {
      server(() => json(200, []), { 'GET /api/attendance/download': () => new Response('<html>bad gateway</html>', { status: 502 }) });
      const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
      const section = await page();
      await user.click(within(section).getByRole('button', { name: 'Download Attendance' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(PREFIX.downloadAttendance + FALLBACK.downloadAttendance);
      expect(clicks).toEqual([]);
    });
  });

  it("lists today's absentees by name under their count, and searches them on the server", async () => {
    const people = Array.from({ length: 3 }, (_, i) => ({ employeeId: `EMP0000${i + 1}`, name: `Person ${i + 1} Venkataraghavan`, email: `p${i + 1}@acme.in` }));
    const { requests } = server(() => json(200, [record(1)]), {
      'GET /api/attendance/absent-today': (request) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        const found = people.filter((p) => p.name.includes(q));
        return json(200, { date: today, dayOff: null, total: q ? found.length : 1200, people: found });
      },
    });
    const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    const fold = await within(section).findByText('Not punched in today (1,200)');
    await user.click(fold);
    const list = within(section).getByRole('list', { name: 'Not punched in today' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'EMP00001 Person 1 Venkataraghavan p1@acme.in',
      'EMP00002 Person 2 Venkataraghavan p2@acme.in',
      'EMP00003 Person 3 Venkataraghavan p3@acme.in',
    ]);
    expect(within(section).getByText('The first 3 of 1,200 by name; search to narrow.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Find by name, email or employee ID'), 'Person 2');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    // The count stays everyone's; the server was asked once the typing paused, not per key.
    expect(within(section).getByText('Not punched in today (1,200)')).toBeInTheDocument();
    const asked = requests()
      .map((r) => new URL(r.url))
      .filter((u) => u.pathname === '/api/attendance/absent-today')
      .map((u) => u.searchParams.get('q'));
    expect(asked).toContain('Person 2');
    expect(asked).not.toContain('Pers');
  });

  it("says nobody is absent on a day off", async () => {
    server(() => json(200, []), { 'GET /api/attendance/absent-today': () => json(200, { date: today, dayOff: 'holiday', total: 0, people: [] }) });
    const { user } = renderApp({ path: '/admin/attendance', token: adminToken() });
    const section = await page();
    await user.click(await within(section).findByText('Not punched in today (0)'));
    expect(within(section).getByText('Today is a holiday: nobody is absent.')).toBeVisible();
  });

  it("an employee token opening /admin/attendance: 'Unauthorized access', token removed, back to /", async () => {
    const { fetchMock } = mockFetch({});
    const { pathname, storedToken } = renderApp({ path: '/admin/attendance', token: employeeToken() });
    await expectLoginNotice(MSG.unauthorized);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
