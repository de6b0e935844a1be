/**
 * What the reporting line gives a person, read at the moment of each request and never copied onto
 * records: whom they manage (direct reports; their reports' reports too when the company's skip-level
 * setting is on), who manages a requester now, and the stand-ins managers named. When employees sign
 * in with an email alone, anyone knowing a manager's address could act as them, so manager powers are
 * off in that mode and everything goes to HR.
 */
import type { Kysely, Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import type { RoutingFacts, StandIn } from '../../../shared/approvals/approval-route';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { readApprovalSettings } from './approval-settings';

type Db = Kysely<DB> | Transaction<DB>;

// Far deeper than any real hierarchy; a loop in stored lines stops here.
const MAX_LEVELS = 16;
const ID_CHUNK = 500;

export const managerPowersOn = (ctx: AppContext) => ctx.config.employeeLogin !== 'email-only';

/** The active people `managerId` manages: direct reports, or everyone below when `skipLevel`. */
export async function teamIds(db: Db, managerId: number, skipLevel: boolean): Promise<number[]> {
  const team: number[] = [];
  const seen = new Set<number>([managerId]);
  let level = [managerId];
  for (let depth = 0; level.length > 0 && depth < (skipLevel ? MAX_LEVELS : 1); depth++) {
    const next: number[] = [];
    for (let i = 0; i < level.length; i += ID_CHUNK) {
      const rows = await db
        .selectFrom('employees')
        .innerJoin('users', 'users.id', 'employees.user_id')
        .select('employees.user_id')
        .where('employees.manager_id', 'in', level.slice(i, i + ID_CHUNK))
        .where('users.active', '=', 1)
        .execute();
      for (const r of rows) {
        const id = Number(r.user_id);
        if (!seen.has(id)) {
          seen.add(id);
          next.push(id);
        }
      }
    }
    team.push(...next);
    level = next;
  }
  return team;
}

/** The caller's team as the company's setting has it now (empty without manager powers). */
export async function callerTeam(ctx: AppContext, db: Db, userId: number): Promise<number[]> {
  if (!managerPowersOn(ctx)) return [];
  const { skipLevel } = await readApprovalSettings(db);
  return teamIds(db, userId, skipLevel);
}

/** Whether `userId` manages anyone now (the My Team entry shows for them). */
export async function hasReports(ctx: AppContext, db: Db, userId: number): Promise<boolean> {
  if (!managerPowersOn(ctx)) return false;
  const row = await db
    .selectFrom('employees')
    .innerJoin('users', 'users.id', 'employees.user_id')
    .select('employees.user_id')
    .where('employees.manager_id', '=', userId)
    .where('users.active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The requester's manager now: active, and not past their leaving date (`today`, company time; on
 * their last day they still decide). A manager who has left is nobody's manager, so requests move on.
 */
export async function activeManagerOf(db: Db, userId: number, today: string): Promise<number | null> {
  const row = await db
    .selectFrom('employees')
    .innerJoin('users as m', 'm.id', 'employees.manager_id')
    .leftJoin('employee_statutory as s', 's.user_id', 'm.id')
    .select('m.id')
    .where('employees.user_id', '=', userId)
    .where('m.active', '=', 1)
    .where((eb) => eb.or([eb('s.left_on', 'is', null), eb('s.left_on', '>=', today)]))
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

const toStandIn = (r: { manager_id: number; stand_in_id: number; from_date: string; to_date: string }): StandIn => ({
  managerId: Number(r.manager_id),
  standInId: Number(r.stand_in_id),
  from: r.from_date,
  to: r.to_date,
});

/** The stand-ins a manager named, whatever their dates. */
export async function standInsOf(db: Db, managerId: number): Promise<StandIn[]> {
  const rows = await db.selectFrom('approval_stand_ins').select(['manager_id', 'stand_in_id', 'from_date', 'to_date']).where('manager_id', '=', managerId).execute();
  return rows.map(toStandIn);
}

/** The managers for whom `standInId` stands in on `today`. */
export async function managersCoveredBy(db: Db, standInId: number, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('approval_stand_ins')
    .select('manager_id')
    .where('stand_in_id', '=', standInId)
    .where('from_date', '<=', today)
    .where('to_date', '>=', today)
    .execute();
  return [...new Set(rows.map((r) => Number(r.manager_id)))];
}

/** The facts the router decides on, for one request of `requesterId` at `stage`, as they are now. */
export async function routingFacts(ctx: AppContext, db: Db, requesterId: number, stage: 'manager' | 'hr'): Promise<RoutingFacts> {
  const today = dateInZone(ctx.now(), ctx.config.timeZone);
  const managerId = await activeManagerOf(db, requesterId, today);
  return {
    requesterId,
    managerId,
    stage,
    standIns: managerId === null ? [] : await standInsOf(db, managerId),
    today,
    managerPowers: managerPowersOn(ctx),
  };
}

/** Active admins' ids: HR, told of requests that wait with HR. */
export async function adminIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('active', '=', 1).execute();
  return rows.map((r) => Number(r.id));
}
