/**
 * Routes of product.md, Screens. The admin and employee areas load on demand (React.lazy), so webpack
 * emits them as separate chunks; their guard runs first, so a refused user never downloads them.
 * Later issues add their screens as children of the two areas.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { LOADING } from '../copy';
import { LoadingScreen } from '../components/loading-screen';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { ScrollReset } from '../components/scroll-reset';
import { SettleOnNavigate } from '../components/settle-on-navigate';
import { LoginPage } from '../features/auth/login-page';
import { AreaGuard } from '../features/session/area-guard';
import type { AreaRole } from '../features/session/session-machine';
import type { RouteHandle } from './route-handle';

/** React.lazy for named exports (the codebase has no default exports). */
function lazyNamed<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// The public pages besides the login page load on demand too: they check passwords with the shared
// schemas, and zod is not needed to sign in.
const ForgotPasswordPage = lazyNamed(
  () => import(/* webpackChunkName: "public" */ '../features/auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const SetPasswordPage = lazyNamed(
  () => import(/* webpackChunkName: "public" */ '../features/auth/set-password-page'),
  (m) => m.SetPasswordPage,
);
const ConfirmEmailPage = lazyNamed(
  () => import(/* webpackChunkName: "public" */ '../features/auth/confirm-email-page'),
  (m) => m.ConfirmEmailPage,
);
const CancelEmailChangePage = lazyNamed(
  () => import(/* webpackChunkName: "public" */ '../features/auth/cancel-email-change-page'),
  (m) => m.CancelEmailChangePage,
);

const AdminHome = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './dashboard/admin-home'),
  (m) => m.AdminHome,
);
const AdminLayout = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './dashboard/admin-layout'),
  (m) => m.AdminLayout,
);
const EmployeeHome = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ './dashboard/employee-home'),
  (m) => m.EmployeeHome,
);
const EmployeeLayout = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ './dashboard/employee-layout'),
  (m) => m.EmployeeLayout,
);
const ChangePasswordPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ '../features/auth/change-password-page'),
  (m) => m.ChangePasswordPage,
);

const SalarySlipPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ '../features/salary/salary-slip-page'),
  (m) => m.SalarySlipPage,
);
const IncomeTaxPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ '../features/tax/income-tax-page'),
  (m) => m.IncomeTaxPage,
);
const TaxDeclarationsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/tax/tax-declarations-page'),
  (m) => m.TaxDeclarationsPage,
);
const SettlementPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/exits/settlement-page'),
  (m) => m.SettlementPage,
);
const SettlementsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/exits/settlements-page'),
  (m) => m.SettlementsPage,
);
const PayrollRunPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/salary/payroll-run-page'),
  (m) => m.PayrollRunPage,
);
const PayrollRegisterPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/salary/payroll-register-page'),
  (m) => m.PayrollRegisterPage,
);

const AddEmployeePage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/employees/add-employee-page'),
  (m) => m.AddEmployeePage,
);
const EmployeeListPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/employees/employee-list-page'),
  (m) => m.EmployeeListPage,
);
const EmployeeEditPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './employees/employee-edit-page'),
  (m) => m.EmployeeEditPage,
);
const EmployeeImportPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/employee-import/employee-import-page'),
  (m) => m.EmployeeImportPage,
);
const ImportReportsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/employee-import/import-reports-page'),
  (m) => m.ImportReportsPage,
);
const ImportReportPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/employee-import/import-reports-page'),
  (m) => m.ImportReportPage,
);
const ProfilePage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ '../features/profile/profile-page'),
  (m) => m.ProfilePage,
);

const AdminAttendancePage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/attendance/admin-attendance-page'),
  (m) => m.AdminAttendancePage,
);
const AttendanceRegisterPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/attendance-register/attendance-register-page'),
  (m) => m.AttendanceRegisterPage,
);
const AttendanceRulesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/day-rules/attendance-rules-page'),
  (m) => m.AttendanceRulesPage,
);
const DevicesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/devices/devices-page'),
  (m) => m.DevicesPage,
);
const PunchesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/devices/punches-page'),
  (m) => m.PunchesPage,
);
const HeldPunchesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/devices/held-punches-page'),
  (m) => m.HeldPunchesPage,
);
const EmployeeAttendancePage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ './attendance/employee-attendance-screen'),
  (m) => m.EmployeeAttendanceScreen,
);

const AdminLeavesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './leaves/leaves-page'),
  (m) => m.AdminLeavesPage,
);
const EmployeeLeavesPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ './leaves/leaves-page'),
  (m) => m.EmployeeLeavesPage,
);
const GoingLivePage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/going-live/going-live-page'),
  (m) => m.GoingLivePage,
);
const LeaveBalancesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/leave-policy/leave-balances-page'),
  (m) => m.LeaveBalancesPage,
);
const WhosOffPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/leave-policy/whos-off-page'),
  (m) => m.WhosOffPage,
);
const HolidaysPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/leave-policy/holidays-page'),
  (m) => m.HolidaysPage,
);
const LeaveTypesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/leave-policy/leave-types-page'),
  (m) => m.LeaveTypesPage,
);
const LeaveSettingsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/leave-policy/leave-settings-page'),
  (m) => m.LeaveSettingsPage,
);
const AdminTasksPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/tasks/tasks-page'),
  (m) => m.AdminTasksPage,
);
const TeamPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ './team/team-page'),
  (m) => m.TeamPage,
);
const EmployeeTasksPage = lazyNamed(
  () => import(/* webpackChunkName: "employee" */ '../features/tasks/tasks-page'),
  (m) => m.EmployeeTasksPage,
);

const StatutoryRulesPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/salary/statutory-rules-page'),
  (m) => m.StatutoryRulesPage,
);
const CompanyProfilePage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './settings/company-profile-page'),
  (m) => m.CompanyProfilePage,
);
const SalaryStructuresPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/salary/salary-structures-page'),
  (m) => m.SalaryStructuresPage,
);
const PayrollSettingsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/salary/payroll-settings-page'),
  (m) => m.PayrollSettingsPage,
);
const SettingsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ './settings/settings-page'),
  (m) => m.SettingsPage,
);

const AdminsPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/admins/admins-page'),
  (m) => m.AdminsPage,
);

const OwnPasswordPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/auth/own-password-page'),
  (m) => m.OwnPasswordPage,
);

const AuditLogPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/audit/audit-log-page'),
  (m) => m.AuditLogPage,
);

const OrgChartPage = lazyNamed(
  () => import(/* webpackChunkName: "admin" */ '../features/org-chart/org-chart-page'),
  (m) => m.OrgChartPage,
);

const loading = <LoadingScreen text={LOADING.dashboard} />;

function Area({ role, children }: { role: AreaRole; children: ReactNode }) {
  return (
    <AreaGuard role={role}>
      <Suspense fallback={loading}>{children}</Suspense>
    </AreaGuard>
  );
}

/** A child screen of an area, with its own Suspense so the frame stays up while it loads. */
const screen = (Screen: ComponentType) => (
  <Suspense fallback={loading}>
    <Screen />
  </Suspense>
);

/** A public page (6 KB, loaded in a moment): nothing while it loads, not the dashboard's loading text. */
const publicScreen = (Screen: ComponentType) => (
  <Suspense fallback={null}>
    <Screen />
  </Suspense>
);

/** Around every route: a new screen starts scrolled to the top, without the last screen's errors. */
function Root() {
  return (
    <>
      <ScrollReset />
      <SettleOnNavigate />
      <Outlet />
    </>
  );
}

const noStrip: RouteHandle = { attendanceStrip: false };

/** Every client route; areas nest their screens as children. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: 'forgot-password', element: publicScreen(ForgotPasswordPage) },
      { path: 'set-password', element: publicScreen(SetPasswordPage) },
      { path: 'confirm-email', element: publicScreen(ConfirmEmailPage) },
      { path: 'cancel-email-change', element: publicScreen(CancelEmailChangePage) },
      {
        path: 'admin',
        element: (
          <Area role="admin">
            <AdminLayout />
          </Area>
        ),
        children: [
          // The dashboard home: the Attendance Overview in full, so the frame adds no strip of it.
          { index: true, element: screen(AdminHome), handle: noStrip },
          { path: 'employees/add', element: screen(AddEmployeePage) },
          { path: 'employees/list', element: screen(EmployeeListPage) },
          { path: 'employees/edit/:id', element: screen(EmployeeEditPage) },
          { path: 'employees/:id/final-settlement', element: screen(SettlementPage) },
          { path: 'final-settlements', element: screen(SettlementsPage) },
          { path: 'employees/import', element: screen(EmployeeImportPage) },
          { path: 'employees/imports', element: screen(ImportReportsPage) },
          { path: 'employees/imports/:id', element: screen(ImportReportPage) },
          { path: 'payroll', element: screen(PayrollRunPage) },
          { path: 'payroll/register', element: screen(PayrollRegisterPage) },
          { path: 'attendance', element: screen(AdminAttendancePage) },
          { path: 'attendance/register', element: screen(AttendanceRegisterPage) },
          { path: 'attendance/devices', element: screen(DevicesPage) },
          { path: 'attendance/rules', element: screen(AttendanceRulesPage) },
          { path: 'attendance/punches', element: screen(PunchesPage) },
          { path: 'attendance/punches/held', element: screen(HeldPunchesPage) },
          { path: 'leaves', element: screen(AdminLeavesPage) },
          { path: 'leave-balances', element: screen(LeaveBalancesPage) },
          { path: 'whos-off', element: screen(WhosOffPage) },
          { path: 'holidays', element: screen(HolidaysPage) },
          { path: 'leave-types', element: screen(LeaveTypesPage) },
          { path: 'leave-settings', element: screen(LeaveSettingsPage) },
          { path: 'tasks', element: screen(AdminTasksPage) },
          { path: 'settings', element: screen(SettingsPage) },
          { path: 'company', element: screen(CompanyProfilePage) },
          { path: 'going-live', element: screen(GoingLivePage) },
          { path: 'payroll-settings', element: screen(PayrollSettingsPage) },
          { path: 'salary-structures', element: screen(SalaryStructuresPage) },
          { path: 'statutory-rules', element: screen(StatutoryRulesPage) },
          { path: 'tax', element: screen(TaxDeclarationsPage) },
          { path: 'admins', element: screen(AdminsPage) },
          { path: 'change-password', element: screen(OwnPasswordPage) },
          { path: 'audit-log', element: screen(AuditLogPage) },
          { path: 'org-chart', element: screen(OrgChartPage) },
          { path: '*', element: <NotFound />, handle: noStrip },
        ],
      },
      {
        path: 'employee',
        element: (
          <Area role="employee">
            <EmployeeLayout />
          </Area>
        ),
        children: [
          // The dashboard home: the employee's figures under the welcome card.
          { index: true, element: screen(EmployeeHome) },
          { path: 'change-password', element: screen(ChangePasswordPage) },
          { path: 'attendance', element: screen(EmployeeAttendancePage) },
          { path: 'salary', element: screen(SalarySlipPage) },
          { path: 'profile', element: screen(ProfilePage) },
          { path: 'leaves', element: screen(EmployeeLeavesPage) },
          { path: 'tasks', element: screen(EmployeeTasksPage) },
          { path: 'team', element: screen(TeamPage) },
          { path: 'tax', element: screen(IncomeTaxPage) },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '*', element: <NotFound standalone /> },
    ],
  },
];

/** The browser router; tests use createMemoryRouter(routes) instead. */
export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
