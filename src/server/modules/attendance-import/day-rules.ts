/**
 * What every way of setting a past day (the import, an admin's edit, bulk marking) checks first, from
 * facts loaded once per batch: the day is not in the future, falls inside the person's employment
 * (from joining to the last day, for leavers), and is not in an approved payroll month (approval
 * locks the month: its slips were paid from these days).
 */
import type { Kysely, Transaction } from 'kysely';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { instantInZone } from '../../../shared/attendance-corrections/zone-time';
import { shiftDate } from '../../../shared/format';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface Person {
  userId: number;
  employeeId: string;
  name: string;
  joinedOn: string;
  leftOn: string | null;
}

/** Why the day cannot be set for this person, or undefined when it can. */
export function dayProblem(person: Person, date: string, today: string, approved: ReadonlySet<string>): string | undefined {
  if (date > today) return `${date} is in the future`;
  if (date < person.joinedOn) return `${date} is before ${person.employeeId} joined (${person.joinedOn})`;
  if (person.leftOn && date > person.leftOn) return `${date} is after ${person.employeeId} left (${person.leftOn})`;
  if (approved.has(date.slice(0, 7))) return `${monthLabel(date.slice(0, 7))} is approved: its payroll is locked`;
  return undefined;
}

/** The approved payroll months ('YYYY-MM') between two dates. */
export async function approvedMonthsBetween(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db.selectFrom('payroll_approvals').select('month').where('month', '>=', from.slice(0, 7)).where('month', '<=', to.slice(0, 7)).execute();
  return new Set(rows.map((r) => r.month));
}

/**
 * The zone's offset from UTC through a whole day, in ms, when it does not change that day (no DST
 * switch); null on a switch day. Asking Intl costs ~150 µs a call, and an import of 300,000 rows asks
 * for two instants each: the offset is looked up once per zone and day instead.
 */
const dayOffsets = new Map<string, number | null>();
function steadyOffset(date: string, timeZone: string): number | null {
  const key = `${timeZone}|${date}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const at = (time: string) => Date.parse(`${date}T${time}:00Z`) - instantInZone(date, time, timeZone).getTime();
    const start = at('00:00');
    offset = start === at('23:59') ? start : null;
    if (dayOffsets.size > 10_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** The instant the zone's clock reads `time` on `date`. */
function instantAt(date: string, time: string, timeZone: string): string {
  const offset = steadyOffset(date, timeZone);
  return offset === null ? instantInZone(date, time, timeZone).toISOString() : new Date(Date.parse(`${date}T${time}:00Z`) - offset).toISOString();
}

/** The instants a day's punches name on the company's clock; an out earlier than the in is the next day's. */
export function punchInstants(date: string, punchIn: string, punchOut: string | undefined, timeZone: string): { in: string; out: string | null } {
  const inAt = instantAt(date, punchIn, timeZone);
  if (!punchOut) return { in: inAt, out: null };
  const outDate = punchOut < punchIn ? shiftDate(date, 1) : date;
  return { in: inAt, out: instantAt(outDate, punchOut, timeZone) };
}

export const peopleQuery = (db: Db) =>
  db
    .selectFrom('employees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('employee_statutory as s', 's.user_id', 'e.user_id')
    .select(['e.user_id', 'e.employee_id', 'u.name', 'e.joined_on', 's.left_on']);

export const toPerson = (r: { user_id: number; employee_id: string; name: string; joined_on: string; left_on: string | null }): Person => ({
  userId: Number(r.user_id),
  employeeId: r.employee_id,
  name: r.name,
  joinedOn: r.joined_on,
  leftOn: r.left_on ?? null,
});
