/**
 * The rules behind /api/leave: who may request, see, decide and cancel leave, and the mail each step
 * owes. Who decides is the router's (shared/approvals/approval-route.ts), on facts read from the
 * reporting line when the call arrives.
 */
import type { Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import { LEAVE_MSG } from './leave-messages';
import { SERVER_MSG } from '../../../shared/messages';
import { decidingAs, firstStage, isEscalated, outcomeOf, type ApprovalRoute } from '../../../shared/approvals/approval-route';
import type { LeaveCancelAction, LeaveCreate, LeaveListQuery } from '../../../shared/schemas/leave';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { decisionMail, type RequestFacts } from '../team';
import { owePendingRequestMail } from '../team';
import { readApprovalSettings } from '../team';
import { oweMail } from '../team';
import { activeManagerOf, adminIds, callerTeam, managerPowersOn, managersCoveredBy, routingFacts } from '../team';
import { findOverlappingLeave, listLeaves } from './leave-repository';
import { checkRequestBalance, recheckApprovedBalance, requestTerms } from './leave-request-rules';
import { decisionNotice } from '../approved-months';

/** How many years after this one leave may be asked for. */
const LEAVE_YEARS_AHEAD = 10;

type Trx = Transaction<DB>;

/** What a mail says of a leave request. */
export const leaveMailFacts = (r: { name: string; leave_type: string | null; start_date: string; end_date: string; days: number | null; day_part: string | null; reason: string }): RequestFacts => ({
  what: 'leave',
  requesterName: r.name,
  summary: `${r.leave_type ?? 'Leave'}, ${r.start_date === r.end_date ? r.start_date : `${r.start_date} to ${r.end_date}`}${r.day_part ? ` (${r.day_part.replace('-', ' ')})` : r.days != null ? ` (${r.days} ${r.days === 1 ? 'day' : 'days'})` : ''}`,
  reason: r.reason,
});

/**
 * What the caller may do to cancel a listed request, by the rules `cancel` enforces: the requester
 * withdraws it while pending, or asks to cancel approved leave that has not started (once); the
 * requester's manager (or today's stand-in) or an admin cancels approved leave.
 */
function cancelActionOf(
  caller: Caller,
  leave: { status: string; startDate: string; cancelRequested?: object },
  userId: number,
  managerId: number | null,
  today: string,
  powers: boolean,
  coveredManagers: readonly number[],
): LeaveCancelAction | undefined {
  if (userId === caller.userId) {
    if (leave.status === 'pending') return 'withdraw';
    return leave.status === 'approved' && leave.startDate > today && !leave.cancelRequested ? 'ask' : undefined;
  }
  if (leave.status !== 'approved') return undefined;
  if (caller.role === 'admin') return 'cancel';
  return powers && managerId !== null && (managerId === caller.userId || coveredManagers.includes(managerId)) ? 'cancel' : undefined;
}

export function createLeaveService(ctx: AppContext, kick: () => void = () => {}) {
  const { db, dialect } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);
  // PostgreSQL: lock the requester's row so two concurrent requests (or approvals) of one person run
  // one after the other and the second sees the first (READ COMMITTED would let both pass the overlap
  // and balance checks). SQLite runs one transaction at a time on its single connection already.
  const lockRequester = (trx: Trx, userId: number) =>
    trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();

  /** One request with what the rules and mails need. */
  const loadRequest = (trx: Trx, id: number) =>
    trx
      .selectFrom('leaves')
      .innerJoin('users', 'users.id', 'leaves.user_id')
      .leftJoin('leave_types', 'leave_types.id', 'leaves.leave_type_id')
      .select([
        'leaves.id',
        'leaves.user_id',
        'leaves.status',
        'leaves.stage',
        'leaves.start_date',
        'leaves.end_date',
        'leaves.days',
        'leaves.day_part',
        'leaves.reason',
        'leaves.leave_type_id',
        'leaves.cancel_requested_at',
        'users.name',
        'leave_types.name as leave_type',
        'leave_types.route',
      ])
      .where('leaves.id', '=', id)
      .executeTakeFirst();

  /** Tells whoever must act on a pending request at `stage`: the manager and stand-ins, or HR. */
  const owePendingMail = (trx: Trx, requesterId: number, stage: 'manager' | 'hr', f: RequestFacts) => owePendingRequestMail(ctx, trx, requesterId, stage, f);

  return {
    /**
     * Files a pending request for the caller after checking the dates, the type and half day, the
     * working days, overlaps with their own leave and (paid types) the balance, in that order. It
     * waits with the requester's manager (or HR: the type's route, no manager) and they are told.
     */
    async request(caller: Caller, body: LeaveCreate) {
      if (caller.role !== 'employee') throw forbidden(SERVER_MSG.forbidden);
      if (body.endDate < body.startDate) throw badRequest(LEAVE_MSG.endBeforeStart);
      const at = ctx.now().toISOString();

      const id = await db.transaction().execute(async (trx) => {
        await lockRequester(trx, caller.userId);
        // As corrections are: nothing before the person joined, and nothing in a year no plan reaches
        // (more than LEAVE_YEARS_AHEAD ahead), so dates like 0000-01-03 or 9999-12-31 never reach the lists.
        const joined = await trx.selectFrom('employees').select('joined_on').where('user_id', '=', caller.userId).executeTakeFirst();
        if (joined && body.startDate < joined.joined_on) throw badRequest(LEAVE_MSG.beforeJoining(joined.joined_on));
        // Nor after the leaving date: no leave is owed for days the person is no longer employed.
        const leaving = await trx.selectFrom('employee_statutory').select('left_on').where('user_id', '=', caller.userId).executeTakeFirst();
        if (leaving?.left_on && body.endDate > leaving.left_on) throw badRequest(LEAVE_MSG.afterLeaving(leaving.left_on));
        const lastYear = Number(today().slice(0, 4)) + LEAVE_YEARS_AHEAD;
        if (Number(body.endDate.slice(0, 4)) > lastYear) throw badRequest(LEAVE_MSG.tooFarAhead(lastYear));
        const terms = await requestTerms(trx, body);
        const clash = await findOverlappingLeave(trx, caller.userId, body.startDate, body.endDate, terms.dayPart);
        if (clash) throw conflict(LEAVE_MSG.overlaps(clash.start_date, clash.end_date, clash.status));
        await checkRequestBalance(trx, caller.userId, body.startDate, terms, today());
        const stage = firstStage(terms.type.route as ApprovalRoute, await activeManagerOf(trx, caller.userId, today()), managerPowersOn(ctx));

        const row = await trx
          .insertInto('leaves')
          .values({
            user_id: caller.userId,
            start_date: body.startDate,
            end_date: body.endDate,
            reason: body.reason,
            status: 'pending',
            created_at: at,
            leave_type_id: terms.type.id,
            day_part: terms.dayPart,
            days: terms.days,
            stage,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'leave.request', entity: 'leave', entityId: String(row.id), after: { ...body, leaveType: terms.type.name, days: terms.days, status: 'pending', stage } },
          ctx.now(),
        );
        await owePendingMail(trx, caller.userId, stage, leaveMailFacts({ name: caller.name, leave_type: terms.type.name, start_date: body.startDate, end_date: body.endDate, days: terms.days, day_part: terms.dayPart, reason: body.reason }));
        return row.id;
      });
      kick();
      return { msg: LEAVE_MSG.requested, _id: String(id) };
    },

    /**
     * The spec's list: admins see every request, employees only their own. With scope=team, an
     * employee sees their team's requests and the pending ones they may decide as a stand-in.
     */
    async list(caller: Caller, query: LeaveListQuery) {
      const settings = await readApprovalSettings(db);
      const day = today();
      const team =
        query.scope === 'team' && caller.role === 'employee'
          ? { userIds: await callerTeam(ctx, db, caller.userId), coveredManagers: managerPowersOn(ctx) ? await managersCoveredBy(db, caller.userId, day) : [] }
          : undefined;
      const { leaves, hasMore } = await listLeaves(db, { userId: team ? undefined : rowsOwnedBy(caller), team, status: query.status, limit: query.limit });
      const powers = managerPowersOn(ctx);
      return {
        hasMore,
        leaves: leaves.map(({ userId, managerId, filedOn, ...leave }) => {
          const pending = leave.status === 'pending';
          const canDecide =
            pending &&
            userId !== caller.userId &&
            (caller.role === 'admin' ||
              (powers && leave.stage === 'manager' && managerId !== null && (managerId === caller.userId || (team?.coveredManagers.includes(managerId) ?? false))));
          const escalated = pending && isEscalated(leave.stage ?? 'hr', dateInZone(new Date(filedOn), ctx.config.timeZone), day, settings.escalateAfterDays);
          const cancelAction = cancelActionOf(caller, leave, userId, managerId, day, powers, team?.coveredManagers ?? []);
          return {
            ...leave,
            ...(query.scope === 'team' || caller.role === 'admin' ? { canDecide } : {}),
            ...(escalated ? { escalated } : {}),
            ...(cancelAction ? { cancelAction } : {}),
          };
        }),
      };
    },

    /**
     * Approves or rejects a pending request. Admins decide any (404 for an unknown id); anyone else
     * only a request of someone they manage or stand in for, at the manager stage: otherwise 403,
     * whether or not the id exists. Nobody decides their own. A manager's approval of a
     * manager-then-HR type leaves it pending with HR. A second decision is a 409.
     */
    async decide(caller: Caller, id: number, status: 'approved' | 'rejected', remark?: string) {
      const at = ctx.now().toISOString();
      const text = remark?.trim() ? remark.trim() : null;
      let days: { from: string; to: string } | undefined;

      const outcome = await db.transaction().execute(async (trx) => {
        const request = await loadRequest(trx, id);
        if (!request) throw caller.role === 'admin' ? notFound(LEAVE_MSG.notFound) : forbidden(LEAVE_MSG.notYours);
        if (request.user_id === caller.userId) throw forbidden(LEAVE_MSG.ownRequest);
        const routing = await routingFacts(ctx, trx, request.user_id, request.stage);
        const as = decidingAs(routing, { userId: caller.userId, role: caller.role });
        if (!as) throw forbidden(LEAVE_MSG.notYours);
        if (request.status !== 'pending') throw conflict(LEAVE_MSG.alreadyDecided(request.status));
        const result = outcomeOf((request.route ?? 'manager') as ApprovalRoute, status, as);
        // Every decision takes the requester's row first: an approval spends their balance and waits for
        // their other requests, and any decision's owed mail references the row (a key-share lock), so
        // taking it later could deadlock with a concurrent approval that holds it.
        await lockRequester(trx, request.user_id);

        const changed =
          result.status === 'pending'
            ? await trx
                .updateTable('leaves')
                .set({ stage: 'hr', first_decided_by: caller.userId, first_decided_at: at, first_decided_as: as === 'stand-in' ? 'stand-in' : 'manager', remark: text })
                .where('id', '=', id)
                .where('status', '=', 'pending')
                .where('stage', '=', request.stage)
                .executeTakeFirst()
            : await trx
                .updateTable('leaves')
                .set({ status: result.status, decided_by: caller.userId, decided_at: at, decided_as: as, remark: text })
                .where('id', '=', id)
                .where('status', '=', 'pending')
                .where('stage', '=', request.stage)
                .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          const now = await trx.selectFrom('leaves').select('status').where('id', '=', id).executeTakeFirstOrThrow();
          throw conflict(LEAVE_MSG.alreadyDecided(now.status));
        }
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: result.status === 'pending' ? 'leave.manager-approved' : `leave.${status}`,
            entity: 'leave',
            entityId: String(id),
            before: { status: 'pending', stage: request.stage },
            after: { ...result, decidedAs: as, remark: text },
          },
          ctx.now(),
        );
        if (status === 'approved') await recheckApprovedBalance(trx, request, request.name, today());
        days = { from: request.start_date, to: request.end_date };

        const f = leaveMailFacts(request);
        const requester = [request.user_id];
        if (result.status === 'pending') {
          await oweMail(trx, requester, decisionMail(ctx, f, `approved by your manager and sent on to HR`, caller.name, text), ctx.now());
          await owePendingMail(trx, request.user_id, 'hr', f);
        } else {
          await oweMail(trx, requester, decisionMail(ctx, f, result.status, caller.name, text), ctx.now());
        }
        return result;
      });
      kick();
      const msg = outcome.status === 'pending' ? LEAVE_MSG.sentToHr : LEAVE_MSG.decided(status);
      // Only a final approval changes what the month pays.
      const approvedMonth = outcome.status === 'approved' && days ? await decisionNotice(db, days.from, days.to, 'this leave', caller.role === 'admin' ? 'hr' : 'manager') : undefined;
      return approvedMonth ? { msg, approvedMonth } : { msg };
    },

    /**
     * Cancels leave. The requester withdraws a pending request, or asks to cancel approved leave that
     * has not started (their manager and HR are told); the requester's manager (or a stand-in) or an
     * admin cancels approved leave, with a reason. The days return to the balance, since balances
     * count only pending and approved leave.
     */
    async cancel(caller: Caller, id: number, reason?: string) {
      const at = ctx.now().toISOString();
      const why = reason?.trim() ? reason.trim() : null;
      let cancelledApproved: { from: string; to: string } | undefined;
      const msg = await db.transaction().execute(async (trx) => {
        const request = await loadRequest(trx, id);
        if (!request) throw caller.role === 'admin' ? notFound(LEAVE_MSG.notFound) : forbidden(LEAVE_MSG.cancelNotAllowed);
        const own = request.user_id === caller.userId;
        const routing = await routingFacts(ctx, trx, request.user_id, 'manager');
        const approver = !own && decidingAs(routing, { userId: caller.userId, role: caller.role }) !== null;
        if (!own && !approver) throw forbidden(LEAVE_MSG.cancelNotAllowed);
        if (request.status !== 'pending' && request.status !== 'approved') throw conflict(LEAVE_MSG.cannotCancel(request.status));
        const f = leaveMailFacts(request);

        if (own && request.status === 'approved') {
          if (request.start_date <= today()) throw conflict(LEAVE_MSG.startedAlready);
          await trx.updateTable('leaves').set({ cancel_requested_at: at, cancel_request_reason: why }).where('id', '=', id).execute();
          await recordAudit(trx, { actorId: caller.userId, action: 'leave.cancel-requested', entity: 'leave', entityId: String(id), after: { reason: why } }, ctx.now());
          const tell = routing.managerId !== null && routing.managerPowers ? [routing.managerId] : await adminIds(trx);
          await oweMail(trx, tell, { kind: 'leave.cancel-request', subject: `${ctx.config.companyName}: ${request.name} asks to cancel approved leave`, body: `${request.name} asks to cancel their approved leave (${f.summary}).${why ? `\nReason: ${why}` : ''}\n\nOpen it (you will be asked to sign in): ${ctx.config.publicUrl}${tell.includes(routing.managerId ?? -1) ? '/employee/team' : '/admin/leaves'}` }, ctx.now());
          return LEAVE_MSG.cancelAsked;
        }
        if (!own && request.status === 'approved' && !why) throw badRequest(LEAVE_MSG.cancelNeedsReason);
        if (!own && request.status === 'pending') throw conflict(LEAVE_MSG.cannotCancel(request.status));
        const changed = await trx
          .updateTable('leaves')
          .set({ status: 'cancelled', cancelled_by: caller.userId, cancelled_at: at, cancel_reason: why })
          .where('id', '=', id)
          .where('status', '=', request.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw conflict(LEAVE_MSG.cannotCancel('decided'));
        await recordAudit(
          trx,
          { actorId: caller.userId, action: own ? 'leave.withdrawn' : 'leave.cancelled', entity: 'leave', entityId: String(id), before: { status: request.status }, after: { status: 'cancelled', reason: why } },
          ctx.now(),
        );
        if (!own) await oweMail(trx, [request.user_id], decisionMail(ctx, f, 'cancelled', caller.name, why), ctx.now());
        if (request.status === 'approved') cancelledApproved = { from: request.start_date, to: request.end_date };
        return own ? LEAVE_MSG.withdrawn : LEAVE_MSG.cancelled;
      });
      kick();
      // Approved leave cancelled: its days are no longer paid as leave.
      const approvedMonth = cancelledApproved ? await decisionNotice(db, cancelledApproved.from, cancelledApproved.to, 'the cancelled leave', caller.role === 'admin' ? 'hr' : 'manager') : undefined;
      return approvedMonth ? { msg, approvedMonth } : { msg };
    },
  };
}
