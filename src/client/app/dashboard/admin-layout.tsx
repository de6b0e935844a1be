/**
 * Admin dashboard frame (product.md, Screens): 'HR Dashboard' sidebar, 'Welcome, Admin' header, child
 * screens. The Attendance Overview is the dashboard home's (/admin, admin-home.tsx); every other
 * admin screen gets its one-line strip above the screen, except where the route's
 * handle says not (the not-found panel).
 */
import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { LABELS, NAV, TITLES } from '../../copy';
import { SALARY_UI } from '../../features/salary/salary-copy';
import { useScreenHandle } from '../../app/route-handle';
import { DashboardShell } from '../../components/dashboard-shell';
import type { NavItem } from '../../components/sidebar';
import { PATHS } from '../../config/paths';
import { useAttendanceUpdatedAt } from '../../features/attendance/use-attendance-updated-at';
import { useToday } from '../../components/use-today';
import { useSession } from '../../features/session/session-context';
import { AttendanceStrip } from './attendance-strip';
import { LastUpdated } from './last-updated';
import { NotificationBell } from '../../features/team/notification-bell';
import { useGetTeamSummaryQuery } from '../../features/team/team-api';

export function AdminLayout() {
  const session = useSession();
  // 'Last updated' is when today's attendance last arrived (the overview's 10-second poll); the
  // page's load time stands in only until the first answer.
  const [loadedAt] = useState(() => new Date());
  const today = useToday();
  const updatedAt = useAttendanceUpdatedAt(today);
  const { attendanceStrip = true } = useScreenHandle();
  const { data: summary } = useGetTeamSummaryQuery(undefined, { pollingInterval: 60_000, skipPollingIfUnfocused: true });

  const nav: NavItem[] = [
    { label: NAV.addEmployee, to: PATHS.adminAddEmployee },
    { label: NAV.employeeList, to: PATHS.adminEmployeeList },
    { label: NAV.attendance, to: PATHS.adminAttendance },
    { label: NAV.leaveRequests, to: PATHS.adminLeaves },
    { label: NAV.tasks, to: PATHS.adminTasks },
    { label: NAV.settings, to: PATHS.adminSettings },
    { label: LABELS.logout, onSelect: () => session.send({ type: 'LOGOUT' }) },
  ];

  return (
    <DashboardShell
      sidebarTitle={TITLES.adminSidebar}
      nav={nav}
      heading={
        <>
          <h1>{TITLES.welcomeAdmin}</h1>
          <LastUpdated at={updatedAt ?? loadedAt} />
        </>
      }
      // The payroll screens are beyond the spec's sidebar, which stays exactly as specified.
      actions={
        <>
          <NotificationBell waiting={summary?.waiting ?? 0} />
          <Link className="button button--secondary" to={PATHS.adminPayroll}>
            {SALARY_UI.payrollTitle}
          </Link>
          <Link className="button button--secondary" to={PATHS.adminPayrollRegister}>
            {SALARY_UI.registerLink}
          </Link>
        </>
      }
    >
      {attendanceStrip && <AttendanceStrip date={today} />}
      <Outlet />
    </DashboardShell>
  );
}
