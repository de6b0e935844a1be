/**
 * Overtime of a month, pure: the days' overtime beyond the normal day, and each week's work beyond
 * the normal week that the days did not already count. The rules, their sources and the choices
 * made where the sources leave room are in README.md beside this file.
 *
 * - A day's overtime is what the day's rules recorded on it (`attendance.overtime_minutes`:
 *   counted work beyond the normal day).
 * - A week (seven days from the company's first day of the week) has overtime of
 *   max(the sum of its days' overtime, its counted work − the normal week): the worker is paid by
 *   whichever reckoning gives more, and no minute twice. So the week adds a top-up of
 *   max(0, work − normal week − days' overtime) on top of its days.
 * - Attribution to a month: a day's overtime belongs to the day's month; a week's top-up to the
 *   month of the week's last day (it is known only once the week is over), or of the leaving day
 *   when a leaver's last week ends after it.
 */
import { WEEKDAYS, type Weekday } from '../schemas/day-rules';

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 0 for Monday … 6 for Sunday. */
const isoIndex = (date: string) => (new Date(toMs(date)).getUTCDay() + 6) % 7;

/** The first day ('YYYY-MM-DD') of the week holding `date`, weeks starting on `weekStartsOn`. */
export function weekStartOf(date: string, weekStartsOn: Weekday): string {
  const back = (isoIndex(date) - WEEKDAYS.indexOf(weekStartsOn) + 7) % 7;
  return toDate(toMs(date) - back * DAY_MS);
}

/** `date` plus `days` days. */
export const addDays = (date: string, days: number): string => toDate(toMs(date) + days * DAY_MS);

/** One attendance day as overtime reads it: counted work (null when not counted) and its recorded overtime. */
export interface OvertimeDay {
  date: string;
  workedMinutes: number | null;
  overtimeMinutes: number;
}

export interface OvertimeWeek {
  from: string;
  to: string;
  workedMinutes: number;
  /** The days' own overtime, the whole week's (days of another month included). */
  dailyMinutes: number;
  /** Work beyond the normal week that the days did not count; this month's when the week is attributed to it. */
  topUpMinutes: number;
}

export interface MonthOvertime {
  /** Overtime of the month's own days. */
  dailyMinutes: number;
  /** Top-ups of the weeks attributed to the month. */
  weeklyMinutes: number;
  totalMinutes: number;
  /** The weeks attributed to the month that had any work. */
  weeks: OvertimeWeek[];
}

export interface WeekRules {
  enabled: boolean;
  normalWeekMinutes: number;
  weekStartsOn: Weekday;
}

/** The first date the month's overtime needs: the start of the week holding the month's first day. */
export const overtimeFrom = (month: string, weekStartsOn: Weekday): string => weekStartOf(`${month}-01`, weekStartsOn);

/**
 * The month's overtime from the person's days (any order; days outside the month's weeks are
 * ignored). With overtime off, only what the days recorded (nothing for days counted under it).
 */
export function monthOvertime(month: string, days: Iterable<OvertimeDay>, rules: WeekRules, leftOn?: string | null): MonthOvertime {
  let dailyMinutes = 0;
  const weeks = new Map<string, OvertimeWeek>();
  for (const day of days) {
    if (day.date.startsWith(month)) dailyMinutes += day.overtimeMinutes;
    if (!rules.enabled) continue;
    const from = weekStartOf(day.date, rules.weekStartsOn);
    let week = weeks.get(from);
    if (!week) weeks.set(from, (week = { from, to: addDays(from, 6), workedMinutes: 0, dailyMinutes: 0, topUpMinutes: 0 }));
    week.workedMinutes += day.workedMinutes ?? 0;
    week.dailyMinutes += day.overtimeMinutes;
  }
  const attributed: OvertimeWeek[] = [];
  for (const week of weeks.values()) {
    const due = leftOn && leftOn < week.to ? leftOn : week.to;
    if (!due.startsWith(month) || (leftOn && leftOn < week.from)) continue;
    week.topUpMinutes = Math.max(0, week.workedMinutes - rules.normalWeekMinutes - week.dailyMinutes);
    attributed.push(week);
  }
  attributed.sort((a, b) => (a.from < b.from ? -1 : 1));
  const weeklyMinutes = attributed.reduce((n, w) => n + w.topUpMinutes, 0);
  return { dailyMinutes, weeklyMinutes, totalMinutes: dailyMinutes + weeklyMinutes, weeks: attributed };
}

/** '1:40' for 100 minutes: the registers' hours column. */
export const hoursAndMinutes = (minutes: number): string => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
