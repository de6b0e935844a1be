/**
 * Recording how and when a person leaves: the kind of exit, the notice (given on, period, served),
 * the last working day and a reason. The last working day is the leaving date every other module
 * reads (`employee_statutory.left_on`), so recording an exit moves the person to "on notice" at once
 * and to "left" the day after it, in the registers, the dashboard and the lists alike.
 *
 * Notice served counts the days from the day notice was given to the last working day: notice given
 * on 1 October with a 30-day period ends on 31 October; leaving on 21 October is 20 days served and
 * 10 short.
 */
import type { Kysely, Selectable } from 'kysely';
import { EXIT_KIND_LABELS, exitCodes, type ExitKind } from '../../../shared/payroll/exit-codes';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { EmployeeExit, ExitBody } from '../../../shared/schemas/exit';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { Dialect } from '../../db/database';
import type { DB, EmployeeExitsTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { findActiveEmployeeByUserId, holdLeavingDates, type EmployeeRow } from '../employee-records';
import { companyToday } from '../../company-today';

type ExitRow = Selectable<EmployeeExitsTable>;

const DAY = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** Required, served and short notice days of an exit. */
export function noticeOf(exit: Pick<ExitRow, 'notice_given_on' | 'notice_period_days' | 'last_working_day'>) {
  const requiredDays = Number(exit.notice_period_days);
  const servedDays = Math.max(0, daysBetween(exit.notice_given_on, exit.last_working_day));
  return { requiredDays, servedDays, shortfallDays: Math.max(0, requiredDays - servedDays), endsOn: addDays(exit.notice_given_on, requiredDays) };
}

/** Age in whole years on `date`, or null without a date of birth. */
function ageOn(dateOfBirth: string | null, date: string): number | null {
  if (!dateOfBirth) return null;
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/**
 * Holds the person's users row until the transaction ends (PostgreSQL; SQLite's writers take turns
 * anyway). Recording an exit, withdrawing it and approving the settlement each take it before they
 * read what they check, so of two at once the second reads what the first wrote: a settlement is
 * never approved on an exit that changed under it, nor an exit changed under an approved settlement.
 */
export async function lockLeaver(trx: Kysely<DB>, dialect: Dialect, userId: number): Promise<void> {
  // NO KEY UPDATE: rows that merely reference the person (a punch, a slip) are not held up.
  await trx.selectFrom('users').select('id').where('id', '=', userId).$if(dialect === 'postgres', (q) => q.forNoKeyUpdate()).executeTakeFirst();
}

export async function findExit(db: Kysely<DB>, userId: number): Promise<ExitRow | undefined> {
  return db.selectFrom('employee_exits').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function createExitService(ctx: AppContext) {
  const { db } = ctx.database;

  async function employeeOf(userId: number): Promise<EmployeeRow> {
    const row = await findActiveEmployeeByUserId(db, userId);
    if (!row) throw notFound('Employee not found');
    return row;
  }

  async function view(row: ExitRow, employee: EmployeeRow): Promise<EmployeeExit> {
    const [dob, recorder] = await Promise.all([
      db.selectFrom('employee_statutory').select('date_of_birth').where('user_id', '=', row.user_id).executeTakeFirst(),
      row.recorded_by === null ? undefined : db.selectFrom('users').select('name').where('id', '=', row.recorded_by).executeTakeFirst(),
    ]);
    const kind = row.kind as ExitKind;
    const codes = exitCodes(kind, ageOn(dob?.date_of_birth ?? null, row.last_working_day));
    const notice = noticeOf(row);
    return {
      employeeId: employee.employee_id,
      name: employee.name,
      kind,
      kindLabel: EXIT_KIND_LABELS[kind],
      noticeGivenOn: row.notice_given_on,
      noticePeriodDays: notice.requiredDays,
      noticeEndsOn: notice.endsOn,
      lastWorkingDay: row.last_working_day,
      servedDays: notice.servedDays,
      shortfallDays: notice.shortfallDays,
      reason: row.reason,
      noticeWaived: Number(row.notice_waived) === 1,
      relievedEarly: Number(row.relieved_early) === 1,
      status: row.last_working_day < companyToday(ctx) ? 'left' : 'on-notice',
      esi: { code: codes.esi, label: codes.esiLabel },
      epfo: { code: codes.epfo, label: codes.epfoLabel },
      recordedAt: row.recorded_at,
      recordedBy: recorder?.name ?? null,
    };
  }

  /**
   * Takes what an exit's transaction holds before it reads anything: payroll approvals' shared lock
   * first, then the person's row. Always in this order, so an exit and an approval never wait on
   * each other in a circle.
   */
  async function holdForExit(trx: Kysely<DB>, userId: number) {
    await holdLeavingDates(trx, ctx.database.dialect, 'exit');
    await lockLeaver(trx, ctx.database.dialect, userId);
  }

  /** An approved settlement locks the exit: its figures were computed from it. */
  async function refuseWhenSettled(trx: Kysely<DB>, userId: number, employee: EmployeeRow) {
    const settled = await trx.selectFrom('final_settlements').select('state').where('user_id', '=', userId).executeTakeFirst();
    if (settled && settled.state !== 'draft') throw conflict(`${employee.name} (${employee.employee_id}) has an approved full-and-final settlement, so the exit can no longer change`);
  }

  return {
    /** GET /employees/:id/exit. */
    async get(userId: number): Promise<EmployeeExit> {
      const employee = await employeeOf(userId);
      const row = await findExit(db, userId);
      if (!row) throw notFound(`No exit is recorded for ${employee.name} (${employee.employee_id})`);
      return view(row, employee);
    },

    /**
     * POST /employees/:id/exit: records the exit (or corrects it) and sets the leaving date, in one
     * transaction, audited. A last working day before joining is a 400; one before a month already
     * approved with a slip of theirs is a 409 (that month paid them past it: re-run it first).
     */
    async record(actorId: number, userId: number, body: ExitBody): Promise<EmployeeExit> {
      const employee = await employeeOf(userId);
      const problems: string[] = [];
      if (body.noticeGivenOn < employee.joined_on) problems.push(`noticeGivenOn ${body.noticeGivenOn} is before the joining date ${employee.joined_on}`);
      if (body.lastWorkingDay < employee.joined_on) problems.push(`lastWorkingDay ${body.lastWorkingDay} is before the joining date ${employee.joined_on}`);
      if (problems.length) throw badRequest(problems.join('; '));
      const now = ctx.now().toISOString();
      // The checks read inside the transaction that writes, after the locks (payroll approvals', then
      // the person's), so neither a payroll nor a settlement approval lands between them and the write.
      await db.transaction().execute(async (trx) => {
        await holdForExit(trx, userId);
        await refuseWhenSettled(trx, userId, employee);
        const paidAfter = await trx
          .selectFrom('payroll_approved_slips')
          .select('month')
          .where('user_id', '=', userId)
          .where('month', '>', body.lastWorkingDay.slice(0, 7))
          .orderBy('month', 'desc')
          .executeTakeFirst();
        if (paidAfter) {
          throw conflict(
            `The approved payroll of ${monthLabel(paidAfter.month)} pays ${employee.name} after ${body.lastWorkingDay}: re-run that month without them first, or choose a later last working day`,
          );
        }
        const before = await findExit(trx, userId);
        const values = {
          kind: body.kind,
          notice_given_on: body.noticeGivenOn,
          notice_period_days: body.noticePeriodDays,
          last_working_day: body.lastWorkingDay,
          reason: body.reason,
          notice_waived: body.noticeWaived ? 1 : 0,
          relieved_early: body.relievedEarly ? 1 : 0,
          updated_at: now,
        };
        await trx
          .insertInto('employee_exits')
          .values({ user_id: userId, ...values, recorded_by: actorId, recorded_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
        await trx
          .insertInto('employee_statutory')
          .values({ user_id: userId, left_on: body.lastWorkingDay, pf_on_full_wages: 0, updated_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ left_on: body.lastWorkingDay, updated_at: now }))
          .execute();
        await recordAudit(
          trx,
          {
            actorId,
            action: before ? 'employee.exit-change' : 'employee.exit',
            entity: 'employee',
            entityId: String(userId),
            before: before ? { kind: before.kind, noticeGivenOn: before.notice_given_on, noticePeriodDays: before.notice_period_days, lastWorkingDay: before.last_working_day } : undefined,
            after: { employeeId: employee.employee_id, kind: body.kind, noticeGivenOn: body.noticeGivenOn, noticePeriodDays: body.noticePeriodDays, lastWorkingDay: body.lastWorkingDay, noticeWaived: body.noticeWaived, relievedEarly: body.relievedEarly },
          },
          ctx.now(),
        );
      });
      return view((await findExit(db, userId))!, employee);
    },

    /** DELETE /employees/:id/exit: a resignation taken back; the leaving date is cleared. Not once a settlement is approved. */
    async withdraw(actorId: number, userId: number): Promise<{ msg: string }> {
      const employee = await employeeOf(userId);
      // Read inside the transaction that deletes, after the locks, as record() does.
      await db.transaction().execute(async (trx) => {
        await holdForExit(trx, userId);
        const row = await findExit(trx, userId);
        if (!row) throw notFound(`No exit is recorded for ${employee.name} (${employee.employee_id})`);
        await refuseWhenSettled(trx, userId, employee);
        await trx.deleteFrom('final_settlements').where('user_id', '=', userId).where('state', '=', 'draft').execute();
        await trx.deleteFrom('employee_exits').where('user_id', '=', userId).execute();
        await trx.updateTable('employee_statutory').set({ left_on: null, updated_at: ctx.now().toISOString() }).where('user_id', '=', userId).execute();
        await recordAudit(trx, { actorId, action: 'employee.exit-withdrawn', entity: 'employee', entityId: String(userId), before: { employeeId: employee.employee_id, kind: row.kind, lastWorkingDay: row.last_working_day } }, ctx.now());
      });
      return { msg: `The exit of ${employee.name} is withdrawn: they are current again` };
    },
  };
}
