/**
 * The monthly attendance register: a page for the screen, and every row in order for the download.
 * The day codes come from shared/leave-policy/month-register.ts, which classifies days with the
 * same function the salary slip counts loss of pay with, on the same company work calendar.
 */
import { dateInZone } from '../../../shared/format';
import { isUnpaidType } from '../../../shared/leave-policy/leave-balance';
import { leaveTypeCodes, registerRow, type RegisterLeave } from '../../../shared/leave-policy/month-register';
import { dayKind, type WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import { datesOfMonth, monthLabel, weekdayOf } from '../../../shared/payroll/pay-month';
import type { RegisterPage, RegisterRowJson } from '../../../shared/schemas/attendance-register';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { workCalendar } from '../leave-policy';
import { monthLateMarks } from '../work-hours';
import { readPayRules } from '../salary';
import { readGoLive } from '../go-live';
import { monthOvertimeByUser } from '../attendance';
import { PRESENT_CODES } from '../../../shared/constants';
import { createRegisterRepository, type RegisterEmployee } from './register-repository';
import { REGISTER_MSG } from './register-messages';

/** Employees per batch of the download: three queries each. */
export const REGISTER_BATCH = 500;

/** What every row of one month's register shares. */
export interface RegisterMonth {
  month: string;
  monthLabel: string;
  today: string;
  from: string;
  to: string;
  calendar: WorkCalendar;
  days: RegisterPage['days'];
  leaveTypes: RegisterPage['leaveTypes'];
  /** Leave type id -> code; requests without a type are the default type's. */
  codeOf: (typeId: number | null) => string;
  paidOf: (typeId: number | null) => boolean;
}

export function createRegisterService(ctx: AppContext) {
  const repo = createRegisterRepository(ctx.database.db);

  /** The month's calendar, leave type codes and day headings; a month not started yet is a 400. */
  async function monthOf(month: string): Promise<RegisterMonth> {
    const today = dateInZone(ctx.now(), ctx.config.timeZone);
    if (month > today.slice(0, 7)) throw badRequest(REGISTER_MSG.futureMonth(monthLabel(month)));
    const dates = datesOfMonth(month);
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const [calendar, types] = await Promise.all([workCalendar(ctx.database.db, from, to), repo.leaveTypes()]);
    const codes = leaveTypeCodes(types);
    const defaultCode = codes.get(types.find((t) => t.is_default === 1)?.id ?? -1) ?? 'L';
    return {
      month,
      monthLabel: monthLabel(month),
      today,
      from,
      to,
      calendar,
      days: dates.map((date) => ({ date, weekday: weekdayOf(date), kind: dayKind(date, calendar) })),
      leaveTypes: types.map((t) => ({ code: codes.get(t.id)!, name: t.name, paid: t.paid === 1 })),
      codeOf: (typeId) => (typeId === null ? defaultCode : (codes.get(typeId) ?? defaultCode)),
      paidOf: (typeId) => !isUnpaidType(typeId === null ? null : types.find((t) => t.id === typeId)?.paid),
    };
  }

  /** The rows of a batch of employees: one attendance and one leave query for all of them. */
  async function rowsOf(m: RegisterMonth, employees: readonly RegisterEmployee[]): Promise<RegisterRowJson[]> {
    const ids = employees.map((e) => e.userId);
    const [attendance, leaves] = await Promise.all([repo.attendance(ids, m.from, m.to), repo.approvedLeaves(ids, m.from, m.to)]);
    const leavesOf = new Map<number, RegisterLeave[]>();
    for (const l of leaves) {
      let list = leavesOf.get(l.user_id);
      if (!list) leavesOf.set(l.user_id, (list = []));
      list.push({ startDate: l.start_date, endDate: l.end_date, typeCode: m.codeOf(l.leave_type_id), half: l.day_part !== null, paid: m.paidOf(l.leave_type_id) });
    }
    // Late marks from the present days' punch-ins, as payroll counts them.
    const punchIns = new Map(
      [...attendance].map(([userId, days]) => [userId, new Map([...days].filter(([, d]) => PRESENT_CODES.includes(d.status as never)).map(([date, d]) => [date, d.punchIn]))]),
    );
    const leftOn = new Map(employees.map((e) => [e.userId, e.leftOn]));
    const [lateMarks, payRules, { payBasis }, overtime] = await Promise.all([
      monthLateMarks(ctx.database.db, ctx.config.timeZone, punchIns, m.calendar),
      readPayRules(ctx.database.db),
      readGoLive(ctx.database.db),
      monthOvertimeByUser(ctx.database.db, ids, m.month, leftOn),
    ]);
    const none = new Map<string, string>();
    return employees.map((e) => {
      const days = attendance.get(e.userId);
      const row = registerRow({
        month: m.month,
        joinedOn: e.joinedOn,
        today: m.today,
        calendar: m.calendar,
        attendance: days ? new Map([...days].map(([date, d]) => [date, d.status])) : none,
        leaves: leavesOf.get(e.userId) ?? [],
        lateMarks: lateMarks.get(e.userId),
        leftOn: e.leftOn,
        halfDayPay: payRules.halfDayPay,
        payBasis,
      });
      // The days' overtime and the top-ups of the weeks ending in the month (shared/day-rules/overtime.ts).
      const overtimeMinutes = overtime.byUser.get(e.userId)?.totalMinutes ?? 0;
      return { employeeId: e.employeeId, name: e.name, email: e.email, joinedOn: e.joinedOn, codes: row.codes, totals: row.totals, overtimeMinutes };
    });
  }

  return {
    monthOf,

    /** GET /api/attendance/register: one page of rows, by employee ID. */
    async page(query: { month: string; q?: string; offset: number; limit: number }): Promise<RegisterPage> {
      const m = await monthOf(query.month);
      const q = query.q || undefined;
      const [total, employees] = await Promise.all([repo.count(m.to, q), repo.page(m.to, q, query.offset, query.limit)]);
      const rows = await rowsOf(m, employees);
      return { month: m.month, monthLabel: m.monthLabel, today: m.today, days: m.days, leaveTypes: m.leaveTypes, total, offset: query.offset, limit: query.limit, rows };
    },

    /** Every row of the month in employee-ID order, a batch at a time (the download). */
    async *batches(m: RegisterMonth, q?: string, batchSize = REGISTER_BATCH): AsyncGenerator<RegisterRowJson[]> {
      let after = '';
      for (;;) {
        const employees = await repo.pageAfter(m.to, q || undefined, after, batchSize);
        if (!employees.length) return;
        yield await rowsOf(m, employees);
        if (employees.length < batchSize) return;
        after = employees[employees.length - 1]!.employeeId;
      }
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
