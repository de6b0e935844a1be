/**
 * The approvals' own sweeps over leave, attendance corrections and comp-off, run by each instance's
 * background sweep (and by tests directly):
 *
 * 1. A manager who has left (deactivated, or past their leaving date) hands their reports to their
 *    own manager; without one, the line is cleared and HR is told to assign a new manager.
 * 2. A request waiting at the manager stage whose requester has no manager now (the line was cleared
 *    or the manager left) moves on to HR, who is told.
 * 3. A request still waiting for its manager more than the company's `escalateAfterDays` goes to HR as
 *    well (HR can always decide it): HR is told once, and the request keeps `escalated_at`.
 *
 * Each change is a conditional update inside the transaction that owes its mail, so two instances
 * sweeping at once never both make it or both send it.
 */
import type { Kysely, Transaction } from 'kysely';
import { isEscalated } from '../../../shared/approvals/approval-route';
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { mailFacts } from '../attendance-corrections';
import { compOffMailFacts } from '../comp-off';
import { leaveMailFacts } from '../leaves';
import { newRequestMail } from '../team';
import { readApprovalSettings } from '../team';
import { oweMail } from '../team';
import { activeManagerOf, adminIds } from '../team';

const DAY_MS = 86_400_000;
const BATCH = 200;

export interface SweepResult {
  handedOver: number;
  toHr: number;
  escalated: number;
}

type Db = Kysely<DB> | Transaction<DB>;
type Table = 'leaves' | 'attendance_corrections' | 'comp_offs';
const TABLES: readonly Table[] = ['leaves', 'attendance_corrections', 'comp_offs'];

export function createApprovalSweeps(ctx: AppContext) {
  const { db } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  /** Mail facts of one pending request, read inside the transaction that moves it. */
  async function factsOf(trx: Db, table: Table, id: number) {
    if (table === 'leaves') {
      const r = await trx
        .selectFrom('leaves as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .leftJoin('leave_types as t', 't.id', 'l.leave_type_id')
        .select(['u.name', 't.name as leave_type', 'l.start_date', 'l.end_date', 'l.days', 'l.day_part', 'l.reason'])
        .where('l.id', '=', id)
        .executeTakeFirstOrThrow();
      return leaveMailFacts(r);
    }
    if (table === 'comp_offs') {
      const r = await trx
        .selectFrom('comp_offs as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['u.name', 'c.work_date', 'c.days', 'c.reason'])
        .where('c.id', '=', id)
        .executeTakeFirstOrThrow();
      return compOffMailFacts(r.name, { ...r, days: Number(r.days) });
    }
    const r = await trx
      .selectFrom('attendance_corrections as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.name', 'c.date', 'c.requested_in', 'c.requested_out', 'c.reason'])
      .where('c.id', '=', id)
      .executeTakeFirstOrThrow();
    return mailFacts(r.name, r, ctx.config.timeZone);
  }

  /** 1. Reports of managers who have left go to those managers' own managers (or to nobody, and HR is told). */
  async function handOverReports(): Promise<number> {
    const day = today();
    const rows = await db
      .selectFrom('employees as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .innerJoin('users as m', 'm.id', 'e.manager_id')
      .leftJoin('employee_statutory as ms', 'ms.user_id', 'm.id')
      .select(['e.user_id', 'e.manager_id', 'u.name', 'm.name as manager_name'])
      .where('u.active', '=', 1)
      .where((eb) => eb.or([eb('m.active', '!=', 1), eb('ms.left_on', '<', day)]))
      .limit(BATCH)
      .execute();
    let moved = 0;
    for (const r of rows) {
      const userId = Number(r.user_id);
      const oldManager = Number(r.manager_id);
      const next = await activeManagerOf(db, oldManager, day);
      const newManager = next === null || next === userId ? null : next;
      const done = await db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('employees').set({ manager_id: newManager }).where('user_id', '=', userId).where('manager_id', '=', oldManager).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const now = ctx.now();
        await recordAudit(
          trx,
          { actorId: null, action: 'employee.manager-handover', entity: 'employee', entityId: String(userId), before: { managerId: String(oldManager) }, after: { managerId: newManager === null ? null : String(newManager) } },
          now,
        );
        if (newManager !== null) {
          await oweMail(
            trx,
            [newManager],
            {
              kind: 'team.handover',
              subject: `${ctx.config.companyName}: ${r.name} now reports to you`,
              body: `${r.manager_name} has left, so ${r.name}, who reported to them, now reports to you. Their waiting requests come to you.\nOpen My Team (you will be asked to sign in): ${ctx.config.publicUrl}/employee/team`,
            },
            now,
          );
        } else {
          await oweMail(
            trx,
            await adminIds(trx),
            {
              kind: 'team.reassign',
              subject: `${ctx.config.companyName}: ${r.name} needs a new manager`,
              body: `${r.manager_name} has left and had no manager of their own, so ${r.name} reports to nobody now and their requests come to HR.\nChoose a new manager on their record (you will be asked to sign in): ${ctx.config.publicUrl}/admin/employees`,
            },
            now,
          );
        }
        return true;
      });
      if (done) moved += 1;
    }
    return moved;
  }

  /** 2. Requests at the manager stage whose requester has no manager now go to HR. */
  async function moveOrphans(table: Table): Promise<number> {
    const day = today();
    const rows = await db
      // Both tables have the columns read here; one alias keeps the query typed.
      .selectFrom(`${table} as r` as 'leaves as r')
      .innerJoin('employees as e', 'e.user_id', 'r.user_id')
      .leftJoin('users as m', 'm.id', 'e.manager_id')
      .leftJoin('employee_statutory as ms', 'ms.user_id', 'e.manager_id')
      .select(['r.id', 'r.user_id'])
      .where('r.status', '=', 'pending')
      .where('r.stage', '=', 'manager')
      .where((eb) => eb.or([eb('e.manager_id', 'is', null), eb('m.active', '!=', 1), eb('ms.left_on', '<', day)]))
      .limit(BATCH)
      .execute();
    let moved = 0;
    for (const r of rows) {
      const done = await db.transaction().execute(async (trx) => {
        const result = await trx.updateTable(table).set({ stage: 'hr' }).where('id', '=', r.id).where('status', '=', 'pending').where('stage', '=', 'manager').executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const f = await factsOf(trx, table, Number(r.id));
        const hr = (await adminIds(trx)).filter((id) => id !== Number(r.user_id));
        await oweMail(trx, hr, newRequestMail(ctx, f, 'hr'), ctx.now());
        return true;
      });
      if (done) moved += 1;
    }
    return moved;
  }

  /** 3. Requests waiting for their manager too long: HR is told, once. */
  async function escalate(table: Table, afterDays: number): Promise<number> {
    const now = ctx.now();
    const day = today();
    // A superset by instant (filed before this moment less the days); the day count below decides.
    const before = new Date(now.getTime() - afterDays * DAY_MS).toISOString();
    const rows = await db
      .selectFrom(table)
      .select(['id', 'user_id', 'created_at'])
      .where('status', '=', 'pending')
      .where('stage', '=', 'manager')
      .where('escalated_at', 'is', null)
      .where('created_at', '<', before)
      .limit(BATCH)
      .execute();
    let told = 0;
    for (const r of rows) {
      if (!isEscalated('manager', dateInZone(new Date(r.created_at), ctx.config.timeZone), day, afterDays)) continue;
      const done = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable(table)
          .set({ escalated_at: now.toISOString() })
          .where('id', '=', r.id)
          .where('status', '=', 'pending')
          .where('stage', '=', 'manager')
          .where('escalated_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const f = await factsOf(trx, table, Number(r.id));
        const hr = (await adminIds(trx)).filter((id) => id !== Number(r.user_id));
        await oweMail(trx, hr, newRequestMail(ctx, f, 'hr', true), now);
        return true;
      });
      if (done) told += 1;
    }
    return told;
  }

  return {
    /** One pass of all three, in order (a handover first, so its requests stay with the new manager). */
    async sweep(): Promise<SweepResult> {
      const handedOver = await handOverReports();
      let toHr = 0;
      for (const table of TABLES) toHr += await moveOrphans(table);
      const { escalateAfterDays } = await readApprovalSettings(db);
      let escalated = 0;
      if (escalateAfterDays !== null) for (const table of TABLES) escalated += await escalate(table, escalateAfterDays);
      return { handedOver, toHr, escalated };
    },
  };
}
