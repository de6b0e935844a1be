/** A leave request's status (product.md, Screens): capitalised text, green approved, red rejected, yellow otherwise. */
import { capitalise } from '../../../shared/format';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';

/** The colour of a status; anything but approved or rejected (pending, or a status added later) is yellow. */
export const leaveStatusTone = (status: string): BadgeTone =>
  status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : 'warning';

export function LeaveStatusBadge({ status }: { status: string }) {
  // The word carries the meaning; the colour only repeats it.
  return <StatusBadge tone={leaveStatusTone(status)}>{capitalise(status)}</StatusBadge>;
}
