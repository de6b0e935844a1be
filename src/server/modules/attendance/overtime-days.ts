/**
 * The month's overtime of many people at once (src/shared/day-rules/overtime.ts): one query for the
 * counted days from the first week's start to the month's end, then the pure rule. The attendance
 * register reports it and the salary slip pays it, so both read it from here.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { daysInMonth } from '../../../shared/payroll/pay-month';
import { monthOvertime, overtimeFrom, type MonthOvertime, type OvertimeDay } from '../../../shared/day-rules/overtime';
import { overtimeRulesOf, type OvertimeRules } from '../../../shared/schemas/day-rules';
import { readDayRules } from '../day-rules';
import { attendanceBetween } from './attendance-repository';

type Db = Kysely<DB> | Transaction<DB>;

/** user id -> the days with counted work or recorded overtime in [from, to]: one query. */
export async function overtimeDaysByUser(db: Db, userIds: readonly number[], from: string, to: string): Promise<Map<number, OvertimeDay[]>> {
  const result = new Map<number, OvertimeDay[]>();
  if (!userIds.length) return result;
  const rows = await attendanceBetween(db, userIds, from, to)
    .select(['user_id', 'date', 'worked_minutes', 'overtime_minutes'])
    .where((eb) => eb.or([eb('worked_minutes', 'is not', null), eb('overtime_minutes', '>', 0)]))
    .execute();
  for (const row of rows) {
    let days = result.get(row.user_id);
    if (!days) result.set(row.user_id, (days = []));
    days.push({ date: row.date, workedMinutes: row.worked_minutes == null ? null : Number(row.worked_minutes), overtimeMinutes: Number(row.overtime_minutes ?? 0) });
  }
  return result;
}

/** Each person's overtime of `month` under the company's rules now; `leftOn` gives a leaver's last week to their last month. */
export async function monthOvertimeByUser(
  db: Db,
  userIds: readonly number[],
  month: string,
  leftOn: ReadonlyMap<number, string | null> = new Map(),
): Promise<{ rules: OvertimeRules; byUser: Map<number, MonthOvertime> }> {
  const rules = overtimeRulesOf(await readDayRules(db));
  const to = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const days = await overtimeDaysByUser(db, userIds, overtimeFrom(month, rules.weekStartsOn), to);
  const byUser = new Map<number, MonthOvertime>();
  for (const id of userIds) byUser.set(id, monthOvertime(month, days.get(id) ?? [], rules, leftOn.get(id)));
  return { rules, byUser };
}
