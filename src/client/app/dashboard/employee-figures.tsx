/**
 * The employee dashboard's figures: today's status ('Punched in at 09:12', 'Not punched
 * in yet'), days present this month, leave days taken this year, open tasks, and the latest salary
 * slip with a button that saves it. All from GET /api/dashboard/me, the caller's own figures; a
 * punch, a leave request or a task's new status refreshes them through the tags they provide.
 */
import { Link } from 'react-router-dom';
import { MONTH_NAMES, monthLabel } from '../../../shared/payroll/pay-month';
import { PATHS } from '../../config/paths';
import { formatWorked } from '../../features/attendance/attendance-view';
import { punchStatusText } from '../../features/attendance/punch-status';
import { OwnSlipButton } from '../../features/salary/own-slip-button';
import { FIGURES_UI } from './dashboard-copy';
import { useGetOwnDashboardQuery } from './dashboard-figures-api';
import { figureCount as count, FigureRow, type FigureCardProps } from './figure-card';


export function EmployeeFigures() {
  // Fresh on every visit: a punch made on the Attendance screen shows when the person comes back.
  const { data, error } = useGetOwnDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  const today = data?.today ?? null;
  const worked = today ? formatWorked(today.punchIn, today.punchOut) : '-';
  const month = data ? MONTH_NAMES[Number(data.date.slice(5, 7)) - 1]! : '';

  const slip = data?.latestSlipMonth;
  const figures: FigureCardProps[] = [
    {
      label: FIGURES_UI.today,
      value: data ? punchStatusText(today) : FIGURES_UI.pending,
      note: worked !== '-' ? FIGURES_UI.workedNote(worked) : FIGURES_UI.openAttendance,
      tone: 'present',
      to: PATHS.employeeAttendance,
    },
    { label: FIGURES_UI.daysPresent, value: count(data?.presentDaysThisMonth), note: data && FIGURES_UI.daysPresentNote(month), tone: 'neutral', to: PATHS.employeeAttendance },
    { label: FIGURES_UI.leaveTaken, value: count(data?.leaveDaysThisYear), note: data && FIGURES_UI.leaveTakenNote(data.leaveYear), tone: 'leave', to: PATHS.employeeLeaves },
    { label: FIGURES_UI.yourOpenTasks, value: count(data?.openTasks), note: FIGURES_UI.openTasksNote, tone: 'tasks', to: PATHS.employeeTasks },
    slip
      ? {
          label: FIGURES_UI.latestSlip,
          value: monthLabel(slip),
          tone: 'payroll',
          action: (
            <OwnSlipButton
              className="button button--secondary"
              month={slip}
              label={
                <>
                  {FIGURES_UI.download}
                  <span className="visually-hidden"> {FIGURES_UI.slipOf(monthLabel(slip))}</span>
                </>
              }
            />
          ),
        }
      : {
          label: FIGURES_UI.latestSlip,
          value: data ? FIGURES_UI.noSlip : FIGURES_UI.pending,
          note: data && FIGURES_UI.noSlipNote,
          tone: 'payroll',
          action: data && (
            <Link className="button button--secondary" to={PATHS.employeeSalary}>
              {FIGURES_UI.chooseMonth}
            </Link>
          ),
        },
  ];

  return <FigureRow titleId="employee-figures-title" title={FIGURES_UI.employeeTitle} className="employee-figures" loaded={Boolean(data)} error={error} figures={figures} />;
}
