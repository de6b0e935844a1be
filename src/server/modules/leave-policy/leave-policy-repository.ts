/**
 * Reads and writes of leave types, holidays and the company's leave settings, and the rows a balance
 * is computed from. The rules themselves are pure (src/shared/leave-policy).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { LeaveTypeBody, LeaveSettings, LeaveType, Holiday } from '../../../shared/schemas/leave-policy';
import { SUNDAY_OFF, type WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import type { DB, LeaveTypesTable } from '../../db/schema';
import { writeCompanySetting } from '../../db/company-settings';

export type Db = Kysely<DB> | Transaction<DB>;
export type LeaveTypeRow = Selectable<LeaveTypesTable>;

const SETTINGS_KEY = 'leave';
export const DEFAULT_LEAVE_SETTINGS: LeaveSettings = { leaveYearStartMonth: 1, weeklyOff: SUNDAY_OFF as LeaveSettings['weeklyOff'] };

export async function readLeaveSettings(db: Db): Promise<LeaveSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  return row ? { ...DEFAULT_LEAVE_SETTINGS, ...(JSON.parse(row.value_json) as Partial<LeaveSettings>) } : DEFAULT_LEAVE_SETTINGS;
}

export const writeLeaveSettings = (db: Db, settings: LeaveSettings, at: string): Promise<void> => writeCompanySetting(db, SETTINGS_KEY, settings, at);

/** The calendar for [from, to]: the weekly off rule and the mandatory holidays in the range. */
export async function workCalendar(db: Db, from: string, to: string, settings?: LeaveSettings): Promise<WorkCalendar> {
  const [{ weeklyOff }, rows] = await Promise.all([settings ?? readLeaveSettings(db), holidaysBetween(db, from, to)]);
  return { weeklyOff, holidays: new Set(rows.filter((h) => !h.optional).map((h) => h.date)) };
}

/**
 * The holidays from `from` to `to` (YYYY-MM-DD), by date: each dated one, and each repeating one on
 * its day and month in every year from its own date on. A day holds one holiday: a dated holiday
 * wins its day over a repeating one (a year's own list may rename or move it).
 */
export async function holidaysBetween(db: Db, from: string, to: string): Promise<Holiday[]> {
  if (from > to) return [];
  const rows = await db
    .selectFrom('holidays')
    .select(['id', 'date', 'name', 'optional', 'repeats_yearly'])
    .where((eb) => eb.or([eb.and([eb('date', '>=', from), eb('date', '<=', to)]), eb.and([eb('repeats_yearly', '=', 1), eb('date', '<=', to)])]))
    .execute();
  const byDate = new Map<string, Holiday>();
  const listed = (r: (typeof rows)[number], date: string): Holiday => ({
    _id: String(r.id),
    date,
    name: r.name,
    optional: r.optional === 1,
    repeatsYearly: r.repeats_yearly === 1,
    firstDate: r.date,
  });
  for (const r of rows) if (r.date >= from) byDate.set(r.date, listed(r, r.date));
  const [fromYear, toYear] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  for (const r of rows) {
    if (r.repeats_yearly !== 1) continue;
    for (let year = Math.max(fromYear, Number(r.date.slice(0, 4))); year <= toYear; year++) {
      const date = `${year}${r.date.slice(4)}`;
      if (date >= r.date && date >= from && date <= to && !byDate.has(date)) byDate.set(date, listed(r, date));
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The holiday already on `date`, other than `exceptId`: one dated that day, or a repeating one that
 * falls on it; and, when the holiday at `date` is to repeat, another repeating one on its day and
 * month, which would meet it every year.
 */
export async function holidayClash(db: Db, date: string, repeats: boolean, exceptId?: number) {
  return db
    .selectFrom('holidays')
    .select(['id', 'date', 'name', 'repeats_yearly'])
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .where((eb) =>
      eb.or([
        eb('date', '=', date),
        eb.and([eb('repeats_yearly', '=', 1), eb(sql<string>`substr(date, 6)`, '=', date.slice(5)), ...(repeats ? [] : [eb('date', '<=', date)])]),
      ]),
    )
    .orderBy('date')
    .executeTakeFirst();
}

export const toLeaveType = (r: LeaveTypeRow): LeaveType => ({
  _id: String(r.id),
  name: r.name,
  yearlyEntitlement: Number(r.yearly_entitlement),
  accrual: r.accrual,
  proRate: r.pro_rate === 1,
  carryForwardCap: Number(r.carry_forward_cap),
  halfDayAllowed: r.half_day_allowed === 1,
  paid: r.paid === 1,
  active: r.active === 1,
  isDefault: r.is_default === 1,
  route: r.route,
  encashable: Number(r.encashable) === 1,
  encashmentCapDays: r.encashment_cap_days === null ? null : Number(r.encashment_cap_days),
  encashmentBasis: r.encashment_basis as LeaveType['encashmentBasis'],
  code: r.code ?? null,
});

export const listLeaveTypes = (db: Db) => db.selectFrom('leave_types').selectAll().orderBy('id').execute();

export const findLeaveType = (db: Db, id: number) => db.selectFrom('leave_types').selectAll().where('id', '=', id).executeTakeFirst();

export const findLeaveTypeByName = (db: Db, name: string, exceptId?: number) =>
  db
    .selectFrom('leave_types')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();

const typeColumns = (body: LeaveTypeBody) => ({
  name: body.name,
  yearly_entitlement: body.yearlyEntitlement,
  accrual: body.accrual,
  pro_rate: body.proRate ? 1 : 0,
  carry_forward_cap: body.carryForwardCap,
  half_day_allowed: body.halfDayAllowed ? 1 : 0,
  paid: body.paid ? 1 : 0,
  active: body.active ? 1 : 0,
  ...(body.route !== undefined && { route: body.route }),
  ...(body.encashable !== undefined && { encashable: body.encashable ? 1 : 0 }),
  ...(body.encashmentCapDays !== undefined && { encashment_cap_days: body.encashmentCapDays }),
  ...(body.encashmentBasis !== undefined && { encashment_basis: body.encashmentBasis }),
  ...(body.code !== undefined && { code: body.code.toUpperCase() }),
});

export const findLeaveTypeByCode = (db: Db, code: string, exceptId?: number) =>
  db
    .selectFrom('leave_types')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();

/** A new type's code when none is given: the name's initials (Paternity Leave → PL), made unique with a digit. */
export async function freshTypeCode(db: Db, name: string): Promise<string> {
  const words = name.replace(/[^A-Za-z0-9 ]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const base = (words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? 'LT').slice(0, 2)).toUpperCase().slice(0, 8) || 'LT';
  let code = base;
  for (let n = 2; await findLeaveTypeByCode(db, code); n += 1) code = `${base}${n}`;
  return code;
}

export const insertLeaveType = (db: Db, body: LeaveTypeBody, at: string) =>
  db.insertInto('leave_types').values({ ...typeColumns(body), created_at: at }).returningAll().executeTakeFirstOrThrow();

export const updateLeaveType = (db: Db, id: number, body: LeaveTypeBody) =>
  db.updateTable('leave_types').set(typeColumns(body)).where('id', '=', id).returningAll().executeTakeFirst();

/** A year's holidays by date, the repeating ones included. */
export const holidaysOfYear = (db: Db, year: number): Promise<Holiday[]> => holidaysBetween(db, `${year}-01-01`, `${year}-12-31`);

/**
 * Approved and pending leave of these users (all when omitted), the rows balances add up. For given
 * users the status is sifted here, not in SQL: with both conditions, SQLite and a PostgreSQL without
 * fresh statistics read the company's whole leave through the status index and drop all but the
 * team's rows; by user alone they read only those people's rows.
 */
export async function leaveUseRows(db: Db, userIds?: readonly number[]) {
  const columns = ['user_id', 'leave_type_id', 'start_date', 'end_date', 'day_part', 'days', 'status'] as const;
  if (userIds === undefined) return db.selectFrom('leaves').select(columns).where('status', 'in', ['approved', 'pending']).execute();
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('leaves').select(columns).where('user_id', 'in', userIds).execute();
  return rows.filter((r) => r.status === 'approved' || r.status === 'pending');
}
