/**
 * An employee's status dropdown on 'My Tasks' (product.md, Flows and Messages), the shared row action:
 * idle -> running -> idle. Any of the three statuses may be chosen, in any order. On failure the
 * spec's 'Error updating task status: ' alert shows; the list refreshes through cache invalidation.
 * One change runs at a time. The call (`run`) and the alert are injected.
 */
import type { TaskStatus } from '../../../shared/constants';
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createRowActionMachine } from '../../flows/row-action-machine';

export interface TaskStatusInput {
  id: string;
  status: TaskStatus;
}

/** The task list's status machine; provide `run` (the status change) and `alert`. */
export const taskStatusMachine = createRowActionMachine<TaskStatusInput>({
  id: 'taskStatus',
  failure: (error) => PREFIX.updateTaskStatus + errorMessage(error, FALLBACK.server),
});
