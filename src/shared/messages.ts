/** Every user-facing string of the spec (sections 2, 5 and 8) in one place, so both sides say the same words. */

import { countOf } from './format';

export const TITLES = {
  login: 'HR Portal Login',
  adminSidebar: 'HR Dashboard',
  employeeSidebar: 'Employee Dashboard',
  welcomeAdmin: 'Welcome, Admin',
  employeeFallbackName: 'Employee',
  welcomeEmployee: (name: string) => `Welcome, ${name}`,
  forgotPassword: 'Forgot Password',
  setPassword: 'Set Your Password',
  changePassword: 'Change Password',
  notFound: 'Page not found',
  appError: 'Something went wrong',
} as const;

export const LOADING = {
  dashboard: 'Loading Dashboard...',
  employees: 'Loading Employees...',
  employee: 'Loading Employee Data...',
  loggingIn: 'Logging in...',
} as const;

export const EMPTY = {
  todayAttendance: 'No attendance records found for today.',
  attendance: 'No attendance records found.',
  employees: 'No employees found.',
  leaves: 'No leave requests found.',
} as const;

/** Spec section 5 and 8: validation, session and alert texts. */
export const MSG = {
  roleNotProvided: 'Role not provided by server',
  invalidAdminRole: 'Invalid role for admin login',
  invalidEmployeeRole: 'Invalid role for employee login',
  unauthorized: 'Unauthorized access',
  invalidSession: 'Invalid session. Please login again.',
  sessionTimedOut: 'Session timed out due to inactivity',
  noToken: 'No authentication token found. Please log in again.',
  pleaseLogin: 'Please login first',
  datesRequired: 'Start date and end date are required',
  csvRequired: 'Please select a CSV file to upload',
  someEmployeesFailed: 'Some employees could not be added: ',
  passwordsDoNotMatch: 'New password and confirm password do not match',
  passwordTooShort: 'New password must be at least 8 characters long',
  confirmDelete: 'Are you sure you want to delete this employee?',
  employeeDeleted: 'Employee deleted successfully',
  profileUpdated: 'Profile updated successfully',
  noEmployeeData: 'No employee data returned',
  underMaintenance: 'This feature is under maintenance and will be available soon.',
  salaryNotImplemented:
    'Salary slip download is not yet implemented in the backend. Please implement the /api/salary/generate endpoint.',
  allFieldsRequired: 'All fields are required',
  requestTimedOut: 'The server did not answer in time. Please try again.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  pageNotFound: 'The page you asked for does not exist.',
} as const;

/** Spec section 8: shown when a failed call carries neither a server msg nor an error message. */
export const FALLBACK = {
  adminLogin: 'Admin login failed',
  employeeLogin: 'Employee login failed',
  fetchEmployees: 'Failed to fetch employees',
  fetchAttendance: 'Failed to fetch attendance',
  fetchEmployeeData: 'Failed to fetch employee data',
  downloadAttendance: 'Failed to download attendance',
  addEmployee: 'Failed to add employee',
  uploadCsv: 'Failed to upload CSV',
  loadEmployee: 'Failed to load employee',
  loadProfile: 'Failed to load profile',
  punchIn: 'Failed to punch in',
  punchOut: 'Failed to punch out',
  changePassword: 'Failed to change password',
  server: 'Server error',
} as const;

/** Spec section 8: dashboard error screens and alerts put these before the message. */
export const PREFIX = {
  fetchEmployees: 'Error fetching employees: ',
  fetchAttendance: 'Error fetching attendance: ',
  fetchProfile: 'Error fetching employee profile: ',
  downloadAttendance: 'Error downloading attendance: ',
  updateEmployee: 'Error updating employee: ',
  deleteEmployee: 'Error deleting employee: ',
  emailSalarySlip: 'Error emailing salary slip: ',
  fetchLeaves: 'Error fetching leaves: ',
  approveLeave: 'Error approving leave: ',
  submitLeave: 'Error submitting leave request: ',
  fetchTasks: 'Error fetching tasks: ',
  assignTask: 'Error assigning task: ',
  updateTaskStatus: 'Error updating task status: ',
  updateProfile: 'Error updating profile: ',
  downloadSalarySlip: 'Error downloading salary slip: ',
  punchIn: 'Error punching in: ',
  punchOut: 'Error punching out: ',
} as const;

/** Server answers that the client may show verbatim (the `msg` of a 4xx). */
export const SERVER_MSG = {
  invalidCredentials: 'Invalid email or password',
  missingToken: 'No authentication token found. Please log in again.',
  invalidToken: 'Invalid or expired session. Please log in again.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  wrongOldPassword: 'Old password is incorrect',
  passwordChanged: 'Password updated successfully',
  passwordSet: 'Password set. You can now log in.',
  resetLinkSent: 'If that email belongs to an account, a link to set a password has been sent.',
  invalidResetToken: 'This link is invalid or has expired. Ask for a new one.',
  tooManyAttempts: (retryAfterSeconds: number) =>
    `Too many login attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
} as const;

/** Employee roster answers (add, CSV import, edit, delete): the server's `msg` texts. */
export const EMPLOYEE_MSG = {
  added: 'Employee added successfully',
  updated: 'Employee updated successfully',
  deleted: 'Employee deleted successfully',
  notFound: 'Employee not found',
  duplicateEmail: (email: string) => `An account with the email ${email} already exists`,
  ownNameAndEmailOnly: 'You can change only your own name and email',
  imported: (added: number, total: number) => `Added ${added} of ${total} employees`,
  csvNoFile: 'Please select a CSV file to upload (form field "file")',
  csvOneFile: 'Upload one CSV file at a time',
  csvEmpty: 'The CSV file is empty',
  csvNoRows: 'The CSV file has a header row but no employees',
  csvNotText: 'The file is not a CSV text file',
  csvNotUtf8: 'The CSV file must be saved as UTF-8 text',
  csvTooLarge: (limitMb: number) => `The CSV file is larger than the ${limitMb} MB limit`,
  csvMissingColumns: (columns: string[]) => `The CSV file is missing the ${columns.length === 1 ? 'column' : 'columns'}: ${columns.join(', ')}`,
  csvRepeatedColumn: (column: string) => `The CSV file has the column ${column} more than once`,
  csvUnreadable: (reason: string) => `The CSV file could not be read: ${reason}`,
  uploadUnreadable: 'The upload could not be read; send the CSV as multipart/form-data in the field "file"',
  importRaced: 'Another change added one of these employees during the import, so nothing was added. Upload the file again.',
  moreRowErrors: (count: number) => `...and ${countOf(count, 'more row')} with errors`,
} as const;

/** Client labels the spec names (section 2): tabs, fields, buttons and header texts. */
export const LABELS = {
  loginAs: 'Login as',
  adminTab: 'Admin',
  employeeTab: 'Employee',
  email: 'Email',
  password: 'Password',
  adminLogin: 'Admin Login',
  employeeLogin: 'Employee Login',
  forgotPassword: 'Forgot password?',
  sendLink: 'Send Link',
  backToLogin: 'Back to login',
  oldPassword: 'Old Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  confirmNewPassword: 'Confirm New Password',
  updatePassword: 'Update Password',
  setPassword: 'Set Password',
  changePassword: 'Change Password',
  logout: 'Logout',
  menu: 'Menu',
  lastUpdated: 'Last updated',
  downloadSalarySlip: 'Download Salary Slip',
} as const;

/** Sidebar entries (spec section 2), in the spec's order. */
export const NAV = {
  addEmployee: 'Add Employee',
  employeeList: 'Employee List',
  attendance: 'Attendance',
  leaveRequests: 'Leave Requests',
  tasks: 'Tasks',
  salarySlip: 'Salary Slip',
  profile: 'Profile',
  performanceReviews: 'Performance Reviews',
  training: 'Training & Development',
  benefits: 'Benefits Management',
  expenseClaims: 'Expense Claims',
  teamDirectory: 'Team Directory',
} as const;

/** Server answers of /api/leave; the client shows them verbatim. */
export const LEAVE_MSG = {
  requested: 'Leave request submitted',
  endBeforeStart: 'End date cannot be before start date',
  overlaps: (startDate: string, endDate: string, status: string) =>
    `These dates overlap your ${status} leave from ${startDate} to ${endDate}`,
  notFound: 'Leave request not found',
  alreadyDecided: (status: string) => `This leave request has already been ${status}`,
  decided: (status: 'approved' | 'rejected') => `Leave request ${status}`,
} as const;

/** Server answers of /api/task; the client shows them verbatim. */
export const TASK_MSG = {
  assigned: 'Task assigned successfully',
  noActiveEmployee: (employeeId: string) => `No active employee with ID ${employeeId}`,
  notFound: 'Task not found',
  notAssignee: 'Only the employee this task is assigned to can change its status',
  statusUpdated: 'Task status updated',
} as const;

/** Server answers of /api/attendance; the client shows them verbatim. */
export const ATTENDANCE_MSG = {
  punchedIn: 'Punched in successfully',
  punchedOut: 'Punched out successfully',
  alreadyPunchedIn: 'Already punched in today',
  notPunchedIn: 'You have not punched in today',
  alreadyPunchedOut: 'Already punched out today',
  startAfterEnd: 'Start date must not be after end date',
  bothDatesRequired: MSG.datesRequired,
  dateWithRange: 'Use either date or startDate/endDate, not both',
  exportsBusy: 'Other attendance reports are being downloaded right now. Try again in a minute.',
  tooManyRecords: (count: number, max: number) =>
    `This range holds ${count} records, more than ${max} can be listed; narrow the dates or download the CSV report`,
} as const;

/** Leave Management screen (spec section 2): titles, field and column labels, buttons. */
export const LEAVE_UI = {
  requestTitle: 'Request a Leave',
  myTitle: 'My Leave Requests',
  allTitle: 'All Leave Requests',
  employeeId: 'Employee ID',
  startDate: 'Start Date',
  endDate: 'End Date',
  reason: 'Reason',
  status: 'Status',
  actions: 'Actions',
  submit: 'Submit Leave Request',
  approve: 'Approve',
  reject: 'Reject',
  /** Accessible names of the row buttons: they start with the visible word (WCAG 2.5.3). */
  approveFor: (employeeId: string, startDate: string, endDate: string) =>
    `Approve leave of ${employeeId} from ${startDate} to ${endDate}`,
  rejectFor: (employeeId: string, startDate: string, endDate: string) =>
    `Reject leave of ${employeeId} from ${startDate} to ${endDate}`,
  loading: 'Loading Leave Requests...',
  /** The server caps a list (LIST_DEFAULT_LIMIT); say so instead of hiding the rest silently. */
  truncated: (shown: number) => `Showing the newest ${shown} leave requests.`,
} as const;

/** Tasks screen (spec section 2): heading, assign form, list titles and columns. */
export const TASK_UI = {
  title: 'Task Management',
  allTitle: 'All Tasks',
  myTitle: 'My Tasks',
  employee: 'Employee',
  selectEmployee: 'Select Employee',
  /** Spec: each option shows the name and the employee id. */
  employeeOption: (name: string, employeeId: string) => `${name} (${employeeId})`,
  taskTitle: 'Task Title',
  description: 'Description',
  assign: 'Assign Task',
  employeeId: 'Employee ID',
  titleColumn: 'Title',
  status: 'Status',
  actions: 'Actions',
  /** Label of a row's status dropdown, so each one is named after its task. */
  statusOf: (title: string) => `Status of ${title}`,
  empty: 'No tasks found.',
  loading: 'Loading Tasks...',
  loadingEmployees: 'Loading employees...',
  truncated: (shown: number) => `Showing the newest ${shown} tasks.`,
} as const;

/** Salary Slip and Payroll Run screens: labels, titles and the client's own texts. */
export const SALARY_UI = {
  slipTitle: 'Salary Slip',
  month: 'Month',
  /** Below the month picker: which months the server has slips for. */
  monthHint: 'Choose a month from your joining month up to the current month.',
  downloading: 'Downloading...',
  saved: (filename: string) => `Salary slip saved as ${filename}`,
  /** Fallback of 'Error downloading salary slip: ' when the failure carries no message. */
  downloadFailed: 'Failed to download salary slip',
  payrollTitle: 'Payroll Run',
  payrollIntro: "Email every active employee's salary slip for a month.",
  startRun: 'Start Payroll Run',
  starting: 'Starting...',
  startRunError: 'Error starting payroll run: ',
  startRunFailed: 'Failed to start the payroll run',
  retryError: 'Error retrying payroll run: ',
  retryFailedFallback: 'Failed to retry the payroll run',
  loadRunError: 'Error loading payroll run: ',
  loadRunsError: 'Error loading payroll runs: ',
  loadRunsFailed: 'Failed to load payroll runs',
  runHeading: (monthLabel: string) => `Payroll run for ${monthLabel}`,
  progress: 'Progress',
  sent: (n: number) => `Sent ${n}`,
  failed: (n: number) => `Failed ${n}`,
  pending: (n: number) => `Pending ${n}`,
  ofTotal: (processed: number, total: number) => `${processed} of ${total} processed`,
  statusRunning: 'Running',
  statusDone: 'Done',
  finished: (sent: number, failed: number) => `Run finished: ${sent} sent, ${failed} failed.`,
  retryFailed: 'Retry failed',
  failedEmployees: 'Failed employees',
  employeeId: 'Employee ID',
  error: 'Error',
  moreErrors: (shown: number, failed: number) => `Showing the first ${shown} of ${failed} failures.`,
  recentRuns: 'Recent payroll runs',
  noRuns: 'No payroll runs yet.',
  loadingRuns: 'Loading payroll runs...',
  columnMonth: 'Month',
  columnStatus: 'Status',
  columnSent: 'Sent',
  columnFailed: 'Failed',
  columnTotal: 'Total',
  columnStarted: 'Started',
  columnActions: 'Actions',
  view: 'View',
  /** Accessible name of a row's View button; it starts with the visible word (WCAG 2.5.3). */
  viewRun: (monthLabel: string, runId: string) => `View payroll run ${runId} for ${monthLabel}`,
} as const;

/** Employee roster, profile and welcome-card screens: titles, labels and prompts. */
export const EMPLOYEE_UI = {
  addTitle: 'Add Employee',
  listTitle: 'Employee List',
  editTitle: 'Edit Employee',
  profileTitle: 'Edit Profile',
  name: 'Name',
  email: 'Email',
  position: 'Position',
  salary: 'Salary',
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  employeeId: 'Employee ID',
  actions: 'Actions',
  addEmployee: 'Add Employee',
  updateEmployee: 'Update Employee',
  updateProfile: 'Update Profile',
  uploadTitle: 'Upload Employees via CSV',
  csvFile: 'CSV file',
  csvHint: 'Columns: name, email, position, salary (optionally employeeId), with a header row.',
  uploadCsv: 'Upload CSV',
  uploadProgress: 'Upload progress',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  importing: 'Adding employees...',
  edit: 'Edit',
  delete: 'Delete',
  emailSalarySlip: 'Email Salary Slip',
  promptMonth: 'Enter the month for the salary slip (for example, January):',
  promptYear: 'Enter the year for the salary slip (for example, 2025):',
  welcomeTitle: 'Welcome to the HR Portal',
  welcomeText:
    'Mark your attendance, request leave, follow your tasks, download your salary slips and keep your profile up to date, all in one place.',
  salaryNotNumber: 'Salary must be a number',
  loadingProfile: 'Loading Profile...',
  tableRegion: 'Employee table (scrolls)',
} as const;

/** Attendance screens and the admin dashboard's overview (spec section 2): titles, labels, columns. */
export const ATTENDANCE_UI = {
  overviewToday: (date: string) => `Attendance Overview (Today: ${date})`,
  overview: 'Attendance Overview',
  all: 'All Attendance',
  yours: 'Your Attendance',
  startDate: 'Start Date',
  endDate: 'End Date',
  downloadReport: 'Download Report',
  downloadAttendance: 'Download Attendance',
  /** Applies the admin screen's date range filter. */
  showRange: 'Show Records',
  punchIn: 'Punch In',
  punchOut: 'Punch Out',
  email: 'Email',
  name: 'Name',
  date: 'Date',
  status: 'Status',
  punchInColumn: 'Punch In',
  punchOutColumn: 'Punch Out',
  present: 'Present',
  absent: 'Absent',
  /** The one-letter status codes of the attendance screens (P green, A red). */
  presentCode: 'P',
  absentCode: 'A',
  unknownName: 'Unknown',
  loading: 'Loading Attendance...',
  downloading: 'Downloading...',
  /** Label of the scrollable table region, so keyboard users can reach and scroll it. */
  tableRegion: (title: string) => `${title}, scrollable table`,
  rangeShown: (start: string, end: string, count: number) =>
    `${count} record${count === 1 ? '' : 's'} from ${start} to ${end}`,
  /** Shown beside stale rows when a later poll of today's records failed. */
  refreshFailed: 'Showing the last records received; the latest refresh failed.',
  chartTitle: 'Present vs absent, last 30 days',
  chartLegendPresent: 'Present',
  chartLegendAbsent: 'Absent',
  chartTableCaption: 'Present and absent employees per day',
  chartSummary: (days: number, present: number, absent: number, averagePresent: number) =>
    `Over the last ${days} days: ${averagePresent} present on average per day. Today: ${present} present, ${absent} absent.`,
  chartLoading: 'Loading chart...',
} as const;

/** Account security: the server's answers and the notices the screens show for them. */
export const ACCOUNT_MSG = {
  weakPassword: 'This password is too easy to guess. Use a longer one, for example a few unrelated words.',
  samePassword: 'New password must be different from the old one',
  tooManyPasswordAttempts: (retryAfterSeconds: number) =>
    `Too many wrong passwords. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
  tooManyRequests: (retryAfterSeconds: number) =>
    `Too many requests from this address (rate limit). Try again in ${Math.max(1, retryAfterSeconds)} second(s).`,
  loggedOut: 'Logged out',
  emailConfirmed: 'Your email address has been changed. Use it to sign in from now on.',
  invalidEmailLink: 'This link is invalid or has expired. Change your email on the profile screen again to get a new one.',
  emailTaken: 'This email address is already in use by another account, so it cannot be used for this one.',
  /** Profile screen, after an email change that waits for confirmation. */
  emailChangePending: (email: string) =>
    `A confirmation link was sent to ${email}. Your email address changes once you open it.`,
  confirmEmailTitle: 'Confirm Email Change',
  confirmEmailButton: 'Confirm new email',
  confirmingEmail: 'Confirming...',
} as const;
