/**
 * The monthly attendance register: one row per employee, one code per day of the month, and the
 * row's totals. The days are classified by payroll/month-days.ts, the same function the salary slip
 * counts loss of pay with, so a register's A days are exactly the slip's LOP days.
 *
 * Codes
 *   P      present (attendance P)
 *   HD     half day (attendance H); paid as half a day in payroll (½ day of loss of pay), or as a
 *          whole day where the company's setting says so (halfDayPay 'full')
 *   L-XX   approved leave of the type whose code is XX (CL Casual, SL Sick, EL Earned …); the
 *          days of an unpaid type (L-LWP) also count in the row's loss of pay, as on the slip
 *   HL-XX  half a day of approved leave of type XX
 *   A      absent: a working day gone by without presence or approved leave = loss of pay; under
 *          the company's pay basis 'leave', only a day marked absent (attendance A)
 *   NM     not marked: under the pay basis 'leave', a working day gone by with no record, paid
 *   H      company holiday (mandatory)
 *   WO     weekly off
 *   –      (an en dash) before the joining date, or after the leaving date
 *   (blank) today or later: not over yet
 *
 * Totals also count the month's late marks; with the company's late-mark rule on, their loss of pay
 * (work-hours.ts) adds to the row's loss of pay, exactly as on the salary slip.
 *
 * A leave type's code is the initials of its name ('Leave Without Pay' -> LWP), or for a one-word
 * name its first letter and L ('Casual' -> CL); a clash takes the type's id as a suffix (CL, CL2).
 */
import { classifyMonthDays, type MonthDayKind, type PayBasis } from '../payroll/month-days';
import { dayKind, eachDate, type WorkCalendar } from './work-calendar';
import { appliedLateMarkLop, type MonthLateMarks } from '../work-hours/work-hours';
import type { HalfDayPay } from '../payroll/salary-slip';

export const REGISTER_CODES = {
  present: 'P',
  halfDay: 'HD',
  absent: 'A',
  notMarked: 'NM',
  holiday: 'H',
  weeklyOff: 'WO',
  beforeJoining: '–',
  notOver: '',
  leave: (typeCode: string) => `L-${typeCode}`,
  halfLeave: (typeCode: string) => `HL-${typeCode}`,
} as const;

/** The legend, in the order the screen and the exports show it. */
export const REGISTER_LEGEND: readonly { code: string; meaning: string }[] = [
  { code: 'P', meaning: 'Present' },
  { code: 'HD', meaning: 'Half day' },
  { code: 'L-XX', meaning: 'Leave of type XX' },
  { code: 'HL-XX', meaning: 'Half day of leave XX' },
  { code: 'A', meaning: 'Absent: loss of pay' },
  { code: 'NM', meaning: 'Not marked: paid when pay is on leave' },
  { code: 'H', meaning: 'Holiday' },
  { code: 'WO', meaning: 'Weekly off' },
  { code: '–', meaning: 'Before joining or after leaving' },
  { code: 'blank', meaning: 'Not over yet' },
];

export interface RegisterLeaveType {
  id: number;
  name: string;
}

/** Type id -> short code (see the top of this file); codes are unique. */
export function leaveTypeCodes(types: readonly RegisterLeaveType[]): Map<number, string> {
  const codes = new Map<number, string>();
  const taken = new Set<string>();
  for (const t of [...types].sort((a, b) => a.id - b.id)) {
    const words = t.name.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
    let code = words.length > 1 ? words.map((w) => w[0]).join('').slice(0, 4) : `${words[0]?.[0] ?? 'X'}L`;
    if (taken.has(code)) code = `${code}${t.id}`;
    taken.add(code);
    codes.set(t.id, code);
  }
  return codes;
}

/** An approved leave, as the register needs it. */
export interface RegisterLeave {
  startDate: string;
  endDate: string;
  /** The type's code (leaveTypeCodes). */
  typeCode: string;
  /** A half day (one-day requests only). */
  half: boolean;
  /** Of a paid type; an unpaid type's days are loss of pay, as on the slip. */
  paid: boolean;
}

export interface RegisterRowInput {
  month: string;
  joinedOn: string;
  today: string;
  calendar: WorkCalendar;
  /** Date -> attendance status ('P', 'H', 'A' …) of this employee in the month. */
  attendance: ReadonlyMap<string, string>;
  leaves: readonly RegisterLeave[];
  /** The month's late marks and the company's late-mark rule, as the salary slip gets them. */
  lateMarks?: MonthLateMarks;
  /** How payroll pays a half day (the company's setting): half a day when missing. */
  halfDayPay?: HalfDayPay;
  /** The last day employed, for a leaver: the days after it are not absences and not paid. */
  leftOn?: string | null;
  /** The company's pay basis, as payroll reads it: 'attendance' when missing. */
  payBasis?: PayBasis;
}

export interface RegisterTotals {
  present: number;
  halfDays: number;
  /** Leave days by type code; half days count 0.5. */
  leave: Record<string, number>;
  /** Loss of pay: the A days and unpaid leave, ½ for each half day paid as half, plus the late-mark LOP; the salary slip's LOP days. */
  lop: number;
  /** Late marks in the month (late punch-ins on working days). */
  lateMarks: number;
  /** Of the loss of pay, what the late-mark rule made of them (whole or half days). */
  lateMarkLop: number;
  holidays: number;
  weeklyOffs: number;
  /** As on the salary slip: working days − working days before joining − LOP. */
  paidDays: number;
}

export interface RegisterRow {
  codes: string[];
  kinds: MonthDayKind[];
  totals: RegisterTotals;
  lopDates: string[];
}

/** One employee's row of the register. */
export function registerRow(input: RegisterRowInput): RegisterRow {
  const present = new Set<string>();
  const absent = new Set<string>();
  for (const [date, status] of input.attendance) {
    if (status === 'P' || status === 'H') present.add(date);
    else if (status === 'A') absent.add(date);
  }
  const from = `${input.month}-01`;
  const to = `${input.month}-31`;
  const leaveOn = new Map<string, RegisterLeave>();
  for (const leave of input.leaves) {
    const start = leave.startDate > from ? leave.startDate : from;
    const end = leave.endDate < to ? leave.endDate : to;
    if (start > end) continue;
    for (const date of eachDate(start, end)) if (date.startsWith(input.month)) leaveOn.set(date, leave);
  }
  const days = classifyMonthDays({
    month: input.month,
    joinedOn: input.joinedOn,
    today: input.today,
    calendar: input.calendar,
    present,
    leave: new Set(leaveOn.keys()),
    unpaidLeave: new Set([...leaveOn].filter(([, leave]) => !leave.paid).map(([date]) => date)),
    leftOn: input.leftOn,
    payBasis: input.payBasis,
    absent,
  });
  // Half days on working days, as the slip counts them (an H on a weekly off or holiday earns nothing extra).
  const halfDayLop =
    (input.halfDayPay ?? 'half') === 'half'
      ? days.kinds.filter((kind, i) => kind === 'present' && input.attendance.get(days.dates[i]!) === 'H' && dayKind(days.dates[i]!, input.calendar) === 'working').length / 2
      : 0;
  const paidBefore = days.working - days.beforeJoining - days.afterLeaving - days.lopDates.length - halfDayLop;
  const lateMarkLop = appliedLateMarkLop(input.lateMarks, paidBefore);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const totals: RegisterTotals = {
    present: 0,
    halfDays: 0,
    leave: {},
    lop: round2(days.lopDates.length + halfDayLop + lateMarkLop),
    lateMarks: input.lateMarks?.count ?? 0,
    lateMarkLop: round2(lateMarkLop),
    holidays: 0,
    weeklyOffs: 0,
    paidDays: round2(paidBefore - lateMarkLop),
  };
  const codes = days.kinds.map((kind, i) => {
    const date = days.dates[i]!;
    switch (kind) {
      case 'before-joining':
      case 'after-leaving':
        return REGISTER_CODES.beforeJoining;
      case 'present':
        if (input.attendance.get(date) === 'H') {
          totals.halfDays += 1;
          return REGISTER_CODES.halfDay;
        }
        totals.present += 1;
        return REGISTER_CODES.present;
      case 'holiday':
        totals.holidays += 1;
        return REGISTER_CODES.holiday;
      case 'weekly-off':
        totals.weeklyOffs += 1;
        return REGISTER_CODES.weeklyOff;
      case 'unpaid-leave':
      case 'leave': {
        const leave = leaveOn.get(date)!;
        totals.leave[leave.typeCode] = (totals.leave[leave.typeCode] ?? 0) + (leave.half ? 0.5 : 1);
        return leave.half ? REGISTER_CODES.halfLeave(leave.typeCode) : REGISTER_CODES.leave(leave.typeCode);
      }
      case 'not-over':
        return REGISTER_CODES.notOver;
      case 'unmarked':
        return REGISTER_CODES.notMarked;
      case 'lop':
        return REGISTER_CODES.absent;
    }
  });
  return { codes, kinds: days.kinds, totals, lopDates: days.lopDates };
}
