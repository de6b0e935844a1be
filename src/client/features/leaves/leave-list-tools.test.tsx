/**
 * The leave list's tools: a status filter (sent to the server, kept in ?status=), a
 * search by employee ID or name for admins (by reason for employees, kept in ?q=), the count line,
 * and the admin's view of whose request it is. Whole app against a fake /api/leave.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Leave } from '../../../shared/schemas/leave';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';
import { dashboardFrame } from '../../test/fixtures';

const leave = (id: string, status: Leave['status'], employeeId: string, name: string, reason = `Reason ${id}`): Leave => ({
  _id: id,
  employeeId,
  name,
  startDate: `2026-04-0${id}`,
  endDate: `2026-04-0${id}`,
  reason,
  status,
  leaveTypeId: '1',
  leaveType: 'Casual',
  days: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
});

const ROWS = [
  leave('1', 'pending', 'EMP0001', 'Asha Rao', 'Family function'),
  leave('2', 'approved', 'EMP0002', 'Ravi Kumar', 'Fever'),
  leave('3', 'rejected', 'EMP0003', 'Zoë Fernandes', 'Travel home'),
  leave('4', 'pending', 'EMP0002', 'Ravi Kumar', 'Wedding in the family'),
];

function open(path: string, token: string) {
  const network = mockFetch({
    ...dashboardFrame(),
    'GET /api/leave-balances/me': () => json(200, { employeeId: 'EMP0001', name: 'Asha Rao', balances: [] }),
    'GET /api/leave': (req) => {
      const status = new URL(req.url).searchParams.get('status');
      return json(200, status ? ROWS.filter((r) => r.status === status) : ROWS);
    },
  });
  const app = renderApp({ path, token });
  const leaveGets = () =>
    network.requests().filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/leave').map((r) => new URL(r.url).search);
  return { ...app, leaveGets, search: () => new URLSearchParams(app.app.router.state.location.search) };
}

const list = (name: string) => within(screen.getByRole('region', { name }));
/** The first cell of each body row once the table shows. */
const firstCells = async (name: string) => {
  await screen.findByRole('heading', { name });
  const table = await list(name).findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
};

const ALL = 'All Leave Requests';
const MY = 'My Leave Requests';

describe('leave list tools, admin', () => {
  it("shows the employee's name beside the ID, and searches by either", async () => {
    const { user, search } = open('/admin/leaves', adminToken());
    expect(await firstCells(ALL)).toEqual(['EMP0001 Asha Rao', 'EMP0002 Ravi Kumar', 'EMP0003 Zoë Fernandes', 'EMP0002 Ravi Kumar']);
    const box = list(ALL).getByRole('searchbox', { name: 'Search by employee' });

    await user.type(box, 'ravi');
    await waitFor(async () => expect(await firstCells(ALL)).toEqual(['EMP0002 Ravi Kumar', 'EMP0002 Ravi Kumar']));
    expect(list(ALL).getByText(/^Showing /)).toHaveTextContent('Showing 2 of 4');
    await waitFor(() => expect(search().get('q')).toBe('ravi'));

    await user.clear(box);
    await user.type(box, 'emp0003');
    await waitFor(async () => expect(await firstCells(ALL)).toEqual(['EMP0003 Zoë Fernandes']));
    await user.clear(box);
    await user.type(box, 'zoe');
    await waitFor(async () => expect(await firstCells(ALL)).toEqual(['EMP0003 Zoë Fernandes']));
    // The reason is not whose request it is.
    await user.clear(box);
    await user.type(box, 'fever');
    expect(await list(ALL).findByText('No leave requests found.')).toBeInTheDocument();
  });

  it('filters by status through the server, kept in ?status=, and Clear filters shows all again', async () => {
    const { user, search, leaveGets } = open('/admin/leaves', adminToken());
    await firstCells(ALL);
    const select = list(ALL).getByRole('combobox', { name: 'Filter by status' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All statuses', 'Pending', 'Approved', 'Rejected', 'Cancelled']);

    await user.selectOptions(select, 'pending');
    await waitFor(async () => expect(await firstCells(ALL)).toEqual(['EMP0001 Asha Rao', 'EMP0002 Ravi Kumar']));
    expect(leaveGets()).toContain('?status=pending');
    await waitFor(() => expect(search().get('status')).toBe('pending'));
    expect(list(ALL).getAllByRole('button', { name: /^Approve/ })).toHaveLength(2);

    await user.click(list(ALL).getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await firstCells(ALL)).toHaveLength(4));
    expect(search().has('status')).toBe(false);
  });

  it('opens with the filters of the address', async () => {
    open('/admin/leaves?status=pending&q=asha', adminToken());
    await waitFor(async () => expect(await firstCells(ALL)).toEqual(['EMP0001 Asha Rao']));
    expect(list(ALL).getByRole('searchbox', { name: 'Search by employee' })).toHaveValue('asha');
    expect(list(ALL).getByRole('combobox', { name: 'Filter by status' })).toHaveValue('pending');
  });
});

describe('leave list tools, employee', () => {
  it('searches the reason, and filters by status', async () => {
    const { user } = open('/employee/leaves', employeeToken());
    expect(await firstCells(MY)).toHaveLength(4);
    await user.type(list(MY).getByRole('searchbox', { name: 'Search by reason' }), 'family');
    await waitFor(async () => expect(await firstCells(MY)).toEqual(['2026-04-01', '2026-04-04']));
    await user.selectOptions(list(MY).getByRole('combobox', { name: 'Filter by status' }), 'pending');
    await waitFor(async () => expect(await firstCells(MY)).toEqual(['2026-04-01', '2026-04-04']));
    await user.selectOptions(list(MY).getByRole('combobox', { name: 'Filter by status' }), 'approved');
    expect(await list(MY).findByText('No leave requests found.')).toBeInTheDocument();
    expect(list(MY).getByText(/^Showing /)).toHaveTextContent('Showing 0 of 1');
  });
});
