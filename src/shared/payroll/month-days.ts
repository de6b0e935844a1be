/**
 * The one classification of a month's days for one employee, shared by the salary slip (working
 * days, days before joining, loss of pay) and the monthly attendance register (a code per day).
 * Pure and in calendar dates, so the slip, the register screen and its CSV/xlsx export can never
 * disagree on which day is loss of pay.
 *
 * Each date of the month gets one kind, first match wins:
 * 1. 'before-joining'  before the joining date (working days here are unpaid, not LOP);
 *    'after-leaving'   after the leaving date, when one is given (unpaid, not LOP, never absent);
 * 2. 'present'         attendance P (or H, a half day: `halfDay`), which is paid;
 * 3. 'holiday'         a mandatory company holiday (paid, never LOP);
 * 4. 'weekly-off'      a weekly off of the company's rule (not a working day);
 * 5. 'unpaid-leave'    approved leave of an unpaid type (Leave Without Pay) on a working day: loss
 *                      of pay, known in advance (a half day of it without presence is a whole day);
 * 6. 'leave'           approved leave of a paid type on a working day (paid);
 * 7. 'not-over'        today or later: not over yet, so not LOP (the current month is a forecast);
 * 8. 'unmarked'        under the company's pay basis 'leave' (for companies that do not punch): a
 *                      working day gone by with no record and no leave, paid; a day marked absent
 *                      (attendance A, set by an admin or an import) stays loss of pay;
 * 9. 'lop'             any other working day: loss of pay.
 *
 * Counts, as the slip uses them:
 * - weeklyOff: every weekly off of the month (whatever else happened on it);
 * - working = days − weeklyOff; a holiday on a working day stays a working day (paid);
 * - beforeJoining: working days before the joining date;
 * - lopDates: the 'unpaid-leave' and 'lop' days, in order.
 */
import type { WorkCalendar } from '../leave-policy/work-calendar';
import { isWeeklyOff } from '../leave-policy/work-calendar';
import { datesOfMonth } from './pay-month';

export type MonthDayKind = 'before-joining' | 'after-leaving' | 'present' | 'holiday' | 'weekly-off' | 'unpaid-leave' | 'leave' | 'not-over' | 'unmarked' | 'lop';

/**
 * What payroll pays a working day on (the company's go-live setting, like Frappe's "payroll based
 * on"): 'attendance' pays the days with presence and paid leave; 'leave' pays every working day that
 * is not leave without pay or marked absent.
 */
export type PayBasis = 'attendance' | 'leave';

export interface MonthDaysInput {
  /** 'YYYY-MM'. */
  month: string;
  /** 'YYYY-MM-DD'. */
  joinedOn: string;
  /** The company's today; it and later days are 'not-over'. */
  today: string;
  calendar: WorkCalendar;
  /** Dates with attendance P or H. */
  present: ReadonlySet<string>;
  /** Dates covered by approved leave (weekly offs and holidays inside a leave are not leave). */
  leave: ReadonlySet<string>;
  /** Of those, the dates of approved leave of unpaid types: loss of pay. */
  unpaidLeave?: ReadonlySet<string>;
  /** The last day employed, for a leaver: the days after it are 'after-leaving'. */
  leftOn?: string | null;
  /** The company's pay basis: 'attendance' when missing. */
  payBasis?: PayBasis;
  /** Dates with attendance A (marked absent): under the pay basis 'leave', the only unrecorded days that are loss of pay. */
  absent?: ReadonlySet<string>;
}

export interface MonthDays {
  dates: string[];
  /** kinds[i] is the kind of dates[i]. */
  kinds: MonthDayKind[];
  weeklyOff: number;
  working: number;
  beforeJoining: number;
  /** Working days after the leaving date (0 without one). */
  afterLeaving: number;
  lopDates: string[];
}

const NO_DATES: ReadonlySet<string> = new Set();

/** Classifies every day of the month (see the top of this file). */
export function classifyMonthDays(input: MonthDaysInput): MonthDays {
  const { joinedOn, today, calendar, present, leave } = input;
  const unpaid = input.unpaidLeave ?? NO_DATES;
  const onLeaveBasis = input.payBasis === 'leave';
  const absent = input.absent ?? NO_DATES;
  const dates = datesOfMonth(input.month);
  const kinds: MonthDayKind[] = [];
  let weeklyOff = 0;
  let beforeJoining = 0;
  let afterLeaving = 0;
  const leftOn = input.leftOn ?? null;
  const lopDates: string[] = [];
  for (const date of dates) {
    const off = isWeeklyOff(date, calendar.weeklyOff);
    if (off) weeklyOff += 1;
    let kind: MonthDayKind;
    if (date < joinedOn) {
      kind = 'before-joining';
      if (!off) beforeJoining += 1;
    } else if (leftOn && date > leftOn) {
      kind = 'after-leaving';
      if (!off) afterLeaving += 1;
    } else if (present.has(date)) kind = 'present';
    else if (calendar.holidays.has(date)) kind = 'holiday';
    else if (off) kind = 'weekly-off';
    else if (unpaid.has(date)) {
      kind = 'unpaid-leave';
      lopDates.push(date);
    } else if (leave.has(date)) kind = 'leave';
    else if (date >= today) kind = 'not-over';
    else if (onLeaveBasis && !absent.has(date)) kind = 'unmarked';
    else {
      kind = 'lop';
      lopDates.push(date);
    }
    kinds.push(kind);
  }
  return { dates, kinds, weeklyOff, working: dates.length - weeklyOff, beforeJoining, afterLeaving, lopDates };
}

/** A calendar of weekly offs by weekday and no holidays: the payroll policy's own, when no company calendar is given. */
export const weeklyOffCalendar = (weekdays: readonly number[]): WorkCalendar => ({ weeklyOff: { weekdays, saturdays: [] }, holidays: new Set() });
