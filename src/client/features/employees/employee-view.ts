/**
 * The Employee List's view of the roster: memoized selectors over the RTK Query data, so a 10,000
 * row roster is indexed once, sorted once per sort order, and only filtered per keystroke (the
 * filter walks the already sorted order, so typing never re-sorts). Nothing here copies the data
 * into component state; the page calls selectEmployeeView from the query's selectFromResult.
 */
import { createSelector, lruMemoize } from '@reduxjs/toolkit';
import type { Employee } from '../../../shared/schemas/employee';
import type { SortDirection } from '../../components/data-table';
import { fold, searchWords } from '../../components/list-filter';

/** Columns the list sorts by; Actions has nothing to order. */
export const EMPLOYEE_SORT_COLUMNS = ['employeeId', 'name', 'email', 'position', 'salary'] as const;
export type EmployeeSortColumn = (typeof EMPLOYEE_SORT_COLUMNS)[number];

export interface EmployeeView {
  /** The rows to show, filtered and in order. */
  rows: readonly Employee[];
  /** Everyone, for the count line. */
  total: number;
}

// Numeric, so EMP9999 comes before EMP10000; base sensitivity, so case and accents do not split names.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const EMPTY: readonly Employee[] = [];

/** What a search looks in: name, email, employee ID and position, one folded string per employee. */
const selectSearchText = createSelector([(employees: readonly Employee[]) => employees], (employees) =>
  employees.map((e) => fold(`${e.employeeId}\n${e.name}\n${e.email}\n${e.position}`)),
);

/** Row positions in sort order (ascending; descending reads them backwards). */
const selectOrder = createSelector(
  [(employees: readonly Employee[]) => employees, (_: readonly Employee[], column: EmployeeSortColumn | null) => column],
  (employees, column): readonly number[] => {
    const order = employees.map((_, i) => i);
    if (!column) return order;
    if (column === 'salary') return order.sort((a, b) => employees[a]!.salary - employees[b]!.salary);
    // Collator keys are not cheap; take each text once instead of twice per comparison.
    const keys = employees.map((e) => e[column]);
    return order.sort((a, b) => collator.compare(keys[a]!, keys[b]!));
  },
  // A few orders stay cached, so flipping between two columns does not sort again.
  { memoize: lruMemoize, memoizeOptions: { maxSize: 4 } },
);

/** The distinct positions, in order, for the position filter. */
export const selectPositions = createSelector([(employees: readonly Employee[] | undefined) => employees], (employees) =>
  [...new Set((employees ?? []).map((e) => e.position))].sort(collator.compare),
);

/**
 * The rows for a search `query` (every word must appear somewhere in name, email, employee ID or
 * position), an exact `position` ('' for all), ordered by `sortColumn` in `direction` (null: the
 * server's order).
 */
export const selectEmployeeView = createSelector(
  [
    (employees: readonly Employee[] | undefined) => employees ?? EMPTY,
    (_e: unknown, query: string) => query,
    (_e: unknown, _q: string, position: string) => position,
    (_e: unknown, _q: string, _p: string, sortColumn: EmployeeSortColumn | null) => sortColumn,
    (_e: unknown, _q: string, _p: string, _s: unknown, direction: SortDirection) => direction,
  ],
  (employees, query, position, sortColumn, direction): EmployeeView => {
    const words = searchWords(query);
    const order = selectOrder(employees, sortColumn);
    if (!words.length && !position) {
      const rows = order.map((i) => employees[i]!);
      return { rows: direction === 'descending' ? rows.reverse() : rows, total: employees.length };
    }
    const text = selectSearchText(employees);
    const rows: Employee[] = [];
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const i = order[direction === 'descending' ? n - 1 - k : k]!;
      const employee = employees[i]!;
      if (position && employee.position !== position) continue;
      if (words.every((w) => text[i]!.includes(w))) rows.push(employee);
    }
    return { rows, total: employees.length };
  },
  // Keyed by query and order: a handful of recent views is plenty (Backspace returns to one).
  { memoize: lruMemoize, memoizeOptions: { maxSize: 8 } },
);
