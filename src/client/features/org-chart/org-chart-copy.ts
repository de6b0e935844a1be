/** The words of the Org chart screen. */
export const ORG_UI = {
  title: 'Org chart',
  intro: 'Who reports to whom, from each employee’s manager. Use the arrow keys to move, Right and Left to open and close a team.',
  search: 'Find a person (name, email, ID or position)',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  tree: 'Reporting lines',
  loading: 'Loading Employees...',
  loadFailed: 'Failed to fetch employees',
  empty: 'No employees found.',
  noMatch: (q: string) => `Nobody matches “${q}”.`,
  people: (n: string) => `${n} people`,
  found: (n: string) => `${n} found`,
  reports: (direct: number, team: number) =>
    direct === 0 ? 'No reports' : `${direct} direct ${direct === 1 ? 'report' : 'reports'}${team > direct ? `, ${team} in team` : ''}`,
  topLevel: 'No manager in the roster',
} as const;

/** The words of the approval settings card under the org chart. */
export const APPROVALS_UI = {
  title: 'Approvals',
  intro: 'How managers see their teams and how long a request may wait for them.',
  loading: 'Loading the approval settings...',
  failed: 'Error loading the approval settings: ',
  skipLevel: 'Managers also see their reports’ reports (skip level)',
  skipLevelHint: 'Off: a manager sees only their direct reports. Deciding stays with each person’s own manager, and HR sees everyone either way.',
  escalate: 'Send a request to HR as well after this many days',
  escalateHint: 'A request still waiting for its manager then goes to HR too, and says so. Leave blank to never escalate.',
  escalateInvalid: 'Enter a whole number of days from 1 to 60, or leave it blank',
  save: 'Save approval settings',
  saved: 'Approval settings saved',
  saveFailed: 'Error saving the approval settings: ',
} as const;
