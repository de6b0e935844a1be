/** Words of the leave list's tools (issue 11), beside the spec's own in shared/messages.ts. */
export const LEAVE_LIST_UI = {
  tools: 'Search and filter leave requests',
  searchReason: 'Search by reason',
} as const;
