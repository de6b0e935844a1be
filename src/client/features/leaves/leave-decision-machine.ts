/**
 * An admin's Approve / Reject on a pending request (product.md, Flows and Messages), the shared row action:
 * idle -> running -> idle, showing the server's msg on success or the spec's 'Error approving
 * leave: ' alert on failure. One decision runs at a time; the list refreshes through cache
 * invalidation. The call (`run`) and the alert are injected.
 */
import { FALLBACK, PREFIX } from '../../copy';
import type { LeaveDecision } from '../../../shared/schemas/leave';
import { errorMessage } from '../../api/error-message';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { createRemarkActionMachine, type RemarkDecision, type RemarkRequest } from '../../flows/remark-action-machine';
import type { Leave } from '../../../shared/schemas/leave';
import { LEAVE_REQUEST_UI } from './leave-request-copy';

export interface LeaveDecisionInput extends LeaveDecision {
  id: string;
}

/** The leave list's decision machine; provide `run` (the decision) and `alert`. */
export const leaveDecisionMachine = createRowActionMachine<LeaveDecisionInput>({
  id: 'leaveDecision',
  failure: (error) => PREFIX.approveLeave + errorMessage(error, FALLBACK.server),
});

/**
 * The same decision asked first, in the decision dialog with a remark (required to reject): the
 * leave list's and My Team's. The call stays the spec's {status}, with `remark` only when written.
 */
export const leaveRemarkMachine = createRemarkActionMachine({
  id: 'leaveRemark',
  failure: (error) => PREFIX.approveLeave + errorMessage(error, FALLBACK.server),
});

/** "Casual Leave, 2031-03-10 to 2031-03-11 (2 days)": which days the dialog asks about. */
export function leaveWhat(l: Pick<Leave, 'leaveType' | 'startDate' | 'endDate' | 'days' | 'dayPart'>): string {
  const days = l.startDate === l.endDate ? l.startDate : `${l.startDate} to ${l.endDate}`;
  const size = l.dayPart ? LEAVE_REQUEST_UI.partName(l.dayPart) : `${l.days} ${l.days === 1 ? 'day' : 'days'}`;
  return `${l.leaveType}, ${days} (${size})`;
}

/** The dialog's request for a leave row: a decision on it, or another action (cancelling it). */
export const leaveRemarkRequest = <A extends string = RemarkDecision>(l: Leave, status: A): RemarkRequest<A> => ({
  id: l._id,
  status,
  who: `${l.requester?.name ?? l.name} (${l.requester?.employeeId ?? l.employeeId})`,
  what: leaveWhat(l),
});
