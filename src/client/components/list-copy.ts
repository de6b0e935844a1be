/** Words of the list tools (search, filters, counts, export) shared by every list screen. */
import { formatCount } from '../../shared/format';

export const LIST_UI = {
  /** The count line above a list: "Showing 12 of 10,000" (Indian digit grouping). */
  showing: (shown: number, total: number) => `Showing ${formatCount(shown)} of ${formatCount(total)}`,
  clearFilters: 'Clear filters',
  allStatuses: 'All statuses',
  filterByStatus: 'Filter by status',
  exportCsv: 'Export CSV',
  /** An export built in the browser that could not be saved: said, never an empty toast. */
  exportFailed: 'Error exporting the CSV: ',
  exportFallback: 'the browser could not make the file. Try again.',
  /** The admin's search of leave requests and tasks: whose they are. */
  searchByEmployee: 'Search by employee',
  employeeHint: 'Name or employee ID',
  /** Name of a list's scroll box, apart from the card its heading names. */
  tableRegion: (title: string) => `${title}, scrollable table`,
  previous: 'Previous',
  next: 'Next',
} as const;
