import { formatCount } from '../../../shared/format';
/** Words of the attendance screens beyond product.md (kept with the feature). */
export const ATTENDANCE_EXTRA_UI = {
  /** The attendance screens' extra columns: time between the punches (the third from the end, before Late and Early). */
  hoursColumn: 'Hours Worked',
  /** Minutes after the shift's start (beyond the grace) and before its end, from the server. */
  lateColumn: 'Late',
  earlyColumn: 'Early',
  /** Who set the day, the last column: an admin, an import, a device or the web punch buttons. */
  sourceColumn: 'Source',
  sourceAdmin: 'Admin',
  sourceImport: 'Import',
  sourceWeb: 'Web',
  sourceWebSite: (site: string) => `Web (${site})`,
  sourceWebNetwork: 'Web (office network)',
  sourceDevice: (serial: string) => `Device ${serial}`,
  /** Screen-reader words beside the figure. */
  minutesLate: 'late',
  minutesEarly: 'early',
  /** The 30-day chart when nobody has been present in its window (a new company). */
  chartEmpty: 'No attendance recorded yet',
  /** Above the punch buttons: where today stands. */
  punchedInAt: (time: string) => `Punched in at ${time}`,
  punchedOutAt: (time: string) => `Punched out at ${time}`,
  /** A row's link to ask for a correction of that day, and its name for screen readers. */
  fixDay: 'Fix this day',
  fixDayColumn: 'Fix',
  fixDayFor: (date: string) => `Fix this day: ${date}`,
  /** Above the table when an earlier day has a punch in and no punch out. */
  missedPunchOut: (date: string) => `You did not punch out on ${date}.`,
  closeFix: 'Close',
  notPunchedIn: 'Not punched in yet',
  /** Today has a record without a punch-in (a holiday or an absence filed by HR). */
  recordedToday: (status: string) => `Today is recorded as ${status}`,
  /** Names the punch row for assistive tech. */
  todayLabel: "Today's attendance",
  /** A record that is not present on a company holiday or weekly off: not an absence. */
  holiday: 'Holiday',
  weeklyOff: 'Weekly off',
  /** The admin Attendance screen's link to the monthly register. */
  registerLink: 'Attendance Register',
  /** To the biometric devices and their punches. */
  devicesLink: 'Devices and Punches',
  /** The admin screen's columns beside the spec's Email. */
  employeeIdColumn: 'Employee ID',
  /** Admin Attendance: the people behind the dashboard's "absent" figure, folded under its count. */
  absentToday: (n: number | null) => (n === null ? 'Not punched in today' : `Not punched in today (${n.toLocaleString('en-IN')})`),
  absentTodayLead: 'Employed today, no punch in and no approved leave.',
  absentTodayNone: 'Everyone employed today has punched in or is on leave.',
  absentTodayDayOff: (kind: 'holiday' | 'weekly-off') => (kind === 'holiday' ? 'Today is a holiday: nobody is absent.' : 'Today is a weekly off: nobody is absent.'),
  absentTodaySearch: 'Find by name, email or employee ID',
  absentTodayNoMatch: 'Nobody not punched in matches.',
  absentTodayMore: (shown: number, total: number) => `The first ${shown.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} by name; search to narrow.`,
  absentTodayError: 'Could not load who has not punched in: ',
  /** Saves the range on screen through the spec's ?startDate&endDate download. */
  downloadRange: 'Download this range',
  /** The admin screen's filters over the range shown. */
  filtersLabel: 'Filter the records shown',
  personFilter: 'Person',
  personHint: 'Name, email or employee ID',
  statusFilter: 'Show',
  statusAll: 'All records',
  statusPresent: 'Present',
  statusAbsent: 'Absent',
  statusLate: 'Late',
  statusEarly: 'Left early',
  clearFilters: 'Clear filters',
  noMatch: 'No records match the filters.',
  /** The table shows a page of the range at a time; the server narrows and pages it. */
  pagesLabel: 'Pages of records',
  pageLine: (from: number, to: number, total: number) => `Records ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`,
  previousPage: 'Previous',
  nextPage: 'Next',
} as const;

/** The punch buttons under a rule that asks where the person punches from. */
export const PUNCH_POSITION_UI = {
  /** Under the buttons, so the browser's location prompt is expected. */
  asked: 'Your company checks that you punch at an office site: your browser will ask to share your location.',
  /** Web punching is off for this person. */
  webOff: 'Punching in the browser is off for you: punch on the office device.',
  unsupported: 'This browser cannot share its location, which your company needs for a punch: use another browser or the office device.',
  denied: 'Location access is blocked for this site. Allow it in your browser settings, then punch again.',
  notFound: 'Your location could not be found. Turn on location services, or move nearer a window, and try again.',
} as const;

/** Attendance screens and the admin dashboard's overview (product.md, Screens): titles, labels, columns. */
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
    `Over the last ${days} days: ${averagePresent} present on average per working day. Today: ${present} present, ${absent} absent.`,
  chartLoading: 'Loading chart...',
} as const;

/** The employee's card of their punches held for review (held-punches-card.tsx). */
export const HELD_PUNCHES_UI = {
  title: 'Punches reviewed by an admin',
  intro: 'A punch in the future, too old, or in a month whose payroll is approved waits for an admin before it counts in your day.',
  heldBecause: (reason: string) => `Held because: ${reason}.`,
  waiting: 'Waiting for an admin.',
  applied: (reason: string) => `Applied to your day. Reason: ${reason}`,
  discarded: (reason: string) => `Discarded: it does not count. Reason: ${reason}`,
} as const;
