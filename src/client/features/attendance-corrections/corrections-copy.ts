/** Words of the attendance corrections section (beyond the spec, so kept with the feature). */
import type { CorrectionKind } from '../../../shared/schemas/attendance-correction';

export const CORRECTION_UI = {
  sectionTitle: 'Attendance corrections',
  intro: 'Forgot to punch in or out, or worked at a client site? Ask to correct the day with the times you actually worked.',
  requestTitle: 'Request a correction',
  myTitle: 'My attendance corrections',
  pendingTitle: 'Pending attendance corrections',
  date: 'Date',
  inTime: 'In time',
  outTime: 'Out time',
  kind: 'What happened',
  reason: 'Reason',
  submit: 'Request Correction',
  employee: 'Employee',
  requested: 'Requested',
  recorded: 'Recorded',
  status: 'Status',
  actions: 'Actions',
  approve: 'Approve',
  reject: 'Reject',
  approveFor: (who: string, date: string) => `Approve attendance correction of ${who} for ${date}`,
  rejectFor: (who: string, date: string) => `Reject attendance correction of ${who} for ${date}`,
  approveTitle: 'Approve this correction?',
  approveQuestion: (name: string, date: string, times: string) =>
    `${name}'s attendance for ${date} will be set to ${times} and marked present. This cannot be undone.`,
  rejectTitle: 'Reject this correction?',
  rejectQuestion: (name: string, date: string) => `${name}'s request for ${date} will be rejected; the day stays as recorded.`,
  noRecord: 'No record',
  times: (inTime: string | null, outTime: string | null) => `${inTime ?? '–'} – ${outTime ?? '–'}`,
  emptyOwn: 'No attendance corrections yet.',
  emptyPending: 'No attendance corrections are waiting for a decision.',
  loading: 'Loading attendance corrections...',
  truncated: (n: number) => `Showing the newest ${n}.`,
  loadFailed: 'Attendance corrections could not be loaded: ',
  submitFailed: 'Error requesting the correction: ',
  decideFailed: 'Error deciding the correction: ',
  /** When a failure carries no text of its own (the server's 5xx answer says the same). */
  fallback: 'Server error',
  allRequired: 'All fields are required',
} as const;

/** The kinds as people say them. */
export const KIND_LABELS: Record<CorrectionKind, string> = {
  'missed-punch-out': 'Forgot to punch out',
  'missed-punch-in': 'Missed the punch-in',
  'client-site': 'Worked at a client site',
  other: 'Something else',
};
