/** Words of the Employee List's tools, beside the spec's own in src/client/copy.ts. */
export const EMPLOYEE_LIST_UI = {
  tools: 'Search and filter employees',
  search: 'Search employees',
  searchHint: 'Name, email, employee ID or position',
  position: 'Filter by position',
  allPositions: 'All positions',
  /** The exported file: the current view, dated, so two exports of one day sort together. */
  exportFileName: (date: string) => `employees_${date}.csv`,
} as const;
