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
