/**
 * The register's queries, batched per page of employees: one query for the page, one for its
 * attendance and one for its approved leave, however many employees the page holds (at most
 * REGISTER_PAGE_MAX, far below either engine's bound-parameter limit).
 */
import type { Kysely } from 'kysely';
import { contains } from '../../db/contains';
import type { DB } from '../../db/schema';
import { attendanceBetween } from '../attendance';

export interface RegisterEmployee {
  userId: number;
  employeeId: string;
  name: string;
  email: string;
  joinedOn: string;
  /** The last day employed (statutory.leftOn), null while employed. */
  leftOn: string | null;
}

export interface RegisterLeaveRow {
  user_id: number;
  start_date: string;
  end_date: string;
  leave_type_id: number | null;
  day_part: 'first-half' | 'second-half' | null;
}

/** A LIKE pattern matching `text` anywhere, with % _ and the escape character taken literally. */

export function createRegisterRepository(db: Kysely<DB>) {
  /** Active employees who had joined by the month's end, matching `q` (name, email or employee ID). */
  const employees = (monthEnd: string, q?: string) => {
    let query = db
      .selectFrom('employees')
      .innerJoin('users', 'users.id', 'employees.user_id')
      .leftJoin('employee_statutory', 'employee_statutory.user_id', 'employees.user_id')
      .where('users.active', '=', 1)
      .where('employees.joined_on', '<=', monthEnd)
      // A leaver is in the registers up to the month they left, and in none after it.
      .where((eb) => eb.or([eb('employee_statutory.left_on', 'is', null), eb('employee_statutory.left_on', '>=', `${monthEnd.slice(0, 7)}-01`)]));
    if (q) {
      query = query.where((eb) => eb.or([contains('users.name', q), contains('users.email', q), contains('employees.employee_id', q)]));
    }
    return query;
  };
  const columns = ['users.id as userId', 'employees.employee_id as employeeId', 'users.name as name', 'users.email as email', 'employees.joined_on as joinedOn', 'employee_statutory.left_on as leftOn'] as const;

  return {
    async count(monthEnd: string, q?: string): Promise<number> {
      const row = await employees(monthEnd, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page by position (the screen). */
    page: (monthEnd: string, q: string | undefined, offset: number, limit: number): Promise<RegisterEmployee[]> =>
      employees(monthEnd, q).select(columns).orderBy('employees.employee_id').offset(offset).limit(limit).execute(),

    /** The page after employee ID `after` (the download walks everyone this way; no OFFSET scans). */
    pageAfter: (monthEnd: string, q: string | undefined, after: string, limit: number): Promise<RegisterEmployee[]> =>
      employees(monthEnd, q).select(columns).where('employees.employee_id', '>', after).orderBy('employees.employee_id').limit(limit).execute(),

    /** user id -> (date -> status and punch-in) within the range, for a page of users: one query. */
    async attendance(userIds: readonly number[], from: string, to: string): Promise<Map<number, Map<string, { status: string; punchIn: string | null }>>> {
      const result = new Map<number, Map<string, { status: string; punchIn: string | null }>>();
      if (!userIds.length) return result;
      const rows = await attendanceBetween(db, userIds, from, to).select(['user_id', 'date', 'status', 'punch_in']).execute();
      for (const row of rows) {
        let days = result.get(row.user_id);
        if (!days) result.set(row.user_id, (days = new Map()));
        days.set(row.date, { status: row.status, punchIn: row.punch_in });
      }
      return result;
    },

    /** Approved leave overlapping the range, for a page of users: one query. */
    approvedLeaves(userIds: readonly number[], from: string, to: string): Promise<RegisterLeaveRow[]> {
      if (!userIds.length) return Promise.resolve([]);
      return db
        .selectFrom('leaves')
        .select(['user_id', 'start_date', 'end_date', 'leave_type_id', 'day_part'])
        .where('user_id', 'in', userIds)
        .where('status', '=', 'approved')
        .where('start_date', '<=', to)
        .where('end_date', '>=', from)
        .execute();
    },

    leaveTypes: () => db.selectFrom('leave_types').select(['id', 'name', 'paid', 'is_default']).orderBy('id').execute(),
  };
}
