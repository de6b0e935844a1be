import { screen, waitFor, within } from '@testing-library/react';
import { FALLBACK, PREFIX } from '../../copy';
import { TASK_UI } from './task-copy';
import type { Employee } from '../../../shared/schemas/employee';
import type { Task } from '../../../shared/schemas/task';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';

const employee = (n: number, name: string): Employee => ({
  _id: String(n),
  employeeId: `EMP000${n}`,
  name,
  email: `e${n}@example.com`,
  position: 'Engineer',
  salary: 50000,
  joiningDate: '2024-04-01',
});
const EMPLOYEES = [employee(1, 'Asha Rao'), employee(2, 'Ravi Kumar')];

const task = (id: string, employeeId: string, status: Task['status'] = 'assigned'): Task => ({
  _id: id,
  employeeId,
  name: employeeId === 'EMP0001' ? 'Asha Rao' : 'Ravi Kumar',
  title: `Task ${id}`,
  description: `Details of task ${id}`,
  status,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

type Handlers = Parameters<typeof mockFetch>[0];

/** A tiny in-memory /api/task, so refetches after invalidation see the change. */
function fakeTaskServer(initial: Task[], overrides: Handlers = {}) {
  const rows = [...initial];
  const network = mockFetch({
    // The dashboards' own calls (greeting, welcome card, attendance overview), answered blandly.
    'GET /api/employee/me': () => json(200, EMPLOYEES[0]),
    'GET /api/employee/current': () => json(200, EMPLOYEES[0]),
    'GET /api/employee': () => json(200, EMPLOYEES),
    'GET /api/attendance': () => json(200, []),
    'GET /api/task': () => json(200, rows),
    'POST /api/task/assign': async (req) => {
      const body = (await req.clone().json()) as Pick<Task, 'employeeId' | 'title' | 'description'>;
      rows.unshift({ ...task('9', body.employeeId), ...body });
      return json(201, { msg: 'Task assigned successfully', _id: '9' });
    },
    'PUT /api/task/1': async (req) => {
      const { status } = (await req.clone().json()) as { status: Task['status'] };
      rows.find((r) => r._id === '1')!.status = status;
      return json(200, { msg: 'Task status updated' });
    },
    ...overrides,
  });
  const taskGets = () => network.requests().filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/task');
  return { ...network, rows, taskGets };
}

// The dashboard frames show their own sections next to this screen, so every query is scoped.
const region = (name: string) => within(screen.getByRole('region', { name }));
const page = () => region(TASK_UI.title);
const columnHeaders = (name: string) => region(name).getAllByRole('columnheader').map((th) => th.textContent);
const bodyRows = (name: string) => region(name).getAllByRole('row').slice(1);

/** The error toasts on screen (the spec's alerts of this screen). */
const errorToasts = () => {
  const stack = screen.queryByRole('region', { name: 'Notifications' });
  return stack ? within(stack).queryAllByRole('alert').map((a) => a.textContent) : [];
};

describe('tasks, admin view', () => {
  const ALL = 'All Tasks';
  const open = async (rows: Task[], overrides: Handlers = {}) => {
    const server = fakeTaskServer(rows, overrides);
    const app = renderApp({ path: '/admin/tasks', token: adminToken() });
    await screen.findByRole('heading', { name: TASK_UI.title });
    return { ...app, ...server };
  };

  it("has 'Task Management', the assign form with required fields, and 'All Tasks' with an Employee ID column", async () => {
    await open([task('1', 'EMP0001'), task('2', 'EMP0002', 'completed')]);
    const select = page().getByLabelText('Employee');
    expect(select.tagName).toBe('SELECT');
    expect(select).toBeRequired();
    await waitFor(() =>
      expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Select Employee',
        'Asha Rao (EMP0001)',
        'Ravi Kumar (EMP0002)',
      ]),
    );
    expect(within(select).getByRole('option', { name: 'Select Employee' })).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'Ravi Kumar (EMP0002)' })).toHaveValue('EMP0002');
    expect(page().getByLabelText('Task Title')).toBeRequired();
    expect(page().getByLabelText('Description')).toBeRequired();
    expect(page().getByRole('button', { name: 'Assign Task' })).toBeInTheDocument();

    expect(page().getByRole('heading', { name: ALL })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Tasks' })).not.toBeInTheDocument();
    await region(ALL).findByRole('table', { name: ALL });
    expect(columnHeaders(ALL)).toEqual(['Employee ID', 'Title', 'Description', 'Status']);
    // Admins see everyone's tasks and have no status dropdowns.
    // The admin sees whose task it is: the name beside the ID.
    expect(bodyRows(ALL).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['EMP0001 Asha Rao', 'EMP0002 Ravi Kumar']);
    expect(region(ALL).queryByRole('combobox', { name: /^Status of/ })).not.toBeInTheDocument();
  });

  it('assigns a task, shows the server msg, clears the form and the new task appears', async () => {
    const { user, requests, taskGets } = await open([]);
    await region(ALL).findByText(TASK_UI.empty);
    await waitFor(() => expect(page().getAllByRole('option')).toHaveLength(3));
    const before = taskGets().length;

    await user.selectOptions(page().getByLabelText('Employee'), 'EMP0002');
    await user.type(page().getByLabelText('Task Title'), 'Quarterly report');
    await user.type(page().getByLabelText('Description'), 'Draft the Q3 numbers');
    await user.click(page().getByRole('button', { name: 'Assign Task' }));

    expect(await page().findByText('Task assigned successfully')).toHaveAttribute('role', 'status');
    const post = requests().find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/task/assign');
    expect(await post.json()).toEqual({ employeeId: 'EMP0002', title: 'Quarterly report', description: 'Draft the Q3 numbers' });
    expect(page().getByLabelText('Employee')).toHaveValue('');
    expect(page().getByLabelText('Task Title')).toHaveValue('');
    expect(page().getByLabelText('Description')).toHaveValue('');
    expect(await region(ALL).findByRole('cell', { name: 'Quarterly report' })).toBeInTheDocument();
    expect(taskGets().length).toBe(before + 1);
    expect(errorToasts()).toEqual([]);
  });

  it("shows 'Error assigning task: ' with the server msg (form and error toast) and keeps the form", async () => {
    const { user } = await open([], {
      'POST /api/task/assign': () => json(400, { msg: 'No active employee with ID EMP0002' }),
    });
    await waitFor(() => expect(page().getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(page().getByLabelText('Employee'), 'EMP0002');
    await user.type(page().getByLabelText('Task Title'), 'Report');
    await user.type(page().getByLabelText('Description'), 'Numbers');
    await user.click(page().getByRole('button', { name: 'Assign Task' }));

    const text = `${PREFIX.assignTask}No active employee with ID EMP0002`;
    await expectToast(text, 'error');
    expect(page().getAllByRole('alert').map((a) => a.textContent)).toContain(text);
    expect(page().getByLabelText('Employee')).toHaveValue('EMP0002');
    expect(page().getByLabelText('Task Title')).toHaveValue('Report');
  });

  it("shows 'Error fetching tasks: ' when the list fails", async () => {
    await open([], { 'GET /api/task': () => json(500, {}) });
    expect(await region(ALL).findByRole('alert')).toHaveTextContent(`${PREFIX.fetchTasks}${FALLBACK.server}`);
  });

  it("shows 'Error fetching employees: ' when the dropdown's list fails", async () => {
    await open([], { 'GET /api/employee': () => json(500, { msg: 'Roster unavailable' }) });
    await waitFor(() =>
      expect(page().getAllByRole('alert').map((a) => a.textContent)).toContain(`${PREFIX.fetchEmployees}Roster unavailable`),
    );
    expect(within(page().getByLabelText('Employee')).getAllByRole('option')).toHaveLength(1);
  });
});

describe('tasks, employee view', () => {
  const MY = 'My Tasks';
  const open = async (rows: Task[], overrides: Handlers = {}) => {
    const server = fakeTaskServer(rows, overrides);
    const app = renderApp({ path: '/employee/tasks', token: employeeToken() });
    await screen.findByRole('heading', { name: TASK_UI.title });
    return { ...app, ...server };
  };

  it("has no assign form, and 'My Tasks' with an Actions column holding a labelled status dropdown", async () => {
    await open([task('1', 'EMP0001', 'in-progress')]);
    expect(page().queryByLabelText('Employee')).not.toBeInTheDocument();
    expect(page().queryByRole('button', { name: 'Assign Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Tasks' })).not.toBeInTheDocument();
    await region(MY).findByRole('table', { name: MY });
    expect(columnHeaders(MY)).toEqual(['Title', 'Description', 'Status', 'Actions']);
    const select = region(MY).getByRole('combobox', { name: 'Status of Task 1' });
    expect(select).toHaveValue('in-progress');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Assigned', 'In progress', 'Completed']);
  });

  it("filters the list by the token's own employeeId", async () => {
    // The server already filters; a wrong answer must still not show someone else's task.
    await open([task('1', 'EMP0001'), task('2', 'EMP0002'), task('3', 'EMP0001')]);
    await region(MY).findByRole('table');
    expect(bodyRows(MY).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Task 1', 'Task 3']);
    expect(region(MY).queryByText('Task 2')).not.toBeInTheDocument();
  });

  it("shows 'No tasks found.' when none are the caller's", async () => {
    await open([task('2', 'EMP0002')]);
    expect(await region(MY).findByText(TASK_UI.empty)).toBeInTheDocument();
    expect(region(MY).queryByRole('table')).not.toBeInTheDocument();
  });

  it('moves a task to completed and the list refreshes by invalidation', async () => {
    const { user, requests, taskGets } = await open([task('1', 'EMP0001')]);
    const select = await region(MY).findByRole('combobox', { name: 'Status of Task 1' });
    const before = taskGets().length;

    await user.selectOptions(select, 'completed');

    await expectToast('Task status updated');
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/task/1');
    expect(await put.json()).toEqual({ status: 'completed' });
    await waitFor(() => expect(taskGets().length).toBe(before + 1));
    expect(region(MY).getByRole('combobox', { name: 'Status of Task 1' })).toHaveValue('completed');
    expect(within(bodyRows(MY)[0]!).getAllByRole('cell')[2]).toHaveTextContent('Completed');
    expect(errorToasts()).toEqual([]);
  });

  it("shows 'Error updating task status: ' as an error toast and the status the server holds", async () => {
    const { user } = await open([task('1', 'EMP0001')], {
      'PUT /api/task/1': () => json(403, { msg: 'Only the employee this task is assigned to can change its status' }),
    });
    const select = await region(MY).findByRole('combobox', { name: 'Status of Task 1' });
    await user.selectOptions(select, 'completed');
    await expectToast(`${PREFIX.updateTaskStatus}Only the employee this task is assigned to can change its status`, 'error');
    await waitFor(() => expect(region(MY).getByRole('combobox', { name: 'Status of Task 1' })).toHaveValue('assigned'));
    await waitFor(() => expect(region(MY).getByRole('combobox', { name: 'Status of Task 1' })).toBeEnabled());
  });

  it("shows 'Error fetching tasks: ' with the server msg", async () => {
    await open([], { 'GET /api/task': () => json(503, { msg: 'Try again later' }) });
    expect(await region(MY).findByRole('alert')).toHaveTextContent(`${PREFIX.fetchTasks}Try again later`);
  });
});
