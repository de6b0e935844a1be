/** Words of the dashboards' figure cards (beyond the spec, so kept with the feature). */
import { formatCount } from '../../../shared/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export const FIGURES_UI = {
  adminTitle: 'Company at a glance',
  employeeTitle: 'Your day at a glance',
  /** Stands for a figure that has not arrived yet. */
  pending: '–',
  loadFailed: (reason: string) => `The figures could not be loaded: ${reason}`,

  activeEmployees: 'Active employees',
  activeEmployeesNote: 'On the roster',
  presentToday: 'Present today',
  /** The rest of today's roster beside present: absent, and off today (a weekly off or holiday). */
  absentNote: (absent: number | null, off: number | null) =>
    absent === null || off === null ? 'Absent: –' : `${formatCount(absent)} absent · ${formatCount(off)} off today`,
  onLeaveToday: 'On leave today',
  onLeaveNote: 'Approved leave',
  pendingLeaves: 'Pending requests',
  /** Both kinds the pending figure counts: leave requests and attendance corrections. */
  pendingLeavesNote: (leave: number | null, corrections: number | null) =>
    leave === null || corrections === null ? 'Awaiting a decision' : `${formatCount(leave)} leave · ${plural(corrections, 'correction', 'corrections')}`,
  openTasks: 'Open tasks',
  openTasksNote: 'Assigned or in progress',
  lastPayroll: 'Last payroll run',
  noPayroll: 'None yet',
  noPayrollNote: 'Start one from Payroll Run',
  payrollRunning: (sent: number, total: number) => `Running: ${formatCount(sent)} of ${plural(total, 'slip', 'slips')} sent`,
  payrollDone: (finishedOn: string) => `Done on ${finishedOn}`,
  payrollFailed: (failed: number) => `${plural(failed, 'slip', 'slips')} failed`,

  today: 'Today',
  workedNote: (worked: string) => `Worked ${worked}`,
  openAttendance: 'Open Attendance',
  daysPresent: 'Days present this month',
  daysPresentNote: (month: string) => `In ${month}`,
  leaveTaken: 'Leave days taken this year',
  leaveTakenNote: (leaveYear: string) => `Approved, in leave year ${leaveYear}`,
  yourOpenTasks: 'Open tasks',
  latestSlip: 'Latest salary slip',
  /** The slip card's button: 'Download' on screen, 'Download October 2026 slip' to assistive tech. */
  download: 'Download',
  slipOf: (month: string) => `${month} slip`,
  noSlip: 'None yet',
  noSlipNote: 'No month is complete since you joined.',
  chooseMonth: 'Choose a month',
} as const;
