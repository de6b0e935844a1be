/**
 * The rules behind /api/comp-off: which days earn a comp-off, who asks and who decides (the manager
 * routing of leave: the requester's manager or a stand-in, else HR), and what an approval gives (a
 * credit of the compensatory-off leave type until its last day).
 */
import { addDays, compOffDays, compOffExpiry } from '../../../shared/day-rules/comp-off';
import { COMP_OFF_MSG } from '../../../shared/day-rules/comp-off-messages';
import { dayKind } from '../../../shared/leave-policy/work-calendar';
import { workedMinutes } from '../../../shared/day-rules/day-rules';
import { compOffRulesOf } from '../../../shared/schemas/day-rules';
import type { CompOffCreate, CompOffListQuery, CompOffMine } from '../../../shared/schemas/comp-off';
import { dateInZone } from '../../../shared/format';
import { SERVER_MSG } from '../../../shared/messages';
import { firstStage, isEscalated } from '../../../shared/approvals/approval-route';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { HttpError, conflict, forbidden, notFound } from '../../errors';
import { decidePending } from '../../db/pending-decision';
import { isUniqueViolation } from '../../db/unique-violation';
import { readDayRules } from '../day-rules';
import { balancesOf } from '../leave-policy';
import { readLeaveSettings, workCalendar } from '../leave-policy';
import { decisionMail, type RequestFacts } from '../team';
import { readApprovalSettings } from '../team';
import { oweMail } from '../team';
import { activeManagerOf, managerPowersOn } from '../team';
import { decidingCapacity, mayDecide, owePendingRequestMail, teamScopeOf } from '../team';
import { findLiveCompOff, listCompOffs, workedDays } from './comp-off-repository';
import { compOffTypeId } from '../leave-policy';

const PRESENT = new Set(['P', 'H']);

/** A 400 naming the field, as every refusal of bad input is. */
const badWorkDate = (msg: string) => Object.assign(new HttpError(400, msg), { fieldErrors: { workDate: msg } });

/** What a mail says of a comp-off request. */
export const compOffMailFacts = (name: string, r: { work_date: string; days: number; reason: string }): RequestFacts => ({
  what: 'comp-off',
  requesterName: name,
  summary: `${r.days === 1 ? 'a day' : 'half a day'} off for working on ${r.work_date}`,
  reason: r.reason,
});

export function createCompOffService(ctx: AppContext, kick: () => void = () => {}) {
  const { db, dialect } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  /** The caller's days off worked from `from` to `to` (closed days only), each with what it earns, and whether it was asked for. */
  async function daysOffWorked(userId: number, from: string, to: string) {
    const [{ records, asked }, calendar] = await Promise.all([workedDays(db, userId, from, to), workCalendar(db, from, to)]);
    return records
      .filter((r) => r.punch_out !== null && PRESENT.has(r.status))
      .map((r) => ({ r, kind: dayKind(r.date, calendar) }))
      .filter(({ kind }) => kind !== 'working')
      .map(({ r, kind }) => ({
        date: r.date,
        dayOff: kind as 'holiday' | 'weekly-off',
        days: compOffDays(r.status),
        workedMinutes: r.worked_minutes ?? workedMinutes([], r.punch_in, r.punch_out),
        asked: asked.has(r.date),
      }));
  }

  return {
    /** The caller's comp-off: the setting, the balance, the days they may still ask for, their requests. */
    async mine(caller: Caller): Promise<CompOffMine> {
      const rules = compOffRulesOf(await readDayRules(db));
      const day = today();
      const [typeId, settings, employee] = await Promise.all([
        compOffTypeId(db),
        readLeaveSettings(db),
        db.selectFrom('employees').select('joined_on').where('user_id', '=', caller.userId).executeTakeFirst(),
      ]);
      const balanceRow = typeId !== null && employee ? (await balancesOf(db, [{ userId: caller.userId, joinedOn: employee.joined_on }], day, settings, { onlyType: typeId })).get(caller.userId)?.[0] : undefined;
      const eligible = rules.enabled ? (await daysOffWorked(caller.userId, addDays(day, -rules.expiryDays), addDays(day, -1))).filter((d) => !d.asked).map(({ asked: _asked, ...d }) => d) : [];
      const { rows } = await listCompOffs(db, { userId: caller.userId, limit: 100 });
      return {
        enabled: rules.enabled,
        expiryDays: rules.expiryDays,
        leaveTypeId: typeId === null ? null : String(typeId),
        balance: {
          earned: (balanceRow?.accrued ?? 0) + (balanceRow?.expired ?? 0),
          expired: balanceRow?.expired ?? 0,
          taken: balanceRow?.taken ?? 0,
          pending: balanceRow?.pending ?? 0,
          available: balanceRow?.available ?? 0,
        },
        eligible,
        requests: rows.map(({ userId: _u, managerId: _m, ...r }) => r),
      };
    },

    /**
     * Files a pending request for a holiday or weekly off the caller worked: comp-off on, the day in
     * the past but within the expiry window, a day off in the calendar, a closed present day in
     * attendance (P earns a day, H half), without a pending or approved request for it (409; a rejected one frees the day). It waits with the manager.
     */
    async request(caller: Caller, body: CompOffCreate) {
      if (caller.role !== 'employee') throw forbidden(SERVER_MSG.forbidden);
      const rules = compOffRulesOf(await readDayRules(db));
      if (!rules.enabled) throw conflict(COMP_OFF_MSG.off);
      const day = today();
      if (body.workDate >= day) throw badWorkDate(COMP_OFF_MSG.future);
      if (body.workDate < addDays(day, -rules.expiryDays)) throw badWorkDate(COMP_OFF_MSG.tooOld(rules.expiryDays));
      const calendar = await workCalendar(db, body.workDate, body.workDate);
      const kind = dayKind(body.workDate, calendar);
      if (kind === 'working') throw badWorkDate(COMP_OFF_MSG.workingDay(body.workDate));
      const worked = (await daysOffWorked(caller.userId, body.workDate, body.workDate))[0];
      if (!worked || worked.days === 0) throw badWorkDate(COMP_OFF_MSG.notWorked(body.workDate));
      const at = ctx.now().toISOString();
      try {
        const id = await db.transaction().execute(async (trx) => {
          await trx.selectFrom('users').select('id').where('id', '=', caller.userId).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirstOrThrow();
          const live = await findLiveCompOff(trx, caller.userId, body.workDate);
          if (live) throw conflict(COMP_OFF_MSG.duplicate(body.workDate, live.status));
          const stage = firstStage('manager', await activeManagerOf(trx, caller.userId, day), managerPowersOn(ctx));
          const row = await trx
            .insertInto('comp_offs')
            .values({
              user_id: caller.userId,
              work_date: body.workDate,
              days: worked.days,
              worked_minutes: worked.workedMinutes,
              day_off: worked.dayOff,
              reason: body.reason,
              status: 'pending',
              stage,
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordAudit(trx, { actorId: caller.userId, action: 'comp-off.request', entity: 'comp-off', entityId: String(row.id), after: { workDate: body.workDate, days: worked.days, reason: body.reason, status: 'pending', stage } }, ctx.now());
          await owePendingRequestMail(ctx, trx, caller.userId, stage, compOffMailFacts(caller.name, { work_date: body.workDate, days: worked.days, reason: body.reason }));
          return row.id;
        });
        kick();
        return { msg: COMP_OFF_MSG.requested, _id: String(id) };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(COMP_OFF_MSG.duplicate(body.workDate, 'pending'));
        throw err;
      }
    },

    /**
     * Admins: everyone's; an employee: their own, or with scope=team their team's and those they stand
     * in for. A request that waited for its manager longer than the escalation setting says so.
     */
    async list(caller: Caller, query: CompOffListQuery) {
      const powers = managerPowersOn(ctx);
      const day = today();
      const [team, { escalateAfterDays }] = await Promise.all([teamScopeOf(ctx, db, caller, query.scope, day), readApprovalSettings(db)]);
      const { rows, hasMore } = await listCompOffs(db, { userId: team ? undefined : rowsOwnedBy(caller), team, status: query.status, limit: query.limit });
      return {
        hasMore,
        rows: rows.map(({ userId, managerId, ...r }) => {
          const escalated = r.status === 'pending' && isEscalated(r.stage, dateInZone(new Date(r.createdAt), ctx.config.timeZone), day, escalateAfterDays);
          return {
            ...r,
            ...(team || caller.role === 'admin' ? { canDecide: mayDecide(caller, powers, team, { ...r, userId, managerId }) } : {}),
            ...(escalated ? { escalated } : {}),
          };
        }),
      };
    },

    /**
     * The requester takes back their own pending request (404 for an unknown id, 403 for anyone
     * else's, 409 once decided): it leaves every pending list, the sweeps and the bell, and the day
     * may be asked for again. The optional reason is kept with it.
     */
    async withdraw(caller: Caller, id: number, reason?: string) {
      const text = reason?.trim() ? reason.trim() : null;
      await db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('comp_offs').select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
        if (!found) throw notFound(COMP_OFF_MSG.notFound);
        if (Number(found.user_id) !== caller.userId) throw forbidden(COMP_OFF_MSG.notYourRequest);
        if (found.status !== 'pending') throw conflict(COMP_OFF_MSG.cannotWithdraw(found.status));
        // Only a pending row moves: a decision at the same moment wins or loses as a whole.
        const changed = await trx
          .updateTable('comp_offs')
          .set({ status: 'withdrawn', decided_by: caller.userId, decided_at: ctx.now().toISOString(), remark: text })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw conflict(COMP_OFF_MSG.cannotWithdraw('decided'));
        await recordAudit(trx, { actorId: caller.userId, action: 'comp-off.withdrawn', entity: 'comp-off', entityId: String(id), before: { status: 'pending' }, after: { status: 'withdrawn', reason: text } }, ctx.now());
      });
      kick();
      return { msg: COMP_OFF_MSG.withdrawn };
    },

    /**
     * Approves or rejects a pending request once (a second or concurrent decision is a 409). Admins
     * decide any (404 for an unknown id); an employee only one of someone they manage or stand in for.
     * Approval sets the credit's last day: the day worked plus the company's expiry.
     */
    async decide(caller: Caller, id: number, status: 'approved' | 'rejected', remark?: string) {
      const text = remark?.trim() ? remark.trim() : null;
      const rules = compOffRulesOf(await readDayRules(db));
      await db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('comp_offs as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select(['c.user_id', 'c.status', 'c.stage', 'c.work_date', 'c.days', 'c.reason', 'u.name'])
          .where('c.id', '=', id)
          .executeTakeFirst();
        const { as, request: existing } = await decidingCapacity(ctx, trx, caller, found, COMP_OFF_MSG);
        if (existing.status !== 'pending') throw conflict(COMP_OFF_MSG.alreadyDecided(existing.status));
        const expiresOn = status === 'approved' ? compOffExpiry(existing.work_date, rules.expiryDays) : null;
        const changed = await decidePending(trx, 'comp_offs', id, { status, deciderId: caller.userId, at: ctx.now().toISOString() })
          .set({ decided_as: as, remark: text, expires_on: expiresOn })
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw conflict(COMP_OFF_MSG.alreadyDecided('decided'));
        await recordAudit(
          trx,
          { actorId: caller.userId, action: `comp-off.${status}`, entity: 'comp-off', entityId: String(id), before: { status: 'pending' }, after: { status, decidedAs: as, remark: text, expiresOn } },
          ctx.now(),
        );
        await oweMail(trx, [Number(existing.user_id)], decisionMail(ctx, compOffMailFacts(existing.name, { ...existing, days: Number(existing.days) }), status, caller.name, text), ctx.now());
      });
      kick();
      return { msg: COMP_OFF_MSG.decided(status) };
    },
  };
}
