/** Words the leave request form adds around the spec's own: type, half day, days and balance. */
import { daysText } from '../../../shared/leave-policy/leave-request';

const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "25 Dec" from 2026-12-25: words, so a narrow line never breaks a date at its hyphens. */
export const dayMonth = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

export const LEAVE_REQUEST_UI = {
  leaveType: 'Leave Type',
  /** An option of the type selector: the name and what is left of it. */
  typeOption: (name: string, paid: boolean, available: number | undefined) =>
    !paid ? `${name} (unpaid)` : available === undefined ? name : `${name} (${figure(available)} available)`,
  typesLoading: 'Loading leave types...',
  typesFailed: 'Leave types could not be loaded: the request is filed as the default type.',
  dayPart: 'Duration',
  fullDay: 'Full day',
  firstHalf: 'First half',
  secondHalf: 'Second half',
  /** "3 working days", "0.5 working days". */
  workingDays: (n: number) => `${figure(n)} working ${n === 1 ? 'day' : 'days'}`,
  /** What the count leaves out: "leaves out 1 weekly off and Holi (4 Mar)"; holidays come named with their day. */
  leftOut: (weeklyOffs: number, holidays: readonly string[]) => {
    const parts = [
      ...(weeklyOffs ? [`${weeklyOffs} weekly ${weeklyOffs === 1 ? 'off' : 'offs'}`] : []),
      ...(holidays.length ? [holidays.length > 2 ? `${holidays.length} holidays` : holidays.join(' and ')] : []),
    ];
    return parts.length ? `leaves out ${parts.join(' and ')}` : '';
  },
  noWorkingDays: 'No working days: these dates are weekly offs or holidays.',
  /** The chosen type's balance, on the day the request is counted against. */
  balance: (type: string, available: number, year: string) => `${type} balance: ${daysText(available)} available in leave year ${year}.`,
  /** A later leave's balance, on its first day (a monthly type has earned more by then). */
  balanceOn: (type: string, available: number, date: string) => `${type} balance on ${dayMonth(date)} ${date.slice(0, 4)}: ${daysText(available)} available.`,
  balanceAfter: (left: number) => `${daysText(left)} left after this request.`,
  unpaid: (type: string) => `${type} is unpaid: it has no balance to run out of.`,
  balanceLoading: 'Loading your balance...',
  /** The admin list's column of working days. */
  days: 'Days',
  partName: (part: 'first-half' | 'second-half') => (part === 'first-half' ? 'first half' : 'second half'),
} as const;
