/** Words of the task list's tools and badges, beside the spec's own (TASK_UI, below). */
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

/** Tasks screen (product.md, Screens): heading, assign form, list titles and columns. */
export const TASK_UI = {
  title: 'Task Management',
  allTitle: 'All Tasks',
  myTitle: 'My Tasks',
  employee: 'Employee',
  selectEmployee: 'Select Employee',
  /** Spec: each option shows the name and the employee id. */
  employeeOption: (name: string, employeeId: string) => `${name} (${employeeId})`,
  taskTitle: 'Task Title',
  description: 'Description',
  assign: 'Assign Task',
  employeeId: 'Employee ID',
  titleColumn: 'Title',
  status: 'Status',
  actions: 'Actions',
  /** Label of a row's status dropdown, so each one is named after its task. */
  statusOf: (title: string) => `Status of ${title}`,
  empty: 'No tasks found.',
  loading: 'Loading Tasks...',
  loadingEmployees: 'Loading employees...',
  truncated: (shown: number) => `Showing the newest ${shown} tasks.`,
} as const;
