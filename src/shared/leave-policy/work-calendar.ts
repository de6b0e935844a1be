/**
 * The company's working calendar: which days are weekly offs, which are holidays, and how many
 * working days a leave takes. Pure and in calendar dates ('YYYY-MM-DD', handled in UTC), so the
 * leave form, the server's balance check, attendance and payroll all count a day the same way.
 */
import { weekdayOf } from '../payroll/pay-month';

export interface WeeklyOffRule {
  /** Days of the week that are always off, 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  /** Saturdays off by their place in the month: [2, 4] is "the 2nd and 4th Saturday". */
  saturdays: readonly number[];
}

export interface WorkCalendar {
  weeklyOff: WeeklyOffRule;
  /** Mandatory holidays. Optional ones are a choice per person, so they are no day off for everyone. */
  holidays: ReadonlySet<string>;
}

export type DayKind = 'working' | 'weekly-off' | 'holiday';

/** Which half of a one-day request: a half day counts 0.5. */
export type DayPart = 'first-half' | 'second-half';

export const SUNDAY_OFF: WeeklyOffRule = { weekdays: [0], saturdays: [] };

/** True when the rule makes `date` a weekly off. */
export function isWeeklyOff(date: string, rule: WeeklyOffRule): boolean {
  const weekday = weekdayOf(date);
  if (rule.weekdays.includes(weekday)) return true;
  // The nth Saturday of a month falls on days 7n-6 … 7n.
  return weekday === 6 && rule.saturdays.includes(Math.ceil(Number(date.slice(8, 10)) / 7));
}

/** A holiday wins over a weekly off, as a calendar shows it. */
export function dayKind(date: string, calendar: WorkCalendar): DayKind {
  if (calendar.holidays.has(date)) return 'holiday';
  return isWeeklyOff(date, calendar.weeklyOff) ? 'weekly-off' : 'working';
}

/** The days from start to end inclusive; computed in UTC so no zone shift or DST skips one. */
export function* eachDate(start: string, end: string): Generator<string> {
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += 86_400_000) yield new Date(t).toISOString().slice(0, 10);
}

/**
 * Working days a leave from start to end takes: weekly offs and holidays inside it are not leave.
 * A half day (one-day requests only) counts 0.5 when that day is a working day.
 */
export function leaveDays(start: string, end: string, calendar: WorkCalendar, part?: DayPart): number {
  let days = 0;
  for (const date of eachDate(start, end)) if (dayKind(date, calendar) === 'working') days += 1;
  return part && start === end ? days / 2 : days;
}

/** "Sunday", "Saturday and Sunday", "Sunday and the 2nd and 4th Saturday": the rule as people say it. */
export function describeWeeklyOff(rule: WeeklyOffRule): string {
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
  const parts = [...rule.weekdays].sort((a, b) => ((a + 1) % 7) - ((b + 1) % 7)).map((d) => names[d]!);
  if (rule.saturdays.length && !rule.weekdays.includes(6)) parts.push(`the ${joinAnd(rule.saturdays.map(ordinal))} Saturday`);
  return parts.length ? joinAnd(parts) : 'No weekly off';
}

const joinAnd = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
