/** The dashboards' figures: the admin's company summary and the employee's own figures. */
import { z } from 'zod';
import { dayOffSchema } from './attendance';
import { payrollRunSummary } from './salary';

/** GET /api/dashboard/summary (admin): counts for the figure cards; attendance comes from the live poll. */
export const adminDashboardSummary = z.object({
  /** The company's today (APP_TIMEZONE), YYYY-MM-DD: the day "on leave today" was counted for. */
  date: z.string(),
  /** Active employees (deactivated ones are gone from the roster). */
  activeEmployees: z.number().int(),
  /** Active employees whose approved leave covers today. */
  onLeaveToday: z.number().int(),
  /** Leave requests waiting for a decision, as the Leave Requests screen lists them. */
  pendingLeaveRequests: z.number().int(),
  /** Attendance corrections waiting for a decision; the pending figure counts both. */
  pendingAttendanceCorrections: z.number().int(),
  /** Tasks assigned or in progress. */
  openTasks: z.number().int(),
  /** The newest payroll run with its progress, or null before the first. */
  lastPayrollRun: payrollRunSummary.nullable(),
  /**
   * Today's roster, each person employed today (joined on or before it, not left before it) once:
   * present + onLeave + absent + off = employed. On leave excludes anyone present; absent is a
   * working day with neither; off is the same on a weekly off or holiday (then absent is 0).
   */
  today: z.object({
    employed: z.number().int(),
    present: z.number().int(),
    onLeave: z.number().int(),
    absent: z.number().int(),
    off: z.number().int(),
    dayOff: dayOffSchema.nullable(),
  }),
});
export type AdminDashboardSummary = z.infer<typeof adminDashboardSummary>;

/** Today's attendance record of the caller, as far as the dashboard needs it. */
export const ownTodaySchema = z.object({
  status: z.string(),
  punchIn: z.string().nullable(),
  punchOut: z.string().nullable(),
});

/** GET /api/dashboard/me (employee): the caller's own figures, and nobody else's. */
export const employeeDashboardFigures = z.object({
  /** The company's today, YYYY-MM-DD. */
  date: z.string(),
  /** Today's record, or null before the first punch. */
  today: ownTodaySchema.nullable(),
  /** Days present (P or H) from the 1st of this month to today. */
  presentDaysThisMonth: z.number().int(),
  /** Calendar days of approved leave from the first day of the company's leave year to today. */
  leaveDaysThisYear: z.number().int(),
  /** That leave year's name: "2026" for a calendar leave year, "2026-27" for one from April. */
  leaveYear: z.string(),
  /** The caller's tasks assigned or in progress. */
  openTasks: z.number().int(),
  /** YYYY-MM of the newest complete month with a slip, or null (joined this month). */
  latestSlipMonth: z.string().nullable(),
});
export type EmployeeDashboardFigures = z.infer<typeof employeeDashboardFigures>;
