/** Words of the task list's tools and badges, beside the spec's own (TASK_UI, below). */
import type { TaskPriority, TaskStatus } from '../../../shared/constants';

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
  priority: { low: 'Low', normal: 'Normal', high: 'High' } satisfies Record<TaskPriority, string>,
  dueDate: 'Due date',
  dueHint: 'Optional',
  priorityLabel: 'Priority',
  due: 'Due',
  noDue: 'No due date',
  overdue: 'Overdue',
  searchEmployees: 'Type a name or employee ID',
  noMatch: 'No current employee matches',
  moreMatches: (left: number) => `${left.toLocaleString('en-IN')} more: type more of the name or ID`,
  edit: 'Edit',
  editLabel: (title: string) => `Edit task ${title}`,
  editTitle: (title: string) => `Edit task: ${title}`,
  editMessage: 'Change who does it, what it is, when it is due or how urgent it is. Its status stays the employee\'s.',
  save: 'Save task',
  cancel: 'Cancel',
  remove: 'Delete',
  removeLabel: (title: string) => `Delete task ${title}`,
  removeTitle: 'Delete this task?',
  removeQuestion: (title: string, name: string, employeeId: string) =>
    `"${title}", assigned to ${name} (${employeeId}), will be deleted. It leaves their task list; the audit log keeps it.`,
  editFailed: 'Error updating task: ',
  removeFailed: 'Error deleting task: ',
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
