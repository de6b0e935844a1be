/** Server answers of /api/task; the client shows them verbatim. */
export const TASK_MSG = {
  assigned: 'Task assigned successfully',
  noActiveEmployee: (employeeId: string) => `No active employee with ID ${employeeId}`,
  notFound: 'Task not found',
  notAssignee: 'Only the employee this task is assigned to can change its status',
  statusUpdated: 'Task status updated',
  updated: 'Task updated',
  deleted: 'Task deleted',
} as const;
