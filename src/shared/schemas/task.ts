/** Task shapes (product.md, Records). */
import { z } from 'zod';
import { TASK_STATUSES } from '../constants';
import { listLimitSchema, multiLineText, nameText } from './common';

export const taskAssignBody = z.object({
  employeeId: nameText('employeeId', 40),
  title: nameText('title'),
  description: multiLineText('description', 5000),
});
export type TaskAssign = z.infer<typeof taskAssignBody>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
