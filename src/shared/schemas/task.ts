/** Task shapes (product.md, Records), with a due date and a priority beside the spec's fields. */
import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../constants';
import { dateSchema, listLimitSchema, multiLineText, nameText } from './common';

const priority = z.enum(TASK_PRIORITIES, { error: `priority must be one of ${TASK_PRIORITIES.join(', ')}` });
/** A due date, or none: null, or left out. */
const dueDate = z.string({ error: 'dueDate must be a date written YYYY-MM-DD' }).pipe(dateSchema).nullable();

/** POST /api/task/assign: the spec's three fields; dueDate and priority are optional additions. */
export const taskAssignBody = z.object({
  employeeId: nameText('employeeId', 40),
  title: nameText('title'),
  description: multiLineText('description', 5000),
  dueDate: dueDate.optional(),
  priority: priority.optional(),
});
export type TaskAssign = z.infer<typeof taskAssignBody>;

/** PATCH /api/task/{id} (admins): the whole task as it should be, its assignee included: taskAssignBody. */
export type TaskEdit = TaskAssign;

export const taskStatusBody = z.object({
  status: z.enum(TASK_STATUSES, { error: `status must be one of ${TASK_STATUSES.join(', ')}` }),
});

/** GET /api/task?status=&limit= — newest first, at most `limit` rows (default 500, max 2000). */
export const taskListQuery = z.object({
  status: z.enum(TASK_STATUSES, { error: `status must be one of ${TASK_STATUSES.join(', ')}` }).optional(),
  limit: listLimitSchema,
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskSchema = z.object({
  _id: z.string(),
  /** The assignee's business id (EMP0001). */
  employeeId: z.string(),
  /** The assignee's name. */
  name: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  /** YYYY-MM-DD, or null when the task has none. */
  dueDate: z.string().nullable(),
  priority,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
