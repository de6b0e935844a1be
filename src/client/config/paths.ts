/** Client routes of product.md, Screens, plus the set-password and forgot-password pages of the sign-in design. */
export const PATHS = {
  login: '/',
  forgotPassword: '/forgot-password',
  setPassword: '/set-password',
  admin: '/admin',
  adminAddEmployee: '/admin/employees/add',
  adminEmployeeList: '/admin/employees/list',
  adminEditEmployee: (id: string) => `/admin/employees/edit/${encodeURIComponent(id)}`,
  /** The Import screen (beyond the spec's routes); linked from the spec's Upload CSV section and Settings. */
  adminEmployeeImport: '/admin/employees/import',
  /** Past employee imports, and one import's report. */
  adminImportReports: '/admin/employees/imports',
  adminImportReport: (id: string) => `/admin/employees/imports/${encodeURIComponent(id)}`,
  adminAttendance: '/admin/attendance',
  /** The monthly attendance register (beyond the spec's routes); linked from Attendance. */
  adminAttendanceRegister: '/admin/attendance/register',
  /** Biometric devices, the raw punch log and punches held for review (beyond the spec's routes); linked from Attendance and Settings. */
  adminDevices: '/admin/attendance/devices',
  adminAttendanceRules: '/admin/attendance/rules',
  adminPunches: '/admin/attendance/punches',
  adminHeldPunches: '/admin/attendance/punches/held',
  adminLeaves: '/admin/leaves',
  adminTasks: '/admin/tasks',
  /** Everyone's leave balances (beyond the spec's routes); linked from Leave Management. */
  adminLeaveBalances: '/admin/leave-balances',
  /** The leave calendar's admin screens (beyond the spec's routes); linked from Leave Management. */
  adminWhosOff: '/admin/whos-off',
  adminHolidays: '/admin/holidays',
  adminLeaveTypes: '/admin/leave-types',
  adminLeaveSettings: '/admin/leave-settings',
  /** Bulk payroll run (beyond the spec's routes); linked from the admin header, not the sidebar. */
  adminPayroll: '/admin/payroll',
  /** The payroll register preview of a month; linked from the admin header beside Payroll Run. */
  adminPayrollRegister: '/admin/payroll/register',
  /** Leavers and their full-and-final settlements; linked from the dashboard and Edit Employee. */
  adminSettlements: '/admin/final-settlements',
  adminSettlement: (id: string) => `/admin/employees/${encodeURIComponent(id)}/final-settlement`,
  /** Statutory rule versions and readings (beyond the spec's routes); listed in Settings. */
  adminStatutoryRules: '/admin/statutory-rules',
  /** The admin's set-up screens in one list (beyond the spec's sidebar entries, before Logout). */
  adminSettings: '/admin/settings',
  /** The company profile: name, address, logo, codes, time zone (beyond the spec's routes); in Settings. */
  adminCompany: '/admin/company',
  /** Opening leave balances, past attendance and leave adjustments (beyond the spec's routes); in Settings. */
  adminGoingLive: '/admin/going-live',
  /** When slips go out and the bank file's layout (beyond the spec's routes); in Settings. */
  adminPayrollSettings: '/admin/payroll-settings',
  /** Salary structures: add, edit, assign to people (beyond the spec's routes); in Settings. */
  adminSalaryStructures: '/admin/salary-structures',
  /** Tax declarations, regimes and cut-offs (beyond the spec's routes); linked from Settings. */
  adminTax: '/admin/tax',
  /** The admin accounts: invite, deactivate (beyond the spec's routes); in Settings. */
  adminAdmins: '/admin/admins',
  /** Who changed what, filtered and exported (beyond the spec's routes); in Settings. */
  adminAuditLog: '/admin/audit-log',
  /** The reporting tree (beyond the spec's routes); in Settings. */
  adminOrgChart: '/admin/org-chart',
  /** The admin's own password (beyond the spec's routes); in Settings. */
  adminChangePassword: '/admin/change-password',
  employee: '/employee',
  employeeAttendance: '/employee/attendance',
  employeeLeaves: '/employee/leaves',
  employeeSalary: '/employee/salary',
  employeeProfile: '/employee/profile',
  employeeTasks: '/employee/tasks',
  /** Beyond the spec: a manager's team (shown only to someone who manages anyone). */
  employeeTeam: '/employee/team',
  /** The employee's income tax: regime, declarations, proofs (beyond the spec's routes). */
  employeeTax: '/employee/tax',
  employeeChangePassword: '/employee/change-password',
} as const;
