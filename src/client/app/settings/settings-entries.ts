/**
 * The admin's set-up screens, listed on the Settings page in this order. Adding a settings screen is
 * one line here (its path, name and a one-line hint); the route itself goes in the router as usual.
 */
import { PATHS } from '../../config/paths';

export interface SettingsEntry {
  to: string;
  label: string;
  hint: string;
}

export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  { to: PATHS.adminCompany, label: 'Company profile', hint: 'Legal name, address and logo for the slips, PF, ESI and TAN codes, time zone, departments and locations.' },
  { to: PATHS.adminEmployeeImport, label: 'Import employees', hint: 'Bring people in from a spreadsheet (.xlsx or CSV): check the file, then import; past imports keep their reports.' },
  { to: PATHS.adminLeaveTypes, label: 'Leave types', hint: 'The kinds of leave, their codes, yearly days and carry-forward.' },
  { to: PATHS.adminLeaveSettings, label: 'Leave settings', hint: 'The leave year and the weekly offs.' },
  { to: PATHS.adminHolidays, label: 'Holidays', hint: 'The company’s holiday calendar, by year and location.' },
  { to: `${PATHS.adminLeaveSettings}#work-hours`, label: 'Working hours and late marks', hint: 'Shift hours, grace minutes and how late marks turn into leave.' },
  { to: PATHS.adminAttendanceRules, label: 'Attendance rules', hint: 'Hours for a full and a half day, breaks, overtime; who may punch in the browser, from which sites and networks.' },
  { to: PATHS.adminDevices, label: 'Biometric devices', hint: 'Devices that push punches: register, rename or switch one off; the raw punch log and punches held for review.' },
  { to: PATHS.adminGoingLive, label: 'Going live', hint: 'Opening leave balances and past attendance from a spreadsheet, and leave adjustments.' },
  { to: PATHS.adminPayrollSettings, label: 'Payroll settings', hint: 'When slips reach employees (on approval or on release after paying), and the bank file’s columns.' },
  { to: PATHS.adminSalaryStructures, label: 'Salary structures', hint: 'How a gross is split (Basic, HRA, fixed allowances, special), and who is on which structure from when.' },
  { to: PATHS.adminStatutoryRules, label: 'Statutory rules', hint: 'PF rates and ceilings by date, with their notifications; add a version when the law changes.' },
  { to: PATHS.adminTax, label: 'Income tax', hint: 'Declarations to verify, each employee’s regime, and the year’s cut-offs.' },
  { to: PATHS.adminOrgChart, label: 'Org chart', hint: 'Who reports to whom: the reporting tree from each employee’s manager, searchable.' },
  { to: PATHS.adminAdmins, label: 'Admins', hint: 'Who can run the portal: invite another admin by email, or deactivate one.' },
  { to: PATHS.adminAuditLog, label: 'Audit log', hint: 'Who changed what and when: filter by person, action, entity and dates, and export CSV.' },
  { to: PATHS.adminChangePassword, label: 'Change your password', hint: 'Your own admin password; other devices are signed out.' },
];
