/**
 * What the leave request form shows beside its fields, from what it was typed and what the server
 * sent (types, balances, the leave settings and holidays): the chosen type, whether a half day is
 * offered, the working days between the dates and what they leave out, the balance the request is
 * counted against and the refusal the server would give. Pure: the counting is the shared rules',
 * the same the server refuses with.
 */
import { balanceDateFor, LEAVE_REQUEST_MSG, spansLeaveYears } from '../../../shared/leave-policy/leave-request';
import { leaveYearOf, type LeaveYearStart } from '../../../shared/leave-policy/leave-year';
import { dayKind, eachDate, leaveDays, type DayPart, type WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import type { Holiday, LeaveBalanceRow, LeaveSettings, LeaveType } from '../../../shared/schemas/leave-policy';
import { dayMonth, LEAVE_REQUEST_UI as UI } from './leave-request-copy';

// A type, not an interface: the form machine's values are a string record.
export type LeaveFormValues = {
  startDate: string;
  endDate: string;
  reason: string;
  /** '' = the company's default type. */
  leaveTypeId: string;
  /** '' = a full day. */
  dayPart: string;
};

export interface LeaveFormFacts {
  /** Every type (inactive ones are not offered). */
  types?: readonly LeaveType[];
  /** The caller's balances on `balanceDate` (see leaveFormDates). */
  balances?: readonly LeaveBalanceRow[];
  settings?: LeaveSettings;
  /** The holidays of every calendar year the dates touch. */
  holidays?: readonly Holiday[];
  /** The day `balances` are taken on, when it is not today (a later leave): the balance line names it. */
  balanceDate?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The type a request is filed as: the chosen one, else the default. */
export function chosenType(types: readonly LeaveType[] | undefined, leaveTypeId: string): LeaveType | undefined {
  const offered = types?.filter((t) => t.active);
  return offered?.find((t) => t._id === leaveTypeId) ?? offered?.find((t) => t.isDefault);
}

/**
 * What the form must fetch for these values: the day the balance is taken on (as the server takes
 * it) and the calendar years whose holidays the count needs.
 */
export function leaveFormDates(values: Pick<LeaveFormValues, 'startDate' | 'endDate'>, today: string, settings: LeaveSettings | undefined) {
  const start = DATE.test(values.startDate) ? values.startDate : '';
  const end = DATE.test(values.endDate) ? values.endDate : '';
  const startMonth = (settings?.leaveYearStartMonth ?? 1) as LeaveYearStart;
  const years = [...new Set([start, end].filter(Boolean).map((d) => Number(d.slice(0, 4))))];
  return { balanceDate: balanceDateFor(start || today, today, startMonth), holidayYears: years };
}

/** True when a half day may be asked: one day, of a type that allows it. */
export const halfDayOffered = (values: Pick<LeaveFormValues, 'startDate' | 'endDate'>, type: LeaveType | undefined) =>
  !!type?.halfDayAllowed && DATE.test(values.startDate) && values.startDate === values.endDate;

export interface LeaveFormSummary {
  type?: LeaveType;
  halfDay: boolean;
  /** Working days the request takes; undefined until both dates (in order) and the calendar are known. */
  days?: number;
  /** "3 working days", with what it leaves out. */
  daysLine?: string;
  /** The chosen type's balance line, or that it is unpaid. */
  balanceLine?: string;
  /** Why the server would refuse these values (the server's own words), shown before sending. */
  warning?: string;
}

export function leaveFormSummary(values: LeaveFormValues, facts: LeaveFormFacts): LeaveFormSummary {
  const type = chosenType(facts.types, values.leaveTypeId);
  const halfDay = halfDayOffered(values, type);
  const summary: LeaveFormSummary = { type, halfDay };
  const balance = type && facts.balances?.find((b) => b.leaveTypeId === type._id);
  if (type && !type.paid) summary.balanceLine = UI.unpaid(type.name);
  else if (type && balance) summary.balanceLine = facts.balanceDate ? UI.balanceOn(type.name, balance.available, facts.balanceDate) : UI.balance(type.name, balance.available, balance.year);

  const { startDate: start, endDate: end } = values;
  if (!DATE.test(start) || !DATE.test(end) || end < start || !facts.settings) return summary;
  const startMonth = facts.settings.leaveYearStartMonth as LeaveYearStart;
  if (spansLeaveYears(start, end, startMonth)) {
    summary.warning = LEAVE_REQUEST_MSG.spansLeaveYears(leaveYearOf(start, startMonth).end, leaveYearOf(end, startMonth).start);
    return summary;
  }
  if (!facts.holidays) return summary;
  const mandatory = facts.holidays.filter((h) => !h.optional && h.date >= start && h.date <= end);
  const calendar: WorkCalendar = { weeklyOff: facts.settings.weeklyOff, holidays: new Set(mandatory.map((h) => h.date)) };
  const part = halfDay && (values.dayPart === 'first-half' || values.dayPart === 'second-half') ? (values.dayPart as DayPart) : undefined;
  const days = leaveDays(start, end, calendar, part);
  summary.days = days;
  if (days === 0) {
    summary.daysLine = UI.noWorkingDays;
    return summary;
  }
  let weeklyOffs = 0;
  for (const date of eachDate(start, end)) if (dayKind(date, calendar) === 'weekly-off') weeklyOffs += 1;
  const leftOut = UI.leftOut(weeklyOffs, mandatory.map((h) => `${h.name} (${dayMonth(h.date)})`));
  summary.daysLine = leftOut ? `${UI.workingDays(days)}: ${leftOut}` : UI.workingDays(days);
  if (type?.paid && balance) {
    if (days > balance.available) {
      const unpaid = facts.types?.find((t) => t.active && !t.paid);
      summary.warning = LEAVE_REQUEST_MSG.beyondBalance(type.name, days, balance.available, unpaid?.name ?? null);
    } else {
      summary.balanceLine = `${summary.balanceLine} ${UI.balanceAfter(balance.available - days)}`;
    }
  }
  return summary;
}
