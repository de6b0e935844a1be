/**
 * The task list's views: one status, and a search by employee (ID or name) for admins
 * or by title and description for an employee's own list. Memoized over the RTK Query data.
 */
import type { Task } from '../../../shared/schemas/task';
import { makeStatusSearchSelector } from '../../components/list-filter';

/** Admins look for whose task it is. */
export const selectTasksByEmployee = makeStatusSearchSelector<Task>((t) => `${t.employeeId} ${t.name}`);

/** An employee's tasks are all their own: they look for the task. */
export const selectOwnTasks = makeStatusSearchSelector<Task>((t) => `${t.title} ${t.description}`);
