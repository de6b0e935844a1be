/** The rules behind /api/leave: who may request, see and decide leave, and the mail a decision sends. */
import type { Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import { LEAVE_MSG } from './leave-messages';
import { SERVER_MSG } from '../../../shared/messages';
import type { LeaveCreate, LeaveListQuery } from '../../../shared/schemas/leave';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { sendInBackground } from '../../mail/mailer';
import { decidePendingLeave, findOverlappingLeave, listLeaves } from './leave-repository';
import { checkRequestBalance, recheckApprovedBalance, requestTerms } from './leave-request-rules';

/** How many years after this one leave may be asked for. */
const LEAVE_YEARS_AHEAD = 10;

export function createLeaveService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);
  // PostgreSQL: lock the requester's row so two concurrent requests (or approvals) of one person run
  // one after the other and the second sees the first (READ COMMITTED would let both pass the overlap
  // and balance checks). SQLite runs one transaction at a time on its single connection already.
  const lockRequester = (trx: Transaction<DB>, userId: number) =>
    trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();

  return {
    /**
     * Files a pending request for the caller after checking the dates, the type and half day, the
     * working days, overlaps with their own leave and (paid types) the balance, in that order.
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
        const lastYear = Number(today().slice(0, 4)) + LEAVE_YEARS_AHEAD;
        if (Number(body.endDate.slice(0, 4)) > lastYear) throw badRequest(LEAVE_MSG.tooFarAhead(lastYear));
        const terms = await requestTerms(trx, body);
        const clash = await findOverlappingLeave(trx, caller.userId, body.startDate, body.endDate, terms.dayPart);
        if (clash) throw conflict(LEAVE_MSG.overlaps(clash.start_date, clash.end_date, clash.status));
        await checkRequestBalance(trx, caller.userId, body.startDate, terms, today());

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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'leave.request', entity: 'leave', entityId: String(row.id), after: { ...body, leaveType: terms.type.name, days: terms.days, status: 'pending' } },
          ctx.now(),
        );
        return row.id;
      });
      return { msg: LEAVE_MSG.requested, _id: String(id) };
    },

    /** Admins see every request; employees only their own. Newest first, capped at `limit`. */
    list(caller: Caller, query: LeaveListQuery) {
      return listLeaves(db, { userId: rowsOwnedBy(caller), status: query.status, limit: query.limit });
    },

    /** Approves or rejects a pending request; a second decision (even a concurrent one) is a 409. */
    async decide(caller: Caller, id: number, status: 'approved' | 'rejected') {
      if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
      const at = ctx.now().toISOString();

      const decided = await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('leaves').select(['status', 'user_id']).where('id', '=', id).executeTakeFirst();
        if (!existing) throw notFound(LEAVE_MSG.notFound);
        // An approval spends the requester's balance: it waits for their other requests and approvals.
        if (status === 'approved') await lockRequester(trx, existing.user_id);
        const leave = await decidePendingLeave(trx, id, status, caller.userId, at);
        if (!leave) {
          const now = await trx.selectFrom('leaves').select('status').where('id', '=', id).executeTakeFirstOrThrow();
          throw conflict(LEAVE_MSG.alreadyDecided(now.status));
        }
        await recordAudit(
          trx,
          { actorId: caller.userId, action: `leave.${status}`, entity: 'leave', entityId: String(id), before: { status: 'pending' }, after: { status } },
          ctx.now(),
        );
        const employee = await trx.selectFrom('users').select(['email', 'name']).where('id', '=', leave.user_id).executeTakeFirstOrThrow();
        if (status === 'approved') await recheckApprovedBalance(trx, leave, employee.name, today());
        return { leave, employee };
      });

      const { leave, employee } = decided;
      // After the commit and never failing the request: the decision stands whatever the mail does.
      sendInBackground(
        ctx,
        {
          to: employee.email,
          subject: `${ctx.config.companyName}: your leave request was ${status}`,
          text:
            `Hello ${employee.name},\n\n` +
            `Your leave request from ${leave.start_date} to ${leave.end_date} was ${status} by ${caller.name}.\n\n` +
            `Reason given: ${leave.reason}\n\n` +
            `See your requests at ${ctx.config.publicUrl}/employee/leaves`,
        },
        'leave decision',
      );
      return { msg: LEAVE_MSG.decided(status) };
    },
  };
}
