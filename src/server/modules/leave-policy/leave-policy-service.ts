/** The rules behind leave types, holidays, the leave settings and balances; admins change, everyone reads. */
import { LEAVE_POLICY_MSG } from '../../../shared/leave-policy/leave-policy-messages';
import { dateInZone } from '../../../shared/format';
import { EMPLOYEE_MSG } from '../employee-records';
import { SERVER_MSG } from '../../../shared/messages';
import type { EmployeeBalances, HolidayBody, LeaveSettings, LeaveTypeBody } from '../../../shared/schemas/leave-policy';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { fieldConflict, forbidden, notFound } from '../../errors';
import { findEmployeeByBusinessId, findEmployeeByUserId, listActiveEmployees } from '../employee-records';
import { balancesOf } from './leave-balances';
import {
  findLeaveType,
  findLeaveTypeByCode,
  findLeaveTypeByName,
  freshTypeCode,
  holidayClash,
  holidaysOfYear,
  insertLeaveType,
  listLeaveTypes,
  readLeaveSettings,
  toLeaveType,
  updateLeaveType,
  writeLeaveSettings,
  type Db,
} from './leave-policy-repository';
import { isUniqueViolation } from '../../db/unique-violation';

/**
 * A type's name and code are each unique; a clash is a 409 naming every clashing field at once
 * (`fieldErrors`), its msg the first one's.
 */
async function assertTypeFree(trx: Parameters<typeof findLeaveTypeByName>[0], body: LeaveTypeBody, id?: number) {
  const fieldErrors: Record<string, string> = {};
  if (await findLeaveTypeByName(trx, body.name, id)) fieldErrors.name = LEAVE_POLICY_MSG.typeNameTaken(body.name);
  if (body.code && (await findLeaveTypeByCode(trx, body.code, id))) fieldErrors.code = LEAVE_POLICY_MSG.typeCodeTaken(body.code.toUpperCase());
  const first = Object.values(fieldErrors)[0];
  if (first) throw Object.assign(fieldConflict(Object.keys(fieldErrors)[0]!, first), { fieldErrors });
}

export function createLeavePolicyService(ctx: AppContext) {
  const { db } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);
  const requireAdmin = (caller: Caller) => {
    if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
  };

  return {
    async types() {
      return (await listLeaveTypes(db)).map(toLeaveType);
    },

    async createType(caller: Caller, body: LeaveTypeBody) {
      requireAdmin(caller);
      return db.transaction().execute(async (trx) => {
        await assertTypeFree(trx, body);
        const row = await insertLeaveType(trx, { ...body, code: body.code ?? (await freshTypeCode(trx, body.name)) }, ctx.now().toISOString());
        await recordAudit(trx, { actorId: caller.userId, action: 'leave-type.create', entity: 'leave_type', entityId: String(row.id), after: body }, ctx.now());
        return toLeaveType(row);
      });
    },

    async updateType(caller: Caller, id: number, body: LeaveTypeBody) {
      requireAdmin(caller);
      return db.transaction().execute(async (trx) => {
        const before = await findLeaveType(trx, id);
        if (!before) throw notFound(LEAVE_POLICY_MSG.typeNotFound);
        await assertTypeFree(trx, body, id);
        // The default type is what a plain request falls back to, so it stays offered.
        const saved = toLeaveType((await updateLeaveType(trx, id, before.is_default === 1 ? { ...body, active: true } : body))!);
        await recordAudit(trx, { actorId: caller.userId, action: 'leave-type.update', entity: 'leave_type', entityId: String(id), before: toLeaveType(before), after: saved }, ctx.now());
        return saved;
      });
    },

    /** A year's holidays; the company's current year when none is named. */
    holidays(year?: number) {
      return holidaysOfYear(db, year ?? Number(today().slice(0, 4)));
    },

    async addHoliday(caller: Caller, body: HolidayBody) {
      requireAdmin(caller);
      return db
        .transaction()
        .execute(async (trx) => {
          await refuseHolidayClash(trx, body);
          const row = await trx
            .insertInto('holidays')
            .values({ date: body.date, name: body.name, optional: body.optional ? 1 : 0, repeats_yearly: body.repeatsYearly ? 1 : 0, created_at: ctx.now().toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordAudit(trx, { actorId: caller.userId, action: 'holiday.create', entity: 'holiday', entityId: String(row.id), after: body }, ctx.now());
          return { msg: LEAVE_POLICY_MSG.holidayAdded, _id: String(row.id) };
        })
        .catch(clashOnRace(body.date));
    },

    /** Renames, moves, or changes whether a holiday is optional or repeats; a repeating one changes in every year. */
    async updateHoliday(caller: Caller, id: number, body: HolidayBody) {
      requireAdmin(caller);
      return db
        .transaction()
        .execute(async (trx) => {
          const before = await trx.selectFrom('holidays').selectAll().where('id', '=', id).executeTakeFirst();
          if (!before) throw notFound(LEAVE_POLICY_MSG.holidayNotFound);
          await refuseHolidayClash(trx, body, id);
          await trx
            .updateTable('holidays')
            .set({ date: body.date, name: body.name, optional: body.optional ? 1 : 0, repeats_yearly: body.repeatsYearly ? 1 : 0 })
            .where('id', '=', id)
            .execute();
          const was = { date: before.date, name: before.name, optional: before.optional === 1, repeatsYearly: before.repeats_yearly === 1 };
          await recordAudit(trx, { actorId: caller.userId, action: 'holiday.update', entity: 'holiday', entityId: String(id), before: was, after: body }, ctx.now());
          return { msg: LEAVE_POLICY_MSG.holidayUpdated };
        })
        .catch(clashOnRace(body.date));
    },

    async removeHoliday(caller: Caller, id: number) {
      requireAdmin(caller);
      return db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('holidays').where('id', '=', id).returningAll().executeTakeFirst();
        if (!gone) throw notFound(LEAVE_POLICY_MSG.holidayNotFound);
        await recordAudit(trx, { actorId: caller.userId, action: 'holiday.delete', entity: 'holiday', entityId: String(id), before: gone }, ctx.now());
        return { msg: LEAVE_POLICY_MSG.holidayRemoved };
      });
    },

    settings() {
      return readLeaveSettings(db);
    },

    async saveSettings(caller: Caller, settings: LeaveSettings) {
      requireAdmin(caller);
      await db.transaction().execute(async (trx) => {
        const before = await readLeaveSettings(trx);
        await writeLeaveSettings(trx, settings, ctx.now().toISOString());
        await recordAudit(trx, { actorId: caller.userId, action: 'leave-settings.update', entity: 'company_settings', entityId: 'leave', before, after: settings }, ctx.now());
      });
      return { msg: LEAVE_POLICY_MSG.settingsSaved };
    },

    /** The caller's own balances, or (admins) one employee's by business id. */
    async balances(caller: Caller, query: { employeeId?: string; asOf?: string }): Promise<EmployeeBalances> {
      const employee =
        caller.role === 'admin' && query.employeeId
          ? await findEmployeeByBusinessId(db, query.employeeId)
          : caller.role === 'employee'
            ? await findEmployeeByUserId(db, caller.userId)
            : undefined;
      if (!employee) throw notFound(EMPLOYEE_MSG.notFound);
      const settings = await readLeaveSettings(db);
      const byUser = await balancesOf(db, [{ userId: employee.user_id, joinedOn: employee.joined_on }], query.asOf ?? today(), settings);
      return { employeeId: employee.employee_id, name: employee.name, balances: byUser.get(employee.user_id) ?? [] };
    },

    /** Every active employee's balances, in business-id order (the balances report). */
    async balanceReport(caller: Caller, asOf?: string): Promise<EmployeeBalances[]> {
      requireAdmin(caller);
      const [employees, settings] = await Promise.all([listActiveEmployees(db), readLeaveSettings(db)]);
      const byUser = await balancesOf(db, employees.map((e) => ({ userId: e.user_id, joinedOn: e.joined_on })), asOf ?? today(), settings, { all: true });
      return employees.map((e) => ({ employeeId: e.employee_id, name: e.name, balances: byUser.get(e.user_id) ?? [] }));
    },
  };
}

/** 409 naming the field when the day already has a holiday (see holidayClash). */
async function refuseHolidayClash(db: Db, body: HolidayBody, exceptId?: number) {
  const clash = await holidayClash(db, body.date, body.repeatsYearly, exceptId);
  if (!clash) return;
  const message = clash.date === body.date ? LEAVE_POLICY_MSG.holidayExists(body.date) : LEAVE_POLICY_MSG.holidayRepeats(body.date, clash.name);
  throw fieldConflict('date', message);
}

/** Another admin took the date between the check and the write: the same 409 as the check's. */
const clashOnRace = (date: string) => (err: unknown) => {
  if (isUniqueViolation(err)) {
    const message = LEAVE_POLICY_MSG.holidayExists(date);
    throw fieldConflict('date', message);
  }
  throw err;
};
