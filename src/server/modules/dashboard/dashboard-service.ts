/** The figures behind /api/dashboard: the admin's company summary and an employee's own figures. */
import { dateInZone } from '../../../shared/format';
import type { AdminDashboardSummary, EmployeeDashboardFigures } from '../../../shared/schemas/dashboard';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findDayRecord } from '../attendance';
import { approvedLeaveDates } from '../leaves';
import { pendingCorrectionCount } from '../attendance-corrections';
import { createPayrollRunService } from '../salary';
import { dayKind } from '../../../shared/leave-policy/work-calendar';
import { readLeaveSettings, workCalendar } from '../leave-policy';
import { leaveYearLabel, leaveYearOf, type LeaveYearStart } from '../../../shared/leave-policy/leave-year';
import { latestAvailableSlipMonth } from '../salary';
import { activeEmployeeCount, joiningDate, onLeaveCount, openTaskCount, pendingLeaveCount, presentDayCount, rosterSplit } from '../roster-counts';

export function createDashboardService(ctx: AppContext) {
  const { db } = ctx.database;
  const runs = createPayrollRunService(ctx);
  /** The company's day (APP_TIMEZONE), as attendance and leave are filed. */
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  return {
    /**
     * The admin's figure cards. Present and absent are not here: the dashboard derives them from
     * the today-poll it already runs, so the cards, the table and the chart never disagree.
     */
    async summary(): Promise<AdminDashboardSummary> {
      const date = today();
      const [activeEmployees, onLeaveToday, pendingLeaveRequests, pendingAttendanceCorrections, openTasks, [lastPayrollRun], split, calendar] = await Promise.all([
        activeEmployeeCount(db, date),
        onLeaveCount(db, date),
        pendingLeaveCount(db),
        pendingCorrectionCount(db),
        openTaskCount(db),
        runs.list(1),
        rosterSplit(db, date),
        workCalendar(db, date, date),
      ]);
      const kind = dayKind(date, calendar);
      const rest = Math.max(0, split.employed - split.present - split.onLeave);
      return {
        date,
        activeEmployees,
        onLeaveToday,
        pendingLeaveRequests,
        pendingAttendanceCorrections,
        openTasks,
        lastPayrollRun: lastPayrollRun ?? null,
        today: {
          ...split,
          absent: kind === 'working' ? rest : 0,
          off: kind === 'working' ? 0 : rest,
          dayOff: kind === 'working' ? null : kind,
        },
      };
    },

    /** The caller's own figures; nothing in the request names anyone, so nobody else's can be asked for. */
    async own(caller: Caller): Promise<EmployeeDashboardFigures> {
      const date = today();
      const userId = caller.userId;
      // "This year" is the company's leave year, the one the leave balance shows beside it.
      const startMonth = (await readLeaveSettings(db)).leaveYearStartMonth as LeaveYearStart;
      const year = leaveYearOf(date, startMonth);
      const [record, presentDaysThisMonth, leaveDays, openTasks, joinedOn, latestSlipMonth] = await Promise.all([
        findDayRecord(db, userId, date),
        presentDayCount(db, userId, `${date.slice(0, 7)}-01`, date),
        approvedLeaveDates(db, userId, year.start, date),
        openTaskCount(db, userId),
        joiningDate(db, userId),
        latestAvailableSlipMonth(ctx, userId),
      ]);
      if (!joinedOn) throw notFound('No employee record for this account');
      return {
        date,
        today: record ? { status: record.status, punchIn: record.punch_in, punchOut: record.punch_out } : null,
        presentDaysThisMonth,
        leaveDaysThisYear: leaveDays.size,
        leaveYear: leaveYearLabel(year.year, startMonth),
        openTasks,
        // Only a slip the employee can download: approved (and released, where slips wait for payment).
        latestSlipMonth,
      };
    },
  };
}
