/**
 * The rules behind /api/attendance/corrections: who may ask, for which day, who decides, and what
 * an approval does to the day's attendance record (in one transaction with its audit entry).
 */
import { PRESENT_CODES } from '../../../shared/constants';
import { dateInZone } from '../../../shared/format';
import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import { instantInZone } from '../../../shared/attendance-corrections/zone-time';
import type { CorrectionCreate, CorrectionListQuery } from '../../../shared/schemas/attendance-correction';
import { SERVER_MSG } from '../../../shared/messages';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden } from '../../errors';
import { findDayRecord } from '../attendance';
import { isUniqueViolation } from '../../db/unique-violation';
import { decidePendingCorrection, findApprovedLeaveOn, findLiveCorrection, listCorrections } from './correction-repository';
import { firstStage } from '../../../shared/approvals/approval-route';
import { timeInZone } from '../../../shared/attendance-corrections/zone-time';
import { decisionMail, type RequestFacts } from '../team';
import { oweMail } from '../team';
import { activeManagerOf, managerPowersOn } from '../team';
import { decidingCapacity, mayDecide, owePendingRequestMail, teamScopeOf } from '../team';
import { decisionNotice } from '../approved-months';

/** The day's record as the audit log and the snapshot columns keep it. */
const snapshotOf = (record: { id: number; status: string; punch_in: string | null; punch_out: string | null } | undefined) =>
  record ? { attendanceId: String(record.id), status: record.status, punchIn: record.punch_in, punchOut: record.punch_out } : null;

/** What a mail says of a correction. */
export const mailFacts = (name: string, r: { date: string; requested_in: string; requested_out: string; reason: string }, zone: string): RequestFacts => ({
  what: 'correction',
  requesterName: name,
  summary: `${r.date}, ${timeInZone(r.requested_in, zone)} to ${timeInZone(r.requested_out, zone)}`,
  reason: r.reason,
});

export function createCorrectionService(ctx: AppContext, kick: () => void = () => {}) {
  const { db, dialect } = ctx.database;
  // Read at each call: the company profile may change the zone while the server runs.
  const zoneOf = () => ctx.config.timeZone;

  return {
    /**
     * Files a pending correction of one of the caller's days. Limits: not a future day; today only
     * once the asked-for out time has passed; not before joining; not an approved leave day; and one
     * pending or approved correction per day (409).
     */
    async request(caller: Caller, body: CorrectionCreate) {
      if (caller.role !== 'employee') throw forbidden(SERVER_MSG.forbidden);
      const now = ctx.now();
      const today = dateInZone(now, zoneOf());
      if (body.date > today) throw badRequest(CORRECTION_MSG.futureDay);
      const punchIn = instantInZone(body.date, body.inTime, zoneOf()).toISOString();
      const punchOut = instantInZone(body.date, body.outTime, zoneOf()).toISOString();
      // Checked again on instants: on a DST day two wall times can name the same instant.
      if (punchOut <= punchIn) throw badRequest(CORRECTION_MSG.outNotAfterIn);
      if (punchOut > now.toISOString()) throw badRequest(CORRECTION_MSG.outInFuture);
      const at = now.toISOString();

      try {
        const id = await db.transaction().execute(async (trx) => {
          // PostgreSQL: one person's requests run one after the other, so the second sees the first
          // (the partial unique index would refuse it anyway; this gives it the clear message).
          const employee = await trx
            .selectFrom('users')
            .innerJoin('employees', 'employees.user_id', 'users.id')
            .select(['users.id', 'employees.joined_on'])
            .where('users.id', '=', caller.userId)
            .$if(dialect === 'postgres', (q) => q.forUpdate(['users']))
            .executeTakeFirstOrThrow();
          if (body.date < employee.joined_on) throw badRequest(CORRECTION_MSG.beforeJoining(employee.joined_on));
          const leave = await findApprovedLeaveOn(trx, caller.userId, body.date);
          if (leave) throw conflict(CORRECTION_MSG.onLeave(body.date, leave.start_date, leave.end_date));
          const live = await findLiveCorrection(trx, caller.userId, body.date);
          if (live) throw conflict(CORRECTION_MSG.duplicate(body.date, live.status));

          const record = await findDayRecord(trx, caller.userId, body.date);
          // Corrections always go to the manager when there is one (and manager powers are on), else to HR.
          const stage = firstStage('manager', await activeManagerOf(trx, caller.userId, today), managerPowersOn(ctx));
          const row = await trx
            .insertInto('attendance_corrections')
            .values({
              user_id: caller.userId,
              date: body.date,
              requested_in: punchIn,
              requested_out: punchOut,
              kind: body.kind,
              reason: body.reason,
              status: 'pending',
              has_original: record ? 1 : 0,
              original_status: record?.status ?? null,
              original_punch_in: record?.punch_in ?? null,
              original_punch_out: record?.punch_out ?? null,
              created_at: at,
              stage,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordAudit(
            trx,
            {
              actorId: caller.userId,
              action: 'attendance-correction.request',
              entity: 'attendance-correction',
              entityId: String(row.id),
              before: snapshotOf(record),
              after: { date: body.date, punchIn, punchOut, kind: body.kind, reason: body.reason, status: 'pending' },
            },
            now,
          );
          const f = mailFacts(caller.name, { date: body.date, requested_in: punchIn, requested_out: punchOut, reason: body.reason }, zoneOf());
          await owePendingRequestMail(ctx, trx, caller.userId, stage, f);
          return row.id;
        });
        kick();
        return { msg: CORRECTION_MSG.requested, _id: String(id) };
      } catch (err) {
        // Two requests for one day at the same instant: the index let one through.
        if (isUniqueViolation(err)) throw conflict(CORRECTION_MSG.duplicate(body.date, 'pending'));
        throw err;
      }
    },

    /**
     * Admins see everyone's requests; employees only their own; with scope=team, an employee sees
     * their team's and those they may decide as a stand-in. Newest first, optionally of one status.
     */
    async list(caller: Caller, query: CorrectionListQuery) {
      const powers = managerPowersOn(ctx);
      const team = await teamScopeOf(ctx, db, caller, query.scope, dateInZone(ctx.now(), zoneOf()));
      const { corrections, hasMore } = await listCorrections(
        db,
        { userId: team ? undefined : rowsOwnedBy(caller), team, status: query.status, limit: query.limit, before: query.before ? Number(query.before) : undefined },
        zoneOf(),
      );
      return {
        hasMore,
        corrections: corrections.map(({ userId, managerId, ...c }) =>
          team || caller.role === 'admin' ? { ...c, canDecide: mayDecide(caller, powers, team, { ...c, userId, managerId }) } : c,
        ),
      };
    },

    /**
     * Approves or rejects a pending correction, once (a second or concurrent decision is a 409).
     * Approval, in the same transaction: the day's record is created (status P) or its punches set
     * to the asked-for times (an absent day becomes P; a present code stays), and the audit log
     * keeps the record before and after. A day that became approved leave since is refused (409).
     */
    async decide(caller: Caller, id: number, status: 'approved' | 'rejected', remark?: string) {
      const now = ctx.now();
      const at = now.toISOString();
      const text = remark?.trim() ? remark.trim() : null;
      // The approved day, whose month may already be approved.
      let day: string | undefined;

      try {
        await db.transaction().execute(async (trx) => {
          const found = await trx
            .selectFrom('attendance_corrections as c')
            .innerJoin('users as u', 'u.id', 'c.user_id')
            .select(['c.user_id', 'c.status', 'c.stage', 'u.name'])
            .where('c.id', '=', id)
            .executeTakeFirst();
          const { as, request: existing } = await decidingCapacity(ctx, trx, caller, found, CORRECTION_MSG);
          const decided = await decidePendingCorrection(trx, id, status, caller.userId, at, { as, remark: text });
          if (!decided) {
            const now = await trx.selectFrom('attendance_corrections').select('status').where('id', '=', id).executeTakeFirstOrThrow();
            throw conflict(CORRECTION_MSG.alreadyDecided(now.status));
          }
          await oweMail(trx, [existing.user_id], decisionMail(ctx, mailFacts(existing.name, decided, zoneOf()), status, caller.name, text), now);
          const audit = { actorId: caller.userId, entity: 'attendance-correction', entityId: String(id) };
          if (status === 'rejected') {
            await recordAudit(trx, { ...audit, action: 'attendance-correction.rejected', before: { status: 'pending' }, after: { status, decidedAs: as, remark: text } }, now);
            return;
          }

          const leave = await findApprovedLeaveOn(trx, decided.user_id, decided.date);
          // Thrown inside the transaction: the decision above is undone with it.
          if (leave) throw conflict(CORRECTION_MSG.onLeave(decided.date, leave.start_date, leave.end_date));

          const before = await findDayRecord(trx, decided.user_id, decided.date);
          day = decided.date;
          let attendanceId: number;
          let after: { status: string; punch_in: string; punch_out: string };
          if (before) {
            after = {
              status: (PRESENT_CODES as readonly string[]).includes(before.status) ? before.status : 'P',
              punch_in: decided.requested_in,
              punch_out: decided.requested_out,
            };
            await trx.updateTable('attendance').set(after).where('id', '=', before.id).execute();
            attendanceId = before.id;
          } else {
            after = { status: 'P', punch_in: decided.requested_in, punch_out: decided.requested_out };
            const row = await trx
              .insertInto('attendance')
              .values({ user_id: decided.user_id, date: decided.date, ...after })
              .returning('id')
              .executeTakeFirstOrThrow();
            attendanceId = row.id;
          }
          // What the approval replaced, beside what was asked for.
          await trx
            .updateTable('attendance_corrections')
            .set({
              attendance_id: attendanceId,
              has_original: before ? 1 : 0,
              original_status: before?.status ?? null,
              original_punch_in: before?.punch_in ?? null,
              original_punch_out: before?.punch_out ?? null,
            })
            .where('id', '=', id)
            .execute();
          await recordAudit(trx, { ...audit, action: 'attendance-correction.approved', before: { status: 'pending' }, after: { status, decidedAs: as, remark: text } }, now);
          await recordAudit(
            trx,
            {
              actorId: caller.userId,
              action: before ? 'attendance.corrected' : 'attendance.created-by-correction',
              entity: 'attendance',
              entityId: String(attendanceId),
              before: before ? { date: decided.date, status: before.status, punchIn: before.punch_in, punchOut: before.punch_out } : null,
              after: {
                date: decided.date,
                status: after.status,
                punchIn: after.punch_in,
                punchOut: after.punch_out,
                correctionId: String(id),
                kind: decided.kind,
                reason: decided.reason,
              },
            },
            now,
          );
        });
      } catch (err) {
        // Today's punch-in landed between reading the day and creating its record: nothing was
        // written (the transaction is undone), and the admin decides again on what is there now.
        if (isUniqueViolation(err)) throw conflict(CORRECTION_MSG.dayChanged);
        throw err;
      }
      kick();
      const msg = CORRECTION_MSG.decided(status);
      const approvedMonth = day ? await decisionNotice(db, day, day, `the corrected day (${day})`, caller.role === 'admin' ? 'hr' : 'manager') : undefined;
      return approvedMonth ? { msg, approvedMonth } : { msg };
    },
  };
}
