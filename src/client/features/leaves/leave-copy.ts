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
  decisionText: (l: {
    status: string;
    decidedBy?: string;
    decidedAs?: string;
    remark?: string;
    managerApproval?: { by: string };
    cancelled?: { by: string; reason: string | null };
    cancelRequested?: object;
  }) => {
    if (l.cancelled) return `Cancelled by ${l.cancelled.by}${l.cancelled.reason ? `: ${l.cancelled.reason}` : ''}`;
    if (l.status === 'pending') return l.managerApproval ? `Approved by ${l.managerApproval.by}; waiting for HR` : '—';
    const who = `${l.decidedBy ?? 'HR'}${l.decidedAs === 'stand-in' ? ' (stand-in)' : ''}`;
    return `${who}${l.remark ? `: ${l.remark}` : ''}${l.cancelRequested ? ' (cancellation asked)' : ''}`;
  },
  loading: 'Loading Leave Requests...',
  /** The server caps a list (LIST_DEFAULT_LIMIT); say so instead of hiding the rest silently. */
  truncated: (shown: number) => `Showing the newest ${shown} leave requests.`,
} as const;
