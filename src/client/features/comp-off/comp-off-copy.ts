/** The words of the comp-off card, the withdraw dialog, the admin's pending list and the team's requests. */
import { daysText } from '../../../shared/leave-policy/leave-request';
import type { RemarkCopy } from '../../components/remark-copy';

const hm = (minutes: number | null) => (minutes === null ? '' : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} m`);

export const COMP_OFF_UI = {
  title: 'Comp-off',
  intro: (days: number) => `Worked on a holiday or weekly off? Ask for a day off in return (half a day for a half day). Once approved, take it within ${days} days of the day worked: choose Compensatory Off in the leave form.`,
  off: 'Comp-off is not in use at this company.',
  loading: 'Loading comp-off...',
  loadFailed: 'Error loading comp-off: ',
  fallback: 'comp-off could not be loaded',
  balance: (available: number, earned: number, taken: number, expired: number) =>
    `Available: ${daysText(available)} (earned ${daysText(earned)}, taken or asked for ${daysText(taken)}${expired ? `, expired ${daysText(expired)}` : ''})`,
  requestTitle: 'Ask for comp-off',
  day: 'Day worked',
  dayOption: (date: string, dayOff: string, minutes: number | null, days: number) => `${date}: ${dayOff === 'holiday' ? 'holiday' : 'weekly off'}, ${hm(minutes)} worked, earns ${daysText(days)}`,
  pick: 'Choose a day',
  noDays: (days: number) => `No holiday or weekly off you worked in the last ${days} days is waiting to be asked for.`,
  reason: 'Reason',
  submit: 'Request comp-off',
  allRequired: 'All fields are required',
  submitFailed: 'Error requesting comp-off: ',
  myTitle: 'My comp-off requests',
  emptyOwn: 'No comp-off requests yet.',
  pendingTitle: 'Comp-off to decide',
  emptyPending: 'No comp-off request is waiting.',
  columns: { employee: 'Employee', day: 'Day worked', dayOff: 'Day off', earns: 'Earns', reason: 'Reason', status: 'Status', lastDay: 'Take by', actions: 'Actions' },
  dayOffText: (dayOff: string) => (dayOff === 'holiday' ? 'Holiday' : 'Weekly off'),
  earns: (days: number) => daysText(days),
  approve: 'Approve',
  reject: 'Reject',
  approveFor: (name: string, date: string) => `Approve comp-off of ${name} for ${date}`,
  rejectFor: (name: string, date: string) => `Reject comp-off of ${name} for ${date}`,
  approveTitle: 'Approve comp-off?',
  rejectTitle: 'Reject comp-off?',
  approveQuestion: (name: string, date: string, days: number, expiry: number) => `${name} gets ${daysText(days)} of Compensatory Off for working on ${date}, to take within ${expiry} days of it.`,
  rejectQuestion: (name: string, date: string) => `${name} gets no comp-off for ${date}.`,
  decideFailed: 'Error deciding the comp-off: ',
  withdraw: 'Withdraw',
  withdrawFor: (date: string) => `Withdraw comp-off request for ${date}`,
  withdrawDialog: {
    title: () => 'Withdraw this comp-off request?',
    question: (_action, _who, what) => `Withdraw your request for ${what}. It no longer waits for a decision, and you may ask for the day again later.`,
    remarkLabel: () => 'Reason (optional)',
    remarkHint: () => 'Kept with the request.',
    remarkRequired: '',
    confirm: () => 'Withdraw',
    cancel: 'Keep it',
  } satisfies RemarkCopy<'withdraw'>,
  withdrawFailed: 'Error withdrawing the comp-off request: ',
  /** The team page's words for a comp-off row. */
  what: (date: string, days: number) => `${date}, ${daysText(days)} off`,
} as const;
