/**
 * Employee dashboard frame (product.md, Screens): 'Employee Dashboard' sidebar with five placeholder
 * entries, 'Welcome, {name}' header with Logout, and the child-screen area.
 */
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { LABELS, LOADING, MSG, NAV, TITLES } from '../../copy';
import { useGetAccessScopeQuery } from '../../api/employee-api';
import { LoadingScreen } from '../../components/loading-screen';
import { FormerEmployeeView } from './former-employee-view';
import { DashboardShell } from '../../components/dashboard-shell';
import type { NavItem } from '../../components/sidebar';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { OwnSlipButton } from '../../features/salary/own-slip-button';
import { useSession } from '../../features/session/session-context';
import { useGetMeQuery } from './dashboard-api';
import { useLatestSlipMonth } from './use-latest-slip-month';
import { WelcomeCard } from './welcome-card';
import { NotificationBell } from '../../features/team/notification-bell';
import { useGetTeamSummaryQuery } from '../../features/team/team-api';
import { TEAM_UI } from '../../features/team/team-copy';

// The sidebar's My Team entry and the bell's waiting count follow the reporting line within a minute.
const SUMMARY_POLL_MS = 60_000;

/**
 * The spec's entries, My Team for someone who manages anyone now (after the spec's entries, before
 * the five placeholders, which only announce maintenance in an in-app alert dialog).
 */
const navItems = (underMaintenance: () => void, manages: boolean): readonly NavItem[] => [
  { label: NAV.attendance, to: PATHS.employeeAttendance },
  { label: NAV.leaveRequests, to: PATHS.employeeLeaves },
  { label: NAV.salarySlip, to: PATHS.employeeSalary },
  { label: NAV.profile, to: PATHS.employeeProfile },
  { label: NAV.tasks, to: PATHS.employeeTasks },
  ...(manages ? [{ label: TEAM_UI.nav, to: PATHS.employeeTeam }] : []),
  // The spec ships these five as placeholders that only announce maintenance.
  { label: NAV.performanceReviews, onSelect: underMaintenance },
  { label: NAV.training, onSelect: underMaintenance },
  { label: NAV.benefits, onSelect: underMaintenance },
  { label: NAV.expenseClaims, onSelect: underMaintenance },
  { label: NAV.teamDirectory, onSelect: underMaintenance },
  // Beyond the spec's sidebar, after its entries: the employee's income tax.
  { label: NAV.incomeTax, to: PATHS.employeeTax },
];

/**
 * The employee area: the working dashboard, or, from the day after the leaving date, the read-only
 * former-employee view (the server refuses everything else to a leaver).
 */
export function EmployeeLayout() {
  const { data: access, isError } = useGetAccessScopeQuery();
  if (access?.scope === 'former-employee') return <FormerEmployeeView access={access} />;
  // Until the answer arrives nothing is shown that a leaver could not use; a failed answer (an old
  // server) means the working dashboard, as before.
  if (!access && !isError) return <LoadingScreen text={LOADING.dashboard} />;
  return <WorkingLayout />;
}

function WorkingLayout() {
  const session = useSession();
  const effects = useEffects();
  const { data: summary } = useGetTeamSummaryQuery(undefined, { pollingInterval: SUMMARY_POLL_MS, skipPollingIfUnfocused: true });
  const manages = summary?.hasReports === true;
  const [underMaintenance] = useState(() => () => void effects.alert(MSG.underMaintenance));
  const nav = useMemo(() => navItems(underMaintenance, manages), [underMaintenance, manages]);
  const { data } = useGetMeQuery();
  const slipMonth = useLatestSlipMonth();
  // Spec: the greeting falls back to 'Employee' when the name cannot be had.
  const name = data?.name?.trim() || TITLES.employeeFallbackName;
  const { pathname } = useLocation();
  const home = pathname.replace(/\/+$/, '') === PATHS.employee;

  return (
    <DashboardShell
      sidebarTitle={TITLES.employeeSidebar}
      nav={nav}
      heading={<h1>{TITLES.welcomeEmployee(name)}</h1>}
      actions={
        <>
          <NotificationBell waiting={summary?.waiting ?? 0} />
          {/* Saves the last complete month's slip, as the spec's alert asked; asks for a month when none is complete yet. */}
          <OwnSlipButton className="button button--secondary" month={slipMonth} />
          <Link className="button button--secondary" to={PATHS.employeeChangePassword}>
            {LABELS.changePassword}
          </Link>
          <button type="button" className="button" onClick={() => session.send({ type: 'LOGOUT' })}>
            {LABELS.logout}
          </button>
        </>
      }
    >
      <WelcomeCard foldOnPhone={!home} />
      <Outlet />
    </DashboardShell>
  );
}
