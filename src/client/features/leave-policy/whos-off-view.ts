/**
 * Who's off, worked out for display: the period a week or month view covers (whole weeks, Monday
 * first, at most 42 days, the server's bound), each day's kind (holiday, weekly off, working) and
 * who is on approved leave that day. Pure: the page renders what this returns.
 */
import { shiftDate } from '../../../shared/format';
import { isWeeklyOff } from '../../../shared/leave-policy/work-calendar';
import type { WhosOff, WhosOffLeave } from '../../../shared/schemas/holiday-calendar';
import { weekdayOf } from '../../../shared/payroll/pay-month';

export type WhosOffView = 'week' | 'month';

export interface Period {
  from: string;
  to: string;
}

export interface OffDay {
  date: string;
  /** False for the days of the neighbouring months that fill the month view's first and last week. */
  inMonth: boolean;
  /** Mandatory holidays' names: nobody works, so nobody is listed as on leave. */
  holiday: string | null;
  optionalHoliday: string | null;
  weeklyOff: boolean;
  /** Approved leave covering the day (a working day, or an optional holiday). */
  people: WhosOffLeave[];
}

/** Monday on or before `date`. */
const mondayOf = (date: string) => shiftDate(date, -((weekdayOf(date) + 6) % 7));

export const monthOf = (date: string) => date.slice(0, 7);

export function periodOf(view: WhosOffView, anchor: string): Period {
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: shiftDate(from, 6) };
  }
  const first = `${monthOf(anchor)}-01`;
  const last = shiftDate(`${nextMonth(monthOf(anchor))}-01`, -1);
  return { from: mondayOf(first), to: shiftDate(mondayOf(last), 6) };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The anchor one view back (-1) or on (+1): a week, or the same day of the month (clamped to the 1st). */
export function stepAnchor(view: WhosOffView, anchor: string, direction: -1 | 1): string {
  if (view === 'week') return shiftDate(anchor, 7 * direction);
  const [y, m] = monthOf(anchor).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + direction;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

const monthLabel = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** 'November 2026', or '23 Nov – 29 Nov 2026' for a week. */
export function periodLabel(view: WhosOffView, anchor: string, period: Period): string {
  if (view === 'month') return monthLabel.format(utc(`${monthOf(anchor)}-01`));
  const short = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${short.format(utc(period.from))} – ${short.format(utc(period.to))} ${period.to.slice(0, 4)}`;
}

/** 'Mon, 23 Nov' */
export const formatDay = (date: string) => dayLabel.format(utc(date));

/** Who matches a search: name or employee id, any case. */
export const matches = (leave: WhosOffLeave, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || leave.name.toLowerCase().includes(q) || leave.employeeId.toLowerCase().includes(q);
};

/** Every day of the period with who is off; `query` narrows the people. */
export function offDays(data: WhosOff, view: WhosOffView, anchor: string, query = ''): OffDay[] {
  const month = monthOf(anchor);
  const mandatory = new Map<string, string>();
  const optional = new Map<string, string>();
  for (const h of data.holidays) (h.optional ? optional : mandatory).set(h.date, h.name);
  const byDay = new Map<string, WhosOffLeave[]>();
  for (const leave of data.leaves) {
    if (!matches(leave, query)) continue;
    const start = leave.startDate < data.from ? data.from : leave.startDate;
    const end = leave.endDate > data.to ? data.to : leave.endDate;
    for (let d = start; d <= end; d = shiftDate(d, 1)) {
      const list = byDay.get(d);
      if (list) list.push(leave);
      else byDay.set(d, [leave]);
    }
  }
  // Each day's people by name, as a person looks for someone.
  const byName = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true });
  for (const list of byDay.values()) list.sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.employeeId, b.employeeId));
  const days: OffDay[] = [];
  for (let date = data.from; date <= data.to; date = shiftDate(date, 1)) {
    const holiday = mandatory.get(date) ?? null;
    const weeklyOff = isWeeklyOff(date, data.weeklyOff);
    days.push({
      date,
      inMonth: view === 'week' || monthOf(date) === month,
      holiday,
      optionalHoliday: optional.get(date) ?? null,
      weeklyOff,
      people: holiday || weeklyOff ? [] : (byDay.get(date) ?? []),
    });
  }
  return days;
}

/** People on leave in the period (each once) and the leave days they add up to. */
export function periodFacts(days: readonly OffDay[]) {
  const people = new Set<string>();
  let leaveDays = 0;
  for (const day of days) {
    if (!day.inMonth) continue;
    for (const p of day.people) {
      people.add(p.employeeId);
      leaveDays += p.dayPart ? 0.5 : 1;
    }
  }
  return { people: people.size, leaveDays };
}
