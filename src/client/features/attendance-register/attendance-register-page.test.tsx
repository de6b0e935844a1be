import { screen, waitFor, within } from '@testing-library/react';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { registerPageFixture, registerRowFixture } from './register-fixtures';

const registerRequests = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname === '/api/attendance/register').map((r) => new URL(r.url).searchParams);

const region = () => screen.findByRole('region', { name: /^Attendance register for / });

describe('Attendance Register screen', () => {
  it('shows the month: a row per employee, a column per day, totals and the legend; searches on the server', async () => {
    const { requests } = mockAdminScreen({
      'GET /api/attendance/register': (req) => {
        const params = new URL(req.url).searchParams;
        const month = params.get('month')!;
        const rows = [{ ...registerRowFixture(1, month, 'Asha Rao'), overtimeMinutes: 100 }, registerRowFixture(2, month, '=HYPERLINK("x")')];
        const q = params.get('q')?.toLowerCase();
        return json(200, registerPageFixture(month, q ? rows.filter((r) => r.name.toLowerCase().includes(q)) : rows));
      },
    });
    const { user } = renderApp({ path: '/admin/attendance/register?month=2026-08', token: adminToken() });
    const box = await region();
    expect(box).toHaveAccessibleName('Attendance register for August 2026');
    const table = within(box).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toHaveLength(1 + 31 + 8);
    expect(headers.slice(0, 3)).toEqual(['Employee', '1Sa', '2Su']);
    expect(headers.slice(32)).toEqual(['P', 'HD', 'CL', 'SL', 'Late', 'OT', 'LOP', 'Paid']);
    const asha = within(table).getByRole('rowheader', { name: /Asha Rao/ }).closest('tr')!;
    const cells = within(asha).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual(['P', 'WO', 'A', 'P', 'P', 'L-CL']);
    expect(cells[14]).toBe('H');
    // Overtime as hours:minutes after the late marks; none is a dash.
    expect(cells[31 + 5]).toBe('1:40');
    const other = within(table).getByRole('rowheader', { name: /HYPERLINK/ }).closest('tr')!;
    expect(within(other).getAllByRole('cell')[31 + 5]).toHaveTextContent('–');
    // Text as typed, never a formula.
    expect(within(table).getByText('=HYPERLINK("x")')).toBeInTheDocument();
    expect(screen.getByText('Employees 1–2 of 2')).toBeInTheDocument();
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(within(legend).getByText('Absent: loss of pay')).toBeInTheDocument();
    expect(within(legend).getByText('Casual')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name, email or employee ID'), 'asha');
    await waitFor(() => expect(registerRequests(requests()).some((p) => p.get('q') === 'asha')).toBe(true));
    await waitFor(() => expect(screen.getByText('Employees 1–1 of 1')).toBeInTheDocument());
    expect(registerRequests(requests()).every((p) => p.get('month') === '2026-08' && p.get('limit') === '200' && p.get('offset') === '0')).toBe(true);
  });

  it('opens on the last complete month by default and pages through a large company', async () => {
    const { requests } = mockAdminScreen({
      'GET /api/attendance/register': (req) => {
        const params = new URL(req.url).searchParams;
        const month = params.get('month')!;
        const offset = Number(params.get('offset'));
        return json(200, registerPageFixture(month, [registerRowFixture(offset + 1, month)], { total: 450, offset }));
      },
    });
    const { user } = renderApp({ path: '/admin/attendance/register', token: adminToken() });
    await region();
    const first = registerRequests(requests())[0]!;
    expect(first.get('month')).toMatch(/^\d{4}-\d{2}$/);
    const monthInput = screen.getByLabelText<HTMLInputElement>('Month');
    expect(monthInput.value).toBe(first.get('month'));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(registerRequests(requests()).map((p) => p.get('offset'))).toContain('200'));
    expect(await screen.findByText('Employees 201–201 of 450')).toBeInTheDocument();
  });

  it('says so for a month nobody was employed in', async () => {
    mockAdminScreen({ 'GET /api/attendance/register': () => json(200, registerPageFixture('2019-02', [])) });
    renderApp({ path: '/admin/attendance/register?month=2019-02', token: adminToken() });
    expect(await screen.findByText('Nobody was employed in February 2019.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("a refused month reads 'Error fetching the register: ' + the server's msg", async () => {
    mockAdminScreen({ 'GET /api/attendance/register': () => json(400, { msg: 'December 2099 has not started yet; the register covers months up to the current one' }) });
    renderApp({ path: '/admin/attendance/register?month=2099-12', token: adminToken() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching the register: December 2099 has not started yet');
  });

  describe('downloads', () => {
    let clicks: { href: string; download: string }[];
    beforeEach(() => {
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:register'), revokeObjectURL: jest.fn() });
      clicks = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push({ href: this.getAttribute('href')!, download: this.download });
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('Download Excel asks for the month and search as xlsx and saves the file; a failure says why', async () => {
      let fail = false;
      const { requests } = mockAdminScreen({
        'GET /api/attendance/register': (req) => json(200, registerPageFixture(new URL(req.url).searchParams.get('month')!, [registerRowFixture(1, '2026-08')])),
        'GET /api/attendance/register/download': () =>
          fail
            ? json(429, { msg: 'Too many register downloads are running; try again in a minute' })
            : new Response('xlsx-bytes', { headers: { 'content-disposition': 'attachment; filename="attendance_register_2026-08.xlsx"' } }),
      });
      const { user } = renderApp({ path: '/admin/attendance/register?month=2026-08&q=asha', token: adminToken() });
      await region();
      await user.click(screen.getByRole('button', { name: 'Download Excel' }));
      await waitFor(() => expect(clicks).toEqual([{ href: 'blob:register', download: 'attendance_register_2026-08.xlsx' }]));
      const sent = requests().find((r) => new URL(r.url).pathname === '/api/attendance/register/download')!;
      expect(Object.fromEntries(new URL(sent.url).searchParams)).toEqual({ month: '2026-08', format: 'xlsx', q: 'asha' });

      fail = true;
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading the register: Too many register downloads are running; try again in a minute');
      expect(clicks).toHaveLength(1);
    });
  });

  it('sets one day by hand from its cell: marks the missing reason, then sends the day and says so', async () => {
    const { requests } = mockAdminScreen({
      'GET /api/attendance/register': (req) => {
        const month = new URL(req.url).searchParams.get('month')!;
        return json(200, registerPageFixture(month, [registerRowFixture(1, month, 'Asha Rao')]));
      },
      'PUT /api/attendance/day': () => json(200, { msg: "Asha Rao's day on 2026-08-03 is set", _id: '9' }),
    });
    const { user } = renderApp({ path: '/admin/attendance/register?month=2026-08', token: adminToken() });
    const box = await region();
    await user.click(within(box).getByRole('button', { name: "A: set Asha Rao's day, 2026-08-03" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Set Asha Rao's day on 2026-08-03" });
    // The register's A opens as absent: no punches to give.
    expect(within(dialog).getByLabelText('Status')).toHaveValue('A');
    expect(within(dialog).queryByLabelText('Punch in')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save day' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'H');
    await user.type(within(dialog).getByLabelText('Punch in'), '09:30');
    await user.type(reason, 'Gate register');
    await user.click(within(dialog).getByRole('button', { name: 'Save day' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ employeeId: 'EMP0001', date: '2026-08-03', status: 'H', punchIn: '09:30', punchOut: null, reason: 'Gate register' });
    expect(await screen.findByText("Asha Rao's day on 2026-08-03 is set")).toBeInTheDocument();
  });
  it("previews bulk marking and shows the import-style counts of what would change", async () => {
    const { requests } = mockAdminScreen({
      'GET /api/attendance/register': (req) => {
        const month = new URL(req.url).searchParams.get('month')!;
        return json(200, registerPageFixture(month, [registerRowFixture(1, month, 'Asha Rao')]));
      },
      'POST /api/attendance/bulk': () =>
        json(200, {
          msg: 'Dry run, nothing written: 21 days would be marked present (3 replacing a record); 10 left as they were',
          dryRun: true, set: 21, replaced: 3, skipped: [{ employeeId: 'EMP0001', date: '2026-08-02', reason: 'a weekly off' }], skippedCount: 10,
          counts: { added: 18, updated: 2, unchanged: 1, failed: 10 }, rows: [], errors: [],
        }),
    });
    const { user } = renderApp({ path: '/admin/attendance/register?month=2026-08', token: adminToken() });
    await region();
    await user.click(screen.getByRole('button', { name: 'Mark days' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Register for August');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('18 new · 2 replaced · 1 already so · 10 left alone')).toBeInTheDocument();
    const sent = requests().find((r) => new URL(r.url).pathname === '/api/attendance/bulk')!;
    expect(new URL(sent.url).searchParams.get('dryRun')).toBe('true');
  });
});
