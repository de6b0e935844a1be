/**
 * The admin dashboard's top row of figures: active employees, present today, on leave
 * today, pending requests (leave and attendance corrections), open tasks and the last payroll run,
 * each a link to its screen.
 * Present is live: it comes from the same 10-second poll of today's records as the
 * Attendance Overview below, through the rule the chart's today bar uses (useTodayPresence), so the
 * cards, the table and the chart never disagree. Absent, on leave and off today complete it to the
 * people employed today (todayFigures). The rest are counts from GET /api/dashboard/summary,
 * refreshed by the mutations that change them (tags) and every minute for other admins' changes.
 */
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { AdminDashboardSummary } from '../../../shared/schemas/dashboard';
import { PATHS } from '../../config/paths';
import { useTodayPresence } from '../../features/attendance/use-today-presence';
import { useToday } from '../../components/use-today';
import { useSessionSelector } from '../../features/session/session-context';
import { todayFigures } from './attendance-strip-figures';
import { FIGURES_UI } from './dashboard-copy';
import { SUMMARY_POLL_MS, useGetDashboardSummaryQuery } from './dashboard-figures-api';
import { figureCount as count, FigureRow, type FigureCardProps } from './figure-card';


const finishedOn = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** The last payroll run's note: its progress while running, else when it finished and what failed. */
function payrollNote(run: NonNullable<AdminDashboardSummary['lastPayrollRun']>): string {
  if (run.status === 'running') return FIGURES_UI.payrollRunning(run.sent, run.total);
  const done = run.finishedAt ? FIGURES_UI.payrollDone(finishedOn(run.finishedAt)) : '';
  return run.failed > 0 ? [done, FIGURES_UI.payrollFailed(run.failed)].filter(Boolean).join(' · ') : done;
}

export function AdminFigures() {
  const today = useToday();
  // As the overview: nothing is polled once the admin session has ended.
  const skip = !useSessionSelector((s) => s.matches({ signedIn: 'admin' }));
  const presence = useTodayPresence(today, { skip });
  const { data, error } = useGetDashboardSummaryQuery(undefined, {
    skip,
    pollingInterval: SUMMARY_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const run = data?.lastPayrollRun;
  // Present, absent, on leave and off today add up to the people employed today.
  const day = todayFigures(presence.present, data);

  const figures: FigureCardProps[] = [
    { label: FIGURES_UI.activeEmployees, value: count(data?.activeEmployees), note: FIGURES_UI.activeEmployeesNote, to: PATHS.adminEmployeeList },
    { label: FIGURES_UI.presentToday, value: count(presence.present), note: FIGURES_UI.absentNote(day.absent, day.off), tone: 'present', to: PATHS.adminAttendance },
    { label: FIGURES_UI.onLeaveToday, value: count(day.onLeave), note: FIGURES_UI.onLeaveNote, tone: 'leave', to: `${PATHS.adminLeaves}?status=approved` },
    {
      label: FIGURES_UI.pendingLeaves,
      value: count(data && data.pendingLeaveRequests + data.pendingAttendanceCorrections),
      note: FIGURES_UI.pendingLeavesNote(data?.pendingLeaveRequests ?? null, data?.pendingAttendanceCorrections ?? null),
      tone: 'pending',
      to: `${PATHS.adminLeaves}?status=pending`,
    },
    { label: FIGURES_UI.openTasks, value: count(data?.openTasks), note: FIGURES_UI.openTasksNote, tone: 'tasks', to: PATHS.adminTasks },
    {
      label: FIGURES_UI.lastPayroll,
      value: data ? (run ? monthLabel(run.month) : FIGURES_UI.noPayroll) : FIGURES_UI.pending,
      note: data ? (run ? payrollNote(run) : FIGURES_UI.noPayrollNote) : undefined,
      tone: 'payroll',
      to: PATHS.adminPayroll,
    },
  ];

  // The overview below reports a failed attendance poll itself; only the counts' failure is said here.
  return <FigureRow titleId="admin-figures-title" title={FIGURES_UI.adminTitle} loaded={Boolean(data)} error={error} figures={figures} />;
}
