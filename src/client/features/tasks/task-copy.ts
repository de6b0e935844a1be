/** Words of the task list's tools and badges (issue 11), beside the spec's own in shared/messages.ts. */
import type { TaskStatus } from '../../../shared/constants';

export const TASK_LIST_UI = {
  tools: 'Search and filter tasks',
  searchTasks: 'Search tasks',
  taskHint: 'Title or description',
  /** A status as people read it; the API's values stay as the spec has them. */
  status: {
    assigned: 'Assigned',
    'in-progress': 'In progress',
    completed: 'Completed',
  } satisfies Record<TaskStatus, string>,
} as const;
