/**
 * The leave list's views: one status, and a search by employee (ID or name) for admins
 * or by reason for an employee's own list. Memoized over the RTK Query data (list-filter.ts).
 */
import type { Leave } from '../../../shared/schemas/leave';
import { makeStatusSearchSelector } from '../../components/list-filter';

/** Admins look for whose request it is. */
export const selectLeavesByEmployee = makeStatusSearchSelector<Leave>((l) => `${l.employeeId} ${l.name}`);

/** An employee's requests are all their own: they look for the reason. */
export const selectOwnLeaves = makeStatusSearchSelector<Leave>((l) => l.reason);
