/**
 * The dashboards' counts. Each is one COUNT answered by the database, so the cost stays flat as the
 * company grows: no rows travel, and the filters hit indexes (migration 006 adds the leave and task
 * status indexes; the attendance (user_id, date) key and the users primary key do the rest). The
 * query builders are exported so a test can ask the planner which index each one uses.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { PRESENT_CODES } from '../../../shared/constants';
import { contains } from '../../db/contains';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Statuses of a task nobody has finished. */
export const OPEN_TASK_STATUSES = ['assigned', 'in-progress'] as const;

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** Active employees who had not left before `date`: the roster the Employee List shows by default. */
export const activeEmployeesQuery = (db: Db, date = '0000-01-01') =>
  db
    .selectFrom('employees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('employee_statutory as s').select('s.user_id').whereRef('s.user_id', '=', 'e.user_id').where('s.left_on', '<', date))),
    );

/** People employed on `date`: active, joined on or before it, not left before it. */
const employedQuery = (db: Db, date: string) => activeEmployeesQuery(db, date).where('e.joined_on', '<=', date);

type RosterRow = ExpressionBuilder<DB & { e: DB['employees'] } & { u: DB['users'] }, 'e' | 'u'>;

/** The person has a P or H record on `date`. */
const presentOn = (date: string) => (eb: RosterRow) =>
  eb.exists(
    eb
      .selectFrom('attendance as a')
      .select('a.user_id')
      .whereRef('a.user_id', '=', 'e.user_id')
      .where('a.date', '=', date)
      .where('a.status', 'in', [...PRESENT_CODES]),
  );

/** The person's approved leave covers `date`. */
const onLeaveOn = (date: string) => (eb: RosterRow) =>
  eb.exists(
    eb
      .selectFrom('leaves as l')
      .select('l.user_id')
      .whereRef('l.user_id', '=', 'e.user_id')
      .where('l.status', '=', 'approved')
      .where('l.start_date', '<=', date)
      .where('l.end_date', '>=', date),
  );

/**
 * Today's roster split so the parts add up: present (a P or H record), then on leave (approved
 * leave covering the day, and not present), then the rest, who are absent on a working day and off
 * on a weekly off or holiday (the caller knows which day it is).
 */
export async function rosterSplit(db: Db, date: string): Promise<{ employed: number; present: number; onLeave: number }> {
  const [employed, present, onLeave] = await Promise.all([
    employedQuery(db, date).executeTakeFirst(),
    employedQuery(db, date).where(presentOn(date)).executeTakeFirst(),
    employedQuery(db, date)
      .where((eb) => eb.not(presentOn(date)(eb)))
      .where(onLeaveOn(date))
      .executeTakeFirst(),
  ]);
  return { employed: count(employed), present: count(present), onLeave: count(onLeave) };
}

/**
 * The rest of rosterSplit, by name: people employed on `date` with no P or H record and no approved
 * leave covering it (absent on a working day), optionally those whose name, employee ID or email
 * contains `q`, by name; the first `limit` and how many match.
 */
export async function notInOn(db: Db, date: string, q: string, limit: number): Promise<{ total: number; people: { employeeId: string; name: string; email: string }[] }> {
  const base = employedQuery(db, date)
    .where((eb) => eb.not(presentOn(date)(eb)))
    .where((eb) => eb.not(onLeaveOn(date)(eb)))
    .$if(q !== '', (qb) => qb.where((eb) => eb.or([contains('u.name', q), contains('e.employee_id', q), contains('u.email', q)])));
  const [total, people] = await Promise.all([
    base.executeTakeFirst(),
    base
      .clearSelect()
      .select(['e.employee_id as employeeId', 'u.name as name', 'u.email as email'])
      .orderBy('u.name')
      .orderBy('e.employee_id')
      .limit(limit)
      .execute(),
  ]);
  return { total: count(total), people };
}

/** Active employees whose approved leave covers `date`. */
export const onLeaveQuery = (db: Db, date: string) =>
  db
    .selectFrom('leaves as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    // Distinct people, although approved leaves of one person never overlap (the request refuses it).
    .select((eb) => eb.fn.count<number>('l.user_id').distinct().as('n'))
    .where('l.status', '=', 'approved')
    // With the (status, end_date) index only current and future leave is read, not every past one.
    .where('l.end_date', '>=', date)
    .where('l.start_date', '<=', date)
    .where('u.active', '=', 1);

/** Leave requests waiting for a decision (all of them, as the admin's Leave Requests list shows them). */
export const pendingLeavesQuery = (db: Db) =>
  db.selectFrom('leaves').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending');

/** Tasks assigned or in progress: everyone's (as the admin's task list shows them), or one person's. */
export const openTasksQuery = (db: Db, userId?: number) =>
  db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [...OPEN_TASK_STATUSES])
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!));

/** Days one person was present (P or H) within an inclusive range. */
export const presentDaysQuery = (db: Db, userId: number, from: string, to: string) =>
  db
    .selectFrom('attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('status', 'in', [...PRESENT_CODES]);

export const activeEmployeeCount = async (db: Db, date?: string) => count(await activeEmployeesQuery(db, date).executeTakeFirst());
export const onLeaveCount = async (db: Db, date: string) => count(await onLeaveQuery(db, date).executeTakeFirst());
export const pendingLeaveCount = async (db: Db) => count(await pendingLeavesQuery(db).executeTakeFirst());
export const openTaskCount = async (db: Db, userId?: number) => count(await openTasksQuery(db, userId).executeTakeFirst());
export const presentDayCount = async (db: Db, userId: number, from: string, to: string) =>
  count(await presentDaysQuery(db, userId, from, to).executeTakeFirst());

/** The joining date of an employee, by users id. */
export async function joiningDate(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('employees').select('joined_on').where('user_id', '=', userId).executeTakeFirst();
  return row?.joined_on;
}
