/**
 * Working hours: the shift a person is expected to keep, what each attendance record says against it
 * (hours worked, late arrival, early leaving) and the optional late-mark rule that turns a month's
 * late marks into loss of pay. Pure, so the attendance lists, the register and the salary slip count
 * alike.
 *
 * Time: punches are instants (ISO, UTC); a record's date is the company's day (APP_TIMEZONE), as
 * attendance files it. A shift is wall-clock times of that zone on the record's date, so "09:30" is
 * 09:30 in the company's zone whatever the server's or the browser's zone. A shift whose end is before
 * its start is an overnight shift: it ends on the next day (a start equal to the end is refused).
 *
 * - Hours worked: punch-out − punch-in, in hours to 2 places; none until the day has both.
 * - Late arrival: the minutes from the shift's start to the punch-in, counted (a late mark) only when
 *   they are more than the grace minutes. Arriving exactly at start + grace is not late. Minutes are
 *   whole minutes, cut down (09:45:59 is 15 minutes after 09:30).
 * - Early leaving: the whole minutes from the punch-out to the shift's end; a day without a
 *   punch-out has no early leaving (it is not known when the person left).
 * - Days off (a holiday or weekly off) expect nobody: a record on one is never late or early.
 */
import { instantInZone } from '../attendance-corrections/zone-time';
import { dayKind, type WorkCalendar } from '../leave-policy/work-calendar';

/** 'HH:MM', 24-hour. */
export type ClockTime = string;

export interface Shift {
  start: ClockTime;
  end: ClockTime;
  graceMinutes: number;
}

/** "Every `marksPerStep` late marks in a month beyond `freePerMonth` = `daysPerStep` days of loss of pay." */
export interface LateMarkRule {
  enabled: boolean;
  freePerMonth: number;
  marksPerStep: number;
  /** A whole or half number of days. */
  daysPerStep: number;
}

export const DEFAULT_SHIFT: Shift = { start: '09:30', end: '18:30', graceMinutes: 15 };
/** Off by default: late marks are shown, but cost nothing until a company turns the rule on. */
export const DEFAULT_LATE_MARK_RULE: LateMarkRule = { enabled: false, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 };

const MINUTE_MS = 60_000;

const minutesOf = (time: ClockTime) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** True when the shift ends on the day after it starts. */
export const isOvernight = (shift: Pick<Shift, 'start' | 'end'>) => minutesOf(shift.end) < minutesOf(shift.start);


export interface RecordTimes {
  punchIn: string | null;
  punchOut: string | null;
}

export interface Timing {
  /** Hours between the punches, 2 places; null until both are there. */
  hoursWorked: number | null;
  /** Minutes after the shift's start, when beyond the grace; else 0. */
  lateMinutes: number;
  /** Minutes before the shift's end at punch-out; else 0. */
  earlyMinutes: number;
}

/**
 * Where a shift starts and ends on dates of one zone. The instants are cached per date and time: a
 * list of 10,000 records of one day asks for the same few.
 */
export function createShiftClock(timeZone: string) {
  const cache = new Map<string, number>();
  const at = (date: string, time: ClockTime) => {
    const key = `${date}T${time}`;
    let instant = cache.get(key);
    if (instant === undefined) {
      instant = instantInZone(date, time, timeZone).getTime();
      if (cache.size < 50_000) cache.set(key, instant);
    }
    return instant;
  };
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    start: (date: string, shift: Shift) => at(date, shift.start),
    end: (date: string, shift: Shift) => at(isOvernight(shift) ? nextDay(date) : date, shift.end),
  };
}

export type ShiftClock = ReturnType<typeof createShiftClock>;

/** Hours worked, late arrival and early leaving of one record (see the top of this file). */
export function recordTiming(date: string, times: RecordTimes, shift: Shift, clock: ShiftClock, workingDay = true): Timing {
  const inAt = times.punchIn ? Date.parse(times.punchIn) : NaN;
  const outAt = times.punchOut ? Date.parse(times.punchOut) : NaN;
  const hoursWorked = Number.isFinite(inAt) && Number.isFinite(outAt) && outAt >= inAt ? Math.round((outAt - inAt) / 36_000) / 100 : null;
  if (!workingDay) return { hoursWorked, lateMinutes: 0, earlyMinutes: 0 };
  let lateMinutes = 0;
  if (Number.isFinite(inAt)) {
    const after = Math.floor((inAt - clock.start(date, shift)) / MINUTE_MS);
    if (after > shift.graceMinutes) lateMinutes = after;
  }
  let earlyMinutes = 0;
  if (Number.isFinite(outAt)) {
    const before = Math.floor((clock.end(date, shift) - outAt) / MINUTE_MS);
    if (before > 0) earlyMinutes = before;
  }
  return { hoursWorked, lateMinutes, earlyMinutes };
}

/** Loss-of-pay days a month's late marks cost under the rule: 0 when it is off. */
export function lateMarkLopDays(lateMarks: number, rule: LateMarkRule): number {
  if (!rule.enabled || lateMarks <= rule.freePerMonth) return 0;
  return Math.floor((lateMarks - rule.freePerMonth) / rule.marksPerStep) * rule.daysPerStep;
}

/**
 * A month's late marks as payroll gets them: how many, and (for the Code on Wages s.20 limit) the
 * minutes they lost and the length of the person's shift in minutes.
 */
export interface MonthLateMarks {
  count: number;
  rule: LateMarkRule;
  /** Minutes from the shift's start to the punch-in, summed over the late-marked days. */
  minutes?: number;
  /** The person's shift, in minutes: the day the minutes are a part of. */
  shiftMinutes?: number;
}

/**
 * The late-mark loss of pay as an exact fraction of a day, `num / den` days.
 *
 * Code on Wages 2019 s.20(2) (in force 21 Nov 2025; Payment of Wages Act 1936 s.9(2) before it):
 * a deduction for absence never bears to the wages a larger proportion than the time absent bears
 * to the time the employee was required to work. So the rule's days are a ceiling, and the time
 * actually lost (the late minutes ÷ the shift's minutes, in days) is the most it may cost: a
 * company's rule may be stricter in marks (fewer free, fewer per step) but never in money. Penalties
 * beyond that would be fines (s.18(2)(a), s.19), which the portal does not levy. Never more than
 * `paidDays`, the days otherwise left to pay. Without the minutes (an older caller) the rule's days apply.
 */
export function lateMarkLop(lateMarks: MonthLateMarks | undefined, paidDays: number): { num: number; den: number; days: number; limitedToTimeLost: boolean } {
  const den = 2 * Math.max(1, lateMarks?.shiftMinutes ?? 1);
  if (!lateMarks) return { num: 0, den, days: 0, limitedToTimeLost: false };
  const ruleNum = Math.round(lateMarkLopDays(lateMarks.count, lateMarks.rule) * den);
  const lostNum = lateMarks.minutes === undefined || lateMarks.shiftMinutes === undefined ? ruleNum : 2 * lateMarks.minutes;
  const paidNum = Math.max(0, Math.round(paidDays * den));
  const num = Math.min(ruleNum, lostNum, paidNum);
  return { num, den, days: num / den, limitedToTimeLost: lostNum < ruleNum && num === lostNum };
}

/**
 * The late-mark LOP a month's slip and register apply, in days (see lateMarkLop). One function, so
 * the two cannot disagree.
 */
export const appliedLateMarkLop = (lateMarks: MonthLateMarks | undefined, paidDays: number): number => lateMarkLop(lateMarks, paidDays).days;

/** The length of a shift in minutes (an overnight shift runs past midnight). */
export const shiftMinutes = (shift: Pick<Shift, 'start' | 'end'>): number => {
  const length = minutesOf(shift.end) - minutesOf(shift.start);
  return length > 0 ? length : length + 24 * 60;
};

/** The month's late-mark line as the slip and the register say it: "5 (½ day LOP)", "1", "7 (1½ days LOP)". */
export function describeLateMarks(lateMarks: number, lopDays: number): string {
  return lopDays > 0 ? `${lateMarks} (${formatDays(lopDays)} LOP)` : String(lateMarks);
}

/** ½ day, 1 day, 1½ days; a day's fraction that is not a half (time lost) to 2 places: 0.15 day. */
export function formatDays(days: number): string {
  if (!Number.isInteger(days * 2)) return `${Math.round(days * 100) / 100} ${days > 1 ? 'days' : 'day'}`;
  const whole = Math.floor(days);
  const half = days - whole >= 0.5;
  const text = `${whole || !half ? whole : ''}${half ? '½' : ''}`;
  return `${text} ${days > 1 ? 'days' : 'day'}`;
}

/**
 * Late marks in a month: records present on a working day of the company calendar whose punch-in is
 * late for the person's shift. `punchIns`: date -> punch-in of the person's P/H records.
 */
export function countLateMarks(punchIns: ReadonlyMap<string, string | null>, shift: Shift, clock: ShiftClock, calendar: WorkCalendar): number {
  return lateMarksWithMinutes(punchIns, shift, clock, calendar).count;
}

/** The late marks of a month (as countLateMarks) and the minutes they lost. */
export function lateMarksWithMinutes(punchIns: ReadonlyMap<string, string | null>, shift: Shift, clock: ShiftClock, calendar: WorkCalendar): { count: number; minutes: number } {
  let count = 0;
  let minutes = 0;
  for (const [date, punchIn] of punchIns) {
    if (dayKind(date, calendar) !== 'working') continue;
    const late = recordTiming(date, { punchIn, punchOut: null }, shift, clock).lateMinutes;
    if (late > 0) {
      count += 1;
      minutes += late;
    }
  }
  return { count, minutes };
}
