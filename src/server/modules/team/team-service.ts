/**
 * My Team: what a manager sees of the people they manage, computed from the reporting line when each
 * call arrives. Presence, leave and requests only; never pay, bank, PAN, statutory data or declarations.
 * Stand-ins get the right to decide, not this data.
 */
import { dateInZone } from '../../../shared/format';
import type { WhosOff, WhosOffQuery } from '../../../shared/schemas/holiday-calendar';
import type { StandInCandidate, StandInCreate, StandInView, TeamAttendance, TeamBalance, TeamSummary } from '../../../shared/schemas/team';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { balancesOf } from '../leave-policy';
import { holidaysBetween, readLeaveSettings } from '../leave-policy';
import { whosOffOf } from '../leave-policy';
import { readApprovalSettings } from './approval-settings';
import { callerTeam, hasReports, managerPowersOn, managersCoveredBy } from './team-access';

const ID_CHUNK = 500;

export const TEAM_MSG = {
  standInSelf: 'standInId: you cannot stand in for yourself',
  standInUnknown: 'standInId: no active employee has this _id',
  standInNotCandidate: 'standInId: name one of your reports, your own manager or someone who shares your manager',
  standInAdded: 'Stand-in added',
  standInRemoved: 'Stand-in removed',
  standInNotFound: 'Stand-in not found',
  noPowers: 'Manager powers are off in this installation (employees sign in with an email alone)',
} as const;

function* chunks<T>(items: readonly T[], size = ID_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export function createTeamService(ctx: AppContext) {
  const { db } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  /** The team's people (id, business id, name, position, joining date), in business-id order. */
  async function members(caller: Caller) {
    const people = () =>
      db.selectFrom('employees').innerJoin('users', 'users.id', 'employees.user_id').select(['users.id', 'users.name', 'employees.employee_id', 'employees.position', 'employees.joined_on']);
    const rows = [];
    if (!managerPowersOn(ctx)) return [];
    if (!(await readApprovalSettings(db)).skipLevel) {
      // Direct reports, as teamIds has them, in one query rather than ids and then their rows.
      rows.push(...(await people().where('employees.manager_id', '=', caller.userId).where('users.active', '=', 1).execute()));
    } else {
      for (const chunk of chunks(await callerTeam(ctx, db, caller.userId))) rows.push(...(await people().where('users.id', 'in', chunk).execute()));
    }
    return rows.sort((a, b) => a.employee_id.length - b.employee_id.length || a.employee_id.localeCompare(b.employee_id));
  }

  /**
   * Whom the caller may name: their direct reports, their own manager and the people who share that
   * manager, active, by relation then name. Names and codes only: the picker needs no more.
   */
  async function standInCandidates(caller: Caller): Promise<StandInCandidate[]> {
    if (!managerPowersOn(ctx)) return [];
    const me = await db.selectFrom('employees').select('manager_id').where('user_id', '=', caller.userId).executeTakeFirst();
    const above = me?.manager_id == null ? null : Number(me.manager_id);
    const rows = await db
      .selectFrom('employees as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.name', 'e.employee_id', 'e.manager_id'])
      .where('u.active', '=', 1)
      .where('u.id', '!=', caller.userId)
      .where((eb) => {
        const any = [eb('e.manager_id', '=', caller.userId)];
        if (above !== null) any.push(eb('u.id', '=', above), eb('e.manager_id', '=', above));
        return eb.or(any);
      })
      .execute();
    const relationOf = (r: (typeof rows)[number]): StandInCandidate['relation'] =>
      Number(r.id) === above ? 'manager' : r.manager_id !== null && Number(r.manager_id) === caller.userId ? 'report' : 'peer';
    const order = { manager: 0, peer: 1, report: 2 } as const;
    const byName = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true });
    return rows
      .map((r) => ({ _id: String(r.id), employeeId: r.employee_id, name: r.name, relation: relationOf(r) }))
      .sort((a, b) => order[a.relation] - order[b.relation] || byName.compare(a.name, b.name));
  }

  return {
    /** What the sidebar and the bell need: whether the caller manages anyone, and how many requests (leave, corrections, comp-off) wait for them. */
    async summary(caller: Caller): Promise<TeamSummary> {
      const powers = managerPowersOn(ctx);
      const day = today();
      let waiting = 0;
      if (caller.role === 'admin') {
        const [l, c, o] = await Promise.all([
          db.selectFrom('leaves').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
          db.selectFrom('attendance_corrections').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
          db.selectFrom('comp_offs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
        ]);
        waiting = Number(l.n) + Number(c.n) + Number(o.n);
      } else if (powers) {
        const managers = [caller.userId, ...(await managersCoveredBy(db, caller.userId, day))];
        const count = async (table: 'leaves' | 'attendance_corrections' | 'comp_offs') =>
          Number(
            (
              await db
                .selectFrom(table)
                .innerJoin('employees', 'employees.user_id', `${table}.user_id`)
                .innerJoin('users', 'users.id', `${table}.user_id`)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where(`${table}.status`, '=', 'pending')
                .where(`${table}.stage`, '=', 'manager')
                .where('employees.manager_id', 'in', managers)
                .where(`${table}.user_id`, '!=', caller.userId)
                .executeTakeFirstOrThrow()
            ).n,
          );
        waiting = (await count('leaves')) + (await count('attendance_corrections')) + (await count('comp_offs'));
      }
      return { hasReports: caller.role === 'employee' && (await hasReports(ctx, db, caller.userId)), waiting, managerPowers: powers };
    },

    /** Today's presence of the team: status and punches, and whether they are on approved leave. */
    async attendance(caller: Caller): Promise<TeamAttendance> {
      const date = today();
      const people = await members(caller);
      const ids = people.map((p) => p.id);
      const records = new Map<number, { status: string; punch_in: string | null; punch_out: string | null }>();
      const onLeave = new Set<number>();
      for (const chunk of chunks(ids)) {
        for (const r of await db.selectFrom('attendance').select(['user_id', 'status', 'punch_in', 'punch_out']).where('date', '=', date).where('user_id', 'in', chunk).execute()) {
          records.set(Number(r.user_id), r);
        }
        for (const r of await db
          .selectFrom('leaves')
          .select('user_id')
          .where('status', '=', 'approved')
          .where('start_date', '<=', date)
          .where('end_date', '>=', date)
          .where('user_id', 'in', chunk)
          .execute()) {
          onLeave.add(Number(r.user_id));
        }
      }
      return {
        date,
        members: people.map((p) => {
          const r = records.get(p.id);
          return {
            _id: String(p.id),
            employeeId: p.employee_id,
            name: p.name,
            position: p.position,
            status: r?.status ?? null,
            punchIn: r?.punch_in ?? null,
            punchOut: r?.punch_out ?? null,
            onLeave: onLeave.has(p.id),
          };
        }),
      };
    },

    /** The team's approved leave overlapping [from, to], with the period's holidays and weekly off rule. */
    async whosOff(caller: Caller, { from, to }: WhosOffQuery): Promise<WhosOff> {
      const ids = await callerTeam(ctx, db, caller.userId);
      const leaves = [];
      for (const chunk of chunks(ids)) {
        leaves.push(
          ...(await db
            .selectFrom('leaves as l')
            .innerJoin('users as u', 'u.id', 'l.user_id')
            .innerJoin('employees as e', 'e.user_id', 'l.user_id')
            .leftJoin('leave_types as t', 't.id', 'l.leave_type_id')
            .select(['l.id', 'e.employee_id', 'u.name', 't.name as type_name', 'l.start_date', 'l.end_date', 'l.day_part'])
            .where('l.status', '=', 'approved')
            .where('l.end_date', '>=', from)
            .where('l.start_date', '<=', to)
            .where('l.user_id', 'in', chunk)
            .execute()),
        );
      }
      leaves.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.employee_id.localeCompare(b.employee_id));
      const [holidays, settings] = await Promise.all([
        holidaysBetween(db, from, to),
        readLeaveSettings(db),
      ]);
      return whosOffOf(from, to, settings, holidays, leaves, 'Leave');
    },

    /** Each member's balances of every active type today: days only. */
    async leaveBalances(caller: Caller): Promise<TeamBalance[]> {
      const [people, settings] = await Promise.all([members(caller), readLeaveSettings(db)]);
      // Nobody to count.
      if (people.length === 0) return [];
      const byUser = await balancesOf(db, people.map((p) => ({ userId: p.id, joinedOn: p.joined_on })), today(), settings);
      return people.map((p) => ({
        employeeId: p.employee_id,
        name: p.name,
        balances: (byUser.get(p.id) ?? []).map((b) => ({ leaveTypeId: b.leaveTypeId, leaveType: b.leaveType, paid: b.paid, available: b.available, taken: b.taken, pending: b.pending })),
      }));
    },

    /** The stand-ins the caller named, newest range first. */
    async standIns(caller: Caller): Promise<StandInView[]> {
      const rows = await db
        .selectFrom('approval_stand_ins as s')
        .innerJoin('users as u', 'u.id', 's.stand_in_id')
        .innerJoin('employees as e', 'e.user_id', 's.stand_in_id')
        .select(['s.id', 's.stand_in_id', 's.from_date', 's.to_date', 'u.name', 'e.employee_id'])
        .where('s.manager_id', '=', caller.userId)
        .orderBy('s.from_date', 'desc')
        .execute();
      return rows.map((r) => ({ _id: String(r.id), standInId: String(r.stand_in_id), name: r.name, employeeId: r.employee_id, from: r.from_date, to: r.to_date }));
    },

    standInCandidates,

    async addStandIn(caller: Caller, body: StandInCreate): Promise<{ msg: string; _id: string }> {
      if (!managerPowersOn(ctx)) throw badRequest(TEAM_MSG.noPowers);
      const standInId = Number(body.standInId);
      if (standInId === caller.userId) throw badRequest(TEAM_MSG.standInSelf);
      const person = await db
        .selectFrom('users')
        .innerJoin('employees', 'employees.user_id', 'users.id')
        .select('users.id')
        .where('users.id', '=', standInId)
        .where('users.active', '=', 1)
        .executeTakeFirst();
      if (!person) throw badRequest(TEAM_MSG.standInUnknown);
      // The same people the picker offers: anyone else would gain the right to decide for a team
      // they have no place near.
      if (!(await standInCandidates(caller)).some((c) => c._id === String(standInId))) throw badRequest(TEAM_MSG.standInNotCandidate);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('approval_stand_ins')
          .values({ manager_id: caller.userId, stand_in_id: standInId, from_date: body.from, to_date: body.to, created_at: ctx.now().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { actorId: caller.userId, action: 'stand-in.add', entity: 'stand-in', entityId: String(row.id), after: body }, ctx.now());
        return row.id;
      });
      return { msg: TEAM_MSG.standInAdded, _id: String(id) };
    },

    /** Removes one of the caller's own stand-ins; someone else's is a 404 (it is not theirs to see). */
    async removeStandIn(caller: Caller, id: number): Promise<{ msg: string }> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('approval_stand_ins').selectAll().where('id', '=', id).where('manager_id', '=', caller.userId).executeTakeFirst();
        if (!row) throw notFound(TEAM_MSG.standInNotFound);
        await trx.deleteFrom('approval_stand_ins').where('id', '=', id).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'stand-in.remove', entity: 'stand-in', entityId: String(id), before: { standInId: String(row.stand_in_id), from: row.from_date, to: row.to_date } }, ctx.now());
      });
      return { msg: TEAM_MSG.standInRemoved };
    },
  };
}

