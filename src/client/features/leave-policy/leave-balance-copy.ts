/** Words of the leave balance screens (beyond the spec). */
export const LEAVE_BALANCE_UI = {
  ownTitle: 'My Leave Balance',
  yearNote: (year: string) => `Leave year ${year}. Available = accrued + carried forward − taken − pending.`,
  loading: 'Loading leave balance...',
  loadFailed: 'Could not load your leave balance: ',
  none: 'No leave types are offered yet.',
  columnType: 'Leave Type',
  columnAvailable: 'Available',
  columnAccrued: 'Accrued',
  columnCarried: 'Carried Forward',
  columnTaken: 'Taken',
  columnPending: 'Pending',
  unpaid: 'unpaid',
} as const;
