/** The manager picker's words on Add and Edit Employee (not the spec's: the spec's forms have no manager). */
export const MANAGER_UI = {
  legend: 'Reporting line',
  search: 'Find a manager',
  searchHint: 'Type part of a name, email or employee ID to narrow the list.',
  manager: 'Manager',
  none: 'No manager (requests go to HR)',
  loading: 'Loading people...',
  more: (shown: number, total: number) => `Showing ${shown} of ${total} matches; type more to narrow.`,
  option: (name: string, employeeId: string) => `${name} (${employeeId})`,
} as const;
