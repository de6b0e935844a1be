import { localDateString } from '../../../shared/format';

/** What the cancellation note of a leave row is made of. */
interface LeaveNoteFacts {
  status: string;
  cancelled?: { by: string; at: string; reason: string | null };
  cancelRequested?: { at: string; reason: string | null };
}

/** Words of the leave list's tools, beside the spec's own (LEAVE_UI, below). */
export const LEAVE_LIST_UI = {
  tools: 'Search and filter leave requests',
  searchReason: 'Search by reason',
} as const;

/** Leave Management screen (product.md, Screens): titles, field and column labels, buttons. */
export const LEAVE_UI = {
  requestTitle: 'Request a Leave',
  myTitle: 'My Leave Requests',
  allTitle: 'All Leave Requests',
  employeeId: 'Employee ID',
  startDate: 'Start Date',
  endDate: 'End Date',
  reason: 'Reason',
  status: 'Status',
  actions: 'Actions',
  submit: 'Submit Leave Request',
  approve: 'Approve',
  reject: 'Reject',
  /** Accessible names of the row buttons: they start with the visible word (WCAG 2.5.3). */
  approveFor: (employeeId: string, startDate: string, endDate: string) =>
    `Approve leave of ${employeeId} from ${startDate} to ${endDate}`,
  rejectFor: (employeeId: string, startDate: string, endDate: string) =>
    `Reject leave of ${employeeId} from ${startDate} to ${endDate}`,
  /** Beyond the spec, on the employee's own list: who decided (or cancelled) and their remark. */
  decision: 'Decision',
  decisionText: (l: LeaveNoteFacts & { decidedBy?: string; decidedAs?: string; remark?: string; managerApproval?: { by: string } }) => {
    const note = LEAVE_UI.cancelNote(l);
    if (l.cancelled) return note!;
    if (l.status === 'pending') return l.managerApproval ? `Approved by ${l.managerApproval.by}; waiting for HR` : '—';
    const who = `${l.decidedBy ?? 'HR'}${l.decidedAs === 'stand-in' ? ' (stand-in)' : ''}`;
    return `${who}${l.remark ? `: ${l.remark}` : ''}${note ? `. ${note}` : ''}`;
  },
  /**
   * Who cancelled, on which day (the viewer's calendar) and why; or that the requester asked to
   * cancel approved leave. Null for anything else.
   */
  cancelNote: (l: LeaveNoteFacts) => {
    const why = (reason: string | null) => (reason ? `: ${reason}` : '');
    if (l.cancelled) return `Cancelled by ${l.cancelled.by} on ${localDateString(new Date(l.cancelled.at))}${why(l.cancelled.reason)}`;
    if (l.cancelRequested && l.status === 'approved') return `Cancellation asked on ${localDateString(new Date(l.cancelRequested.at))}${why(l.cancelRequested.reason)}`;
    return null;
  },
  loading: 'Loading Leave Requests...',
  /** The server caps a list (LIST_DEFAULT_LIMIT); say so instead of hiding the rest silently. */
  truncated: (shown: number) => `Showing the newest ${shown} leave requests.`,
} as const;
