/**
 * product.md, Roles: an employee's list is the task list filtered by their own employeeId (from the
 * session token). The server already answers with the caller's tasks only; this keeps the spec's
 * client-side rule as a second line, so a wrong answer never shows someone else's task.
 */
import type { Task } from '../../../shared/schemas/task';

/** The tasks assigned to `employeeId`; none when the token carries no employeeId. */
export const ownTasks = (tasks: readonly Task[], employeeId: string | null): Task[] =>
  employeeId ? tasks.filter((task) => task.employeeId === employeeId) : [];
