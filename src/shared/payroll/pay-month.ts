/**
 * Pay months: 'YYYY-MM' strings, the month names people type ('march', 'Mar', 'MARCH'), and the
 * calendar facts the slip needs. Pure: calendar dates are handled in UTC, so no time zone leaks in.
 */

import { keptResults } from '../kept-results';

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** 'YYYY-MM' with a month from 01 to 12; groups: year, month. The one copy of this rule (monthSchema uses it). */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for a well-formed 'YYYY-MM' from 0001-01 to 9999-12. */
export const isPayMonth = (s: string): boolean => MONTH_PATTERN.test(s) && s.slice(0, 4) !== '0000';

/** 'YYYY-MM' of a year and a month number (1–12). */
export const payMonth = (year: number, month: number): string => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** 'October 2026' for '2026-10'. */
export function monthLabel(month: string): string {
  const [y, m] = splitMonth(month);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** [year, month 1–12] of a 'YYYY-MM'. */
export function splitMonth(month: string): [number, number] {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`not a month written YYYY-MM: ${month}`);
  return [Number(match[1]), Number(match[2])];
}

/** Number of days in a 'YYYY-MM' (28–31; leap years by the Gregorian rule). */
export function daysInMonth(month: string): number {
  const [y, m] = splitMonth(month);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

// Kept: a register asks for the same few months' dates and weekdays tens of times per slip. The
// dates are copied when handed out, so a caller may change its array.
const monthDates = keptResults((month): readonly string[] => Array.from({ length: daysInMonth(month) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`), 20_000);
const weekdays = keptResults((date) => new Date(`${date}T00:00:00Z`).getUTCDay(), 20_000);

/** Every date of the month, 'YYYY-MM-DD', in order. */
export const datesOfMonth = (month: string): string[] => monthDates(month).slice();

/** Day of the week of a 'YYYY-MM-DD', 0 = Sunday. */
export const weekdayOf = (date: string): number => weekdays(date);

/** The month before a 'YYYY-MM-DD' date's month: the last complete month on that day. */
export function lastCompleteMonth(today: string): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? payMonth(y - 1, 12) : payMonth(y, m - 1);
}

/**
 * A month as a person types it: a name or its first three letters in any case ('march', 'Mar',
 * 'MARCH', also 'Sept'), or a number 1–12 given as a number or a string ('3', '03'). Null otherwise.
 */
export function parseMonthInput(input: string | number): number | null {
  if (typeof input === 'number') return Number.isInteger(input) && input >= 1 && input <= 12 ? input : null;
  const text = input.trim().toLowerCase();
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 12 ? n : null;
  }
  if (text === 'sept') return 9;
  const index = MONTH_NAMES.findIndex((name) => {
    const lower = name.toLowerCase();
    return text === lower || text === lower.slice(0, 3);
  });
  return index === -1 ? null : index + 1;
}

/** A four-digit year given as a number or a string ('2026'); null otherwise. */
export function parseYearInput(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isInteger(input) ? String(input) : '') : input.trim();
  return /^[1-9]\d{3}$/.test(text) ? Number(text) : null;
}

/** What parseMonthInput and parseYearInput accept, for error messages. */
export const MONTH_INPUT_HINT = "month must be a month name such as 'March' or 'Mar' (any case), or a number from 1 to 12";
export const YEAR_INPUT_HINT = 'year must be a four-digit year such as 2026';

/**
 * The newest complete month someone who joined on `joinedOn` (YYYY-MM-DD) can have a salary slip
 * for on `today`: the last complete month, or null while they have none (joined this month or
 * later). The employee dashboard offers this slip, and asks for a month when there is none.
 */
export function latestCompleteSlipMonth(joinedOn: string, today: string): string | null {
  const month = lastCompleteMonth(today);
  return month >= joinedOn.slice(0, 7) ? month : null;
}
