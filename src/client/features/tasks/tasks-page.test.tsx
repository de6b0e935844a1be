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
  dueDate: null,
  priority: 'normal',
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

  /** Picks an employee in the combobox by typing and choosing with the keyboard. */
  const pick = async (user: Awaited<ReturnType<typeof open>>['user'], typed: string) => {
    const box = page().getByRole('combobox', { name: 'Employee' });
    await user.type(box, typed);
    await user.keyboard('{ArrowDown}{Enter}');
  };

  it("has 'Task Management', the assign form with required fields, and 'All Tasks' with an Employee ID column", async () => {
    const { user } = await open([task('1', 'EMP0001'), task('2', 'EMP0002', 'completed')]);
    const box = page().getByRole('combobox', { name: 'Employee' });
    expect(box).toHaveAttribute('placeholder', 'Select Employee');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toBeRequired();
    await waitFor(() => expect(page().queryByText(TASK_UI.loadingEmployees)).not.toBeInTheDocument());
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Employee' });
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Asha Rao (EMP0001)', 'Ravi Kumar (EMP0002)']);
    expect(page().getByLabelText('Task Title')).toBeRequired();
    expect(page().getByLabelText('Description')).toBeRequired();
    expect(page().getByLabelText('Due date')).toHaveValue('');
    expect(page().getByLabelText('Priority')).toHaveValue('normal');
    expect(page().getByRole('button', { name: 'Assign Task' })).toBeInTheDocument();

    expect(page().getByRole('heading', { name: ALL })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Tasks' })).not.toBeInTheDocument();
    await region(ALL).findByRole('table', { name: ALL });
    expect(columnHeaders(ALL)).toEqual(['Employee ID', 'Title', 'Description', 'Status', 'Due', 'Priority', 'Actions']);
    // The admin sees whose task it is: the name beside the ID.
    expect(bodyRows(ALL).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['EMP0001 Asha Rao', 'EMP0002 Ravi Kumar']);
    expect(region(ALL).queryByRole('combobox', { name: /^Status of/ })).not.toBeInTheDocument();
  });

  it('searches current employees by name or ID from the keyboard, with aria-activedescendant', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => employee(i + 1, `Person ${i + 1}`));
    many[776] = { ...many[776]!, name: 'Kavitha Ramasubramanian-Venkataraghavan' };
    const { user } = await open([], { 'GET /api/employee': () => json(200, many) });
    const box = page().getByRole('combobox', { name: 'Employee' });
    await waitFor(() => expect(page().queryByText(TASK_UI.loadingEmployees)).not.toBeInTheDocument());
    await user.click(box);
    const listbox = screen.getByRole('listbox', { name: 'Employee' });
    // A long list is cut, with a word saying how to narrow it.
    expect(within(listbox).getAllByRole('option')).toHaveLength(50);
    expect(page().getByText('1,150 more: type more of the name or ID')).toBeInTheDocument();
    await user.type(box, 'kavitha');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kavitha Ramasubramanian-Venkataraghavan (EMP000777)']);
    await user.clear(box);
    await user.type(box, 'EMP00012');
    const options = within(listbox).getAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue(options[1]!.textContent);
    // Escape with the list closed clears the pick.
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, 'nobody at all');
    expect(within(listbox).getByRole('option')).toHaveTextContent('No current employee matches');
  });

  it('assigns a task, shows the server msg, clears the form and the new task appears', async () => {
    const { user, requests, taskGets } = await open([]);
    await region(ALL).findByText(TASK_UI.empty);
    await waitFor(() => expect(page().queryByText(TASK_UI.loadingEmployees)).not.toBeInTheDocument());
    const before = taskGets().length;

    await pick(user, 'ravi');
    await user.type(page().getByLabelText('Task Title'), 'Quarterly report');
    await user.type(page().getByLabelText('Description'), 'Draft the Q3 numbers');
    await user.type(page().getByLabelText('Due date'), '2026-04-15');
    await user.selectOptions(page().getByLabelText('Priority'), 'high');
    await user.click(page().getByRole('button', { name: 'Assign Task' }));

    expect(await page().findByText('Task assigned successfully')).toHaveAttribute('role', 'status');
    const post = requests().find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/task/assign');
    expect(await post.json()).toEqual({ employeeId: 'EMP0002', title: 'Quarterly report', description: 'Draft the Q3 numbers', dueDate: '2026-04-15', priority: 'high' });
    expect(page().getByRole('combobox', { name: 'Employee' })).toHaveValue('');
    expect(page().getByLabelText('Task Title')).toHaveValue('');
    expect(page().getByLabelText('Description')).toHaveValue('');
    expect(page().getByLabelText('Priority')).toHaveValue('normal');
    expect(await region(ALL).findByRole('cell', { name: 'Quarterly report' })).toBeInTheDocument();
    expect(taskGets().length).toBe(before + 1);
    expect(errorToasts()).toEqual([]);
  });

  it('marks every missing field at once and sends nothing', async () => {
    const { user, requests } = await open([]);
    await user.type(page().getByLabelText('Task Title'), 'Only a title');
    await user.click(page().getByRole('button', { name: 'Assign Task' }));
    const box = page().getByRole('combobox', { name: 'Employee' });
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(page().getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(page().getByLabelText('Task Title')).not.toHaveAttribute('aria-invalid');
    expect(box).toHaveFocus();
    expect(requests().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("marks the employee the server refuses, with 'Error assigning task: ' above the form", async () => {
    const refused = 'No active employee with ID EMP0002';
    const { user } = await open([], {
      'POST /api/task/assign': () => json(400, { msg: refused, fieldErrors: { employeeId: refused } }),
    });
    await waitFor(() => expect(page().queryByText(TASK_UI.loadingEmployees)).not.toBeInTheDocument());
    await pick(user, 'EMP0002');
    await user.type(page().getByLabelText('Task Title'), 'Report');
    await user.type(page().getByLabelText('Description'), 'Numbers');
    await user.click(page().getByRole('button', { name: 'Assign Task' }));

    const text = `${PREFIX.assignTask}${refused}`;
    await waitFor(() => expect(page().getAllByRole('alert').map((a) => a.textContent)).toContain(text));
    const box = page().getByRole('combobox', { name: 'Employee' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(refused);
    expect(box).toHaveValue('Ravi Kumar (EMP0002)');
    expect(page().getByLabelText('Task Title')).toHaveValue('Report');
  });

  it('edits a task in a dialog, sending the whole task', async () => {
    const { user, requests } = await open([task('1', 'EMP0001')], {
      'PUT /api/task/edit/1': () => json(200, { msg: 'Task updated' }),
    });
    await region(ALL).findByRole('table');
    await user.click(region(ALL).getByRole('button', { name: 'Edit task Task 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Edit task: Task 1' });
    const box = within(dialog).getByRole('combobox', { name: 'Employee' });
    expect(box).toHaveValue('Asha Rao (EMP0001)');
    await user.clear(box);
    await user.type(box, 'ravi');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.clear(within(dialog).getByLabelText('Task Title'));
    await user.type(within(dialog).getByLabelText('Task Title'), 'Renamed');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'low');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await expectToast('Task updated');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/task/edit/1');
    expect(await put.json()).toEqual({ employeeId: 'EMP0002', title: 'Renamed', description: 'Details of task 1', dueDate: null, priority: 'low' });
  });

  it('deletes a task only after the in-app question naming it and its assignee', async () => {
    const { user, requests } = await open([task('1', 'EMP0001')], {
      'DELETE /api/task/1': () => json(200, { msg: 'Task deleted' }),
    });
    await region(ALL).findByRole('table');
    await user.click(region(ALL).getByRole('button', { name: 'Delete task Task 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this task?' });
    expect(dialog).toHaveTextContent('"Task 1", assigned to Asha Rao (EMP0001), will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests().filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(region(ALL).getByRole('button', { name: 'Delete task Task 1' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Task deleted');
    expect(new URL(requests().find((r) => r.method === 'DELETE')!.url).pathname).toBe('/api/task/1');
  });

  it('shows a due date, and Overdue for an open task past it', async () => {
    await open([{ ...task('1', 'EMP0001'), dueDate: '2020-01-01', priority: 'high' }, { ...task('2', 'EMP0002', 'completed'), dueDate: '2020-01-01' }]);
    await region(ALL).findByRole('table');
    const due = bodyRows(ALL).map((row) => within(row).getAllByRole('cell')[4]!.textContent);
    expect(due).toEqual(['2020-01-01Overdue', '2020-01-01']);
    expect(within(bodyRows(ALL)[0]!).getAllByRole('cell')[5]).toHaveTextContent('High');
  });

  it("shows 'Error fetching tasks: ' when the list fails", async () => {
    await open([], { 'GET /api/task': () => json(500, {}) });
    expect(await region(ALL).findByRole('alert')).toHaveTextContent(`${PREFIX.fetchTasks}${FALLBACK.server}`);
  });

  it("shows 'Error fetching employees: ' when the dropdown's list fails", async () => {
    const { user } = await open([], { 'GET /api/employee': () => json(500, { msg: 'Roster unavailable' }) });
    await waitFor(() =>
      expect(page().getAllByRole('alert').map((a) => a.textContent)).toContain(`${PREFIX.fetchEmployees}Roster unavailable`),
    );
    await user.click(page().getByRole('combobox', { name: 'Employee' }));
    expect(within(screen.getByRole('listbox', { name: 'Employee' })).getByRole('option')).toHaveTextContent('No current employee matches');
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
    expect(columnHeaders(MY)).toEqual(['Title', 'Description', 'Status', 'Due', 'Priority', 'Actions']);
    expect(region(MY).queryByRole('button', { name: /^(Edit|Delete) task/ })).not.toBeInTheDocument();
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
