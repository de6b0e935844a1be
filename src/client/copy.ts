/**
 * The spec's words (sections 2, 5 and 8) that the client shows across features: titles, loading
 * and empty texts, validation and session texts, fallbacks and prefixes of failures, labels and the
 * sidebar. Words both sides show are in src/shared/messages.ts; a feature's own are in its *-copy.ts.
 */
import { SERVER_MSG, VALIDATION_MSG } from '../shared/messages';

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

/** product.md, Input rules and Messages: validation, session and alert texts. */
export const MSG = {
  roleNotProvided: 'Role not provided by server',
  invalidAdminRole: 'Invalid role for admin login',
  invalidEmployeeRole: 'Invalid role for employee login',
  unauthorized: 'Unauthorized access',
  invalidSession: 'Invalid session. Please login again.',
  sessionTimedOut: 'Session timed out due to inactivity',
  noToken: 'No authentication token found. Please log in again.',
  pleaseLogin: 'Please login first',
  datesRequired: VALIDATION_MSG.datesRequired,
  csvRequired: 'Please select a CSV file to upload',
  someEmployeesFailed: 'Some employees could not be added: ',
  passwordsDoNotMatch: 'New password and confirm password do not match',
  passwordTooShort: VALIDATION_MSG.passwordTooShort,
  confirmDelete: 'Are you sure you want to delete this employee?',
  employeeDeleted: 'Employee deleted successfully',
  profileUpdated: 'Profile updated successfully',
  noEmployeeData: 'No employee data returned',
  underMaintenance: 'This feature is under maintenance and will be available soon.',
  salaryNotImplemented:
    'Salary slip download is not yet implemented in the backend. Please implement the /api/salary/generate endpoint.',
  allFieldsRequired: 'All fields are required',
  /** Beside each blank required field, when the form's message is 'All fields are required'. */
  fieldRequired: 'Required',
  requestTimedOut: 'The server did not answer in time. Please try again.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  pageNotFound: 'The page you asked for does not exist.',
} as const;

/** product.md, Messages: shown when a failed call carries neither a server msg nor an error message. */
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
  server: SERVER_MSG.serverError,
} as const;

/** product.md, Messages: dashboard error screens and alerts put these before the message. */
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

/** The email-change screens' own words (profile and the confirmation link); the server's answers are ACCOUNT_MSG. */
export const ACCOUNT_UI = {
  /** Profile screen, after an email change that waits for confirmation. */
  emailChangePending: (email: string) => `A confirmation link was sent to ${email}. Your email address changes once you open it.`,
  confirmEmailTitle: 'Confirm Email Change',
  confirmEmailButton: 'Confirm new email',
  confirmingEmail: 'Confirming...',
  cancelEmailTitle: 'Cancel Email Change',
  cancelEmailIntro: 'This cancels the requested change of your sign-in email (and undoes it if it was already confirmed), and signs out every session of your account.',
  cancelEmailButton: 'Cancel the change and sign out everywhere',
  cancellingEmail: 'Cancelling...',
  currentPassword: 'Current password',
  currentPasswordHint: 'Needed to change your sign-in email.',
} as const;

/** Sidebar entries (product.md, Screens), in the spec's order. */
export const NAV = {
  addEmployee: 'Add Employee',
  employeeList: 'Employee List',
  attendance: 'Attendance',
  leaveRequests: 'Leave Requests',
  tasks: 'Tasks',
  /** Beyond the spec's sidebar: the admin's set-up screens, after the spec's entries and before Logout. */
  settings: 'Settings',
  salarySlip: 'Salary Slip',
  profile: 'Profile',
  /** Beyond the spec's sidebar: the employee's income tax, after the spec's entries. */
  incomeTax: 'Income Tax',
  performanceReviews: 'Performance Reviews',
  training: 'Training & Development',
  benefits: 'Benefits Management',
  expenseClaims: 'Expense Claims',
  teamDirectory: 'Team Directory',
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
  importScreenIntro: 'A spreadsheet (.xlsx), updates to people already here, or a check before anything is written:',
  importScreenLink: 'Import employees',
  pastImportsLink: 'Past imports and their reports',
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
