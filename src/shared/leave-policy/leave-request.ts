/**
 * What a leave request is checked against, shared by the server (which refuses) and the leave form
 * (which shows the same figures before anything is sent): the day its balance is taken on, and the
 * words of every refusal. The arithmetic of days and balances is work-calendar.ts and leave-balance.ts.
 */
import { leaveYearOf, type LeaveYearStart } from './leave-year';

/** "1 day", "0.5 days", "3 days". */
export const daysText = (n: number): string => `${Number.isInteger(n) ? n : n.toFixed(1)} ${n === 1 ? 'day' : 'days'}`;

/**
 * The day a request's balance is taken on: today, or the leave's first day when that is later (a
 * monthly type has earned more by then), never past the end of the leave's own year. A leave in an
 * earlier year is counted against that year's balance at its end.
 */
export function balanceDateFor(startDate: string, today: string, startMonth: LeaveYearStart): string {
  const { end } = leaveYearOf(startDate, startMonth);
  const later = startDate > today ? startDate : today;
  return later > end ? end : later;
}

/** True when the two dates fall in different leave years (a request must not). */
export const spansLeaveYears = (startDate: string, endDate: string, startMonth: LeaveYearStart): boolean =>
  leaveYearOf(startDate, startMonth).year !== leaveYearOf(endDate, startMonth).year;

/** Answers of POST /api/leave and of the approval about types, days and balances; shown verbatim. */
export const LEAVE_REQUEST_MSG = {
  typeNotOffered: 'This leave type is not offered',
  halfDayOneDayOnly: 'A half day can only be asked for a one-day leave: make the start and end dates the same',
  halfDayNotAllowed: (type: string) => `${type} leave cannot be taken as a half day`,
  spansLeaveYears: (yearEnd: string, nextStart: string) =>
    `A leave cannot run across two leave years: ask up to ${yearEnd}, and from ${nextStart} in a second request`,
  noWorkingDays: (startDate: string, endDate: string) =>
    startDate === endDate
      ? `${startDate} is a weekly off or a holiday: there is no working day to take leave on`
      : `${startDate} to ${endDate} holds no working days: only weekly offs and holidays`,
  beyondBalance: (type: string, asked: number, available: number, unpaidType: string | null) =>
    `Not enough ${type} leave: this request takes ${daysText(asked)} and ${available > 0 ? `${daysText(available)} ${available === 1 ? 'is' : 'are'}` : 'none is'} available` +
    (unpaidType ? `. Ask for fewer days, or for ${unpaidType} instead.` : '.'),
  approvalBeyondBalance: (name: string, type: string, asked: number, left: number) =>
    `Cannot approve: ${name}'s ${type} balance would go below zero. This request takes ${daysText(asked)}, and ${left > 0 ? `only ${daysText(left)} ${left === 1 ? 'is' : 'are'}` : 'nothing is'} left.`,
} as const;
