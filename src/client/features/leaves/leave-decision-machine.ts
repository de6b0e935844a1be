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

export interface LeaveDecisionInput extends LeaveDecision {
  id: string;
}

/** The leave list's decision machine; provide `run` (the decision) and `alert`. */
export const leaveDecisionMachine = createRowActionMachine<LeaveDecisionInput>({
  id: 'leaveDecision',
  failure: (error) => PREFIX.approveLeave + errorMessage(error, FALLBACK.server),
});
