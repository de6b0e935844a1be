/**
 * Tasks (product.md, Screens) at /admin/tasks and /employee/tasks, under the heading 'Task Management':
 * admins get the assign form and every task; employees get their own tasks with a status dropdown.
 */
import { TASK_UI } from './task-copy';
import './tasks-page.css';
import type { AreaRole } from '../session/session-machine';
import { TaskAssignForm } from './task-assign-form';
import { TaskList } from './task-list';

export function TasksPage({ role }: { role: AreaRole }) {
  return (
    // One card: the heading belongs with what it names (the form and the list), not above them.
    <section className="card card--wide tasks-page" aria-labelledby="tasks-title">
      <h2 id="tasks-title">{TASK_UI.title}</h2>
      {role === 'admin' && <TaskAssignForm />}
      <TaskList role={role} />
    </section>
  );
}

/** /admin/tasks: the assign form and all tasks. */
export const AdminTasksPage = () => <TasksPage role="admin" />;

/** /employee/tasks: the caller's own tasks, each with a status dropdown. */
export const EmployeeTasksPage = () => <TasksPage role="employee" />;
