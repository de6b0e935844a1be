/** Words of the Employee List's tools, beside the spec's own in src/client/copy.ts. */
export const EMPLOYEE_LIST_UI = {
  tools: 'Search and filter employees',
  search: 'Search employees',
  searchHint: 'Name, email, employee ID or position',
  position: 'Filter by position',
  allPositions: 'All positions',
  status: 'Filter by status',
  /** The default view: active and on notice. */
  current: 'Current (active and on notice)',
  statuses: { 'on-notice': 'On notice', left: 'Left', all: 'All, including people who left' },
  /** The badge beside a name that is not simply active. */
  badge: { 'on-notice': (leftOn: string) => `On notice, leaves ${leftOn}`, left: (leftOn: string) => `Left ${leftOn}` },
  /** The exported file: the current view, dated, so two exports of one day sort together. */
  exportFileName: (date: string) => `employees_${date}.csv`,
  /** The Invite button, while an "invite later" import holds invitations. */
  invite: (held: number) => `Invite ${held.toLocaleString('en-IN')} held`,
  inviteFailed: 'Error sending the invitations: ',
} as const;
