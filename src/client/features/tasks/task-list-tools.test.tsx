/**
 * The task list's tools and looks: statuses as badges like leave requests', a status
 * filter (sent to the server, kept in ?status=), a search by employee for admins (by title or
 * description for employees), the name beside the ID, and 'Task Management' inside its card.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Task } from '../../../shared/schemas/task';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';

const task = (id: string, employeeId: string, name: string, status: Task['status'], title = `Task ${id}`): Task => ({
  _id: id,
  employeeId,
  name,
  title,
  description: `Details of ${title.toLowerCase()}`,
  status,
  dueDate: null,
  priority: 'normal',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

const ROWS = [
  task('1', 'EMP0001', 'Asha Rao', 'assigned', 'Quarterly report'),
  task('2', 'EMP0002', 'Ravi Kumar', 'in-progress', 'Client demo'),
  task('3', 'EMP0001', 'Asha Rao', 'completed', 'Inventory audit'),
];
const EMPLOYEES = [
  { _id: '1', employeeId: 'EMP0001', name: 'Asha Rao', email: 'a@example.com', position: 'Engineer', salary: 1, joiningDate: '2024-04-01' },
  { _id: '2', employeeId: 'EMP0002', name: 'Ravi Kumar', email: 'r@example.com', position: 'Engineer', salary: 1, joiningDate: '2024-04-01' },
];

function open(path: string, token: string) {
  const network = mockFetch({
    'GET /api/employee/me': () => json(200, EMPLOYEES[0]),
    'GET /api/employee/current': () => json(200, EMPLOYEES[0]),
    'GET /api/employee': () => json(200, EMPLOYEES),
    'GET /api/attendance': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/leave': () => json(200, []),
    'GET /api/task': (req) => {
      const status = new URL(req.url).searchParams.get('status');
      // The server answers an employee with their own tasks only.
      const mine = path.startsWith('/employee') ? ROWS.filter((r) => r.employeeId === 'EMP0001') : ROWS;
      return json(200, status ? mine.filter((r) => r.status === status) : mine);
    },
  });
  const app = renderApp({ path, token });
  const taskGets = () =>
    network.requests().filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/task').map((r) => new URL(r.url).search);
  return { ...app, taskGets, search: () => new URLSearchParams(app.app.router.state.location.search) };
}

const list = (name: string) => within(screen.getByRole('region', { name }));
const bodyRows = async (name: string) => {
  await screen.findByRole('heading', { name });
  const table = await list(name).findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};
const column = async (name: string, index: number) =>
  (await bodyRows(name)).map((row) => within(row).getAllByRole('cell')[index]!.textContent);

const ALL = 'All Tasks';
const MY = 'My Tasks';

describe('task list, admin', () => {
  it("puts 'Task Management' in one card with the form and the list", async () => {
    open('/admin/tasks', adminToken());
    const heading = await screen.findByRole('heading', { name: 'Task Management' });
    const card = heading.closest('.card')!;
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByRole('button', { name: 'Assign Task' })).toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('heading', { name: ALL })).toBeInTheDocument();
  });

  it('shows statuses as badges, like leave requests', async () => {
    open('/admin/tasks', adminToken());
    const rows = await bodyRows(ALL);
    const badge = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!.querySelector('.badge');
    expect(rows.map((row) => badge(row)?.textContent)).toEqual(['Assigned', 'In progress', 'Completed']);
    expect(badge(rows[0]!)).toHaveClass('badge--info');
    expect(badge(rows[1]!)).toHaveClass('badge--warning');
    expect(badge(rows[2]!)).toHaveClass('badge--success');
  });

  it('searches by employee name or ID, with the name beside the ID', async () => {
    const { user, search } = open('/admin/tasks', adminToken());
    expect(await column(ALL, 0)).toEqual(['EMP0001 Asha Rao', 'EMP0002 Ravi Kumar', 'EMP0001 Asha Rao']);
    const box = list(ALL).getByRole('searchbox', { name: 'Search by employee' });
    await user.type(box, 'asha');
    await waitFor(async () => expect(await column(ALL, 1)).toEqual(['Quarterly report', 'Inventory audit']));
    expect(list(ALL).getByText(/^Showing /)).toHaveTextContent('Showing 2 of 3');
    await waitFor(() => expect(search().get('q')).toBe('asha'));
    await user.clear(box);
    await user.type(box, 'EMP0002');
    await waitFor(async () => expect(await column(ALL, 1)).toEqual(['Client demo']));
  });

  it('filters by status through the server, kept in ?status=', async () => {
    const { user, search, taskGets } = open('/admin/tasks', adminToken());
    await bodyRows(ALL);
    const select = list(ALL).getByRole('combobox', { name: 'Filter by status' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All statuses', 'Assigned', 'In progress', 'Completed']);
    await user.selectOptions(select, 'in-progress');
    await waitFor(async () => expect(await column(ALL, 1)).toEqual(['Client demo']));
    expect(taskGets()).toContain('?status=in-progress');
    await waitFor(() => expect(search().get('status')).toBe('in-progress'));
    await user.click(list(ALL).getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await column(ALL, 1)).toHaveLength(3));
  });
});

describe('task list, employee', () => {
  it("puts 'Task Management' in the card of 'My Tasks', and searches title and description", async () => {
    const { user } = open('/employee/tasks', employeeToken());
    expect(await column(MY, 0)).toEqual(['Quarterly report', 'Inventory audit']);
    const card = screen.getByRole('heading', { name: 'Task Management' }).closest('.card') as HTMLElement;
    expect(within(card).getByRole('heading', { name: MY })).toBeInTheDocument();

    await user.type(list(MY).getByRole('searchbox', { name: 'Search tasks' }), 'details of inventory');
    await waitFor(async () => expect(await column(MY, 0)).toEqual(['Inventory audit']));
    await user.clear(list(MY).getByRole('searchbox', { name: 'Search tasks' }));
    await user.selectOptions(list(MY).getByRole('combobox', { name: 'Filter by status' }), 'in-progress');
    expect(await list(MY).findByText('No tasks found.')).toBeInTheDocument();
  });
});
