/** The company's working hours and late-mark rule, and a person's own shift: admins change, both audited. */
import type { EmployeeShift, EmployeeShiftBody, WorkHoursSettings } from '../../../shared/schemas/work-hours';
import { SERVER_MSG } from '../../../shared/messages';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { EMPLOYEE_MSG } from '../employee-records';
import { findActiveEmployeeByUserId } from '../employee-records';
import { WORK_HOURS_MSG } from './work-hours-messages';
import { ownShifts, readWorkHours, saveOwnShift, writeWorkHours } from './work-hours-repository';

export function createWorkHoursService(ctx: AppContext) {
  const { db } = ctx.database;
  const requireAdmin = (caller: Caller) => {
    if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
  };

  async function employeeShift(userId: number): Promise<EmployeeShift> {
    const employee = await findActiveEmployeeByUserId(db, userId);
    if (!employee?.employee_id) throw notFound(EMPLOYEE_MSG.notFound);
    const [settings, own] = await Promise.all([readWorkHours(db), ownShifts(db, [userId])]);
    const mine = own.get(userId) ?? null;
    return { employeeId: employee.employee_id, name: employee.name, own: mine, effective: mine ?? settings.shift };
  }

  return {
    settings: () => readWorkHours(db),

    async saveSettings(caller: Caller, settings: WorkHoursSettings) {
      requireAdmin(caller);
      await db.transaction().execute(async (trx) => {
        const before = await readWorkHours(trx);
        await writeWorkHours(trx, settings, ctx.now().toISOString());
        await recordAudit(trx, { actorId: caller.userId, action: 'work-hours.update', entity: 'company_settings', entityId: 'work-hours', before, after: settings }, ctx.now());
      });
      return { msg: WORK_HOURS_MSG.settingsSaved };
    },

    employeeShift,

    /** Sets (or with null clears) one person's own shift, audited with before and after. */
    async saveEmployeeShift(caller: Caller, userId: number, body: EmployeeShiftBody) {
      requireAdmin(caller);
      const current = await employeeShift(userId);
      await db.transaction().execute(async (trx) => {
        // The audit's before is read in the writing transaction, so two saves at once each record what they replaced.
        const before = (await ownShifts(trx, [userId])).get(userId) ?? null;
        await saveOwnShift(trx, userId, body.shift, ctx.now().toISOString());
        await recordAudit(trx, { actorId: caller.userId, action: 'employee.shift-change', entity: 'employee', entityId: current.employeeId, before, after: body.shift }, ctx.now());
      });
      return { msg: body.shift ? WORK_HOURS_MSG.shiftSaved(current.name) : WORK_HOURS_MSG.shiftCleared(current.name) };
    },
  };
}
