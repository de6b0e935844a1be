/**
 * Leave years: twelve months from the company's chosen start, January (calendar year) or April
 * (the Indian financial year). A year is named by the calendar year it starts in.
 */

export type LeaveYearStart = 1 | 4;

export interface LeaveYear {
  /** The calendar year the leave year starts in: 2026 for April 2026 – March 2027. */
  year: number;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The leave year that starts in `year`. */
export function leaveYear(year: number, startMonth: LeaveYearStart): LeaveYear {
  if (startMonth === 1) return { year, start: `${year}-01-01`, end: `${year}-12-31` };
  return { year, start: `${year}-${pad(startMonth)}-01`, end: `${year + 1}-${pad(startMonth - 1)}-31` };
}

/** The leave year a date falls in. */
export function leaveYearOf(date: string, startMonth: LeaveYearStart): LeaveYear {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return leaveYear(m >= startMonth ? y : y - 1, startMonth);
}

/** "2026" for a calendar leave year, "2026-27" for one from April. */
export const leaveYearLabel = (year: number, startMonth: LeaveYearStart): string =>
  startMonth === 1 ? String(year) : `${year}-${pad((year + 1) % 100)}`;

/** Months of the leave year from its start to `date`'s month, inclusive (1–12); 0 before it starts. */
export function monthIndexIn(leave: LeaveYear, date: string): number {
  if (date < leave.start) return 0;
  if (date > leave.end) return 12;
  const months = (Number(date.slice(0, 4)) - Number(leave.start.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - Number(leave.start.slice(5, 7));
  return months + 1;
}
