import type { PunchRule } from '../../../shared/schemas/day-rules';

/** The words of the Attendance rules screen. */
export const DAY_RULES_UI = {
  title: 'Attendance rules',
  intro: 'What a punched day counts as, and what a web punch must prove. Days set by hand or imported whole are never re-counted.',
  rulesTitle: "The day's rules",
  loading: 'Loading...',
  failed: 'Error loading the rules: ',
  fullDay: 'Hours for a full day',
  fullDayHint: 'Counted work, breaks excluded. Blank: any punched day is a full day.',
  halfDay: 'Hours for a half day',
  halfDayHint: 'Below the full day and at least this: a half day (paid half). Below it: absent.',
  allowBreaks: 'Allow several punches a day (a punch-in after a punch-out starts a new stretch; the gaps are breaks)',
  overtime: 'Record overtime (Code on Wages s.14: beyond the normal day or week)',
  normalDay: 'Normal working day (hours)',
  normalWeek: 'Normal working week (hours)',
  rate: 'Overtime rate (times the ordinary rate, at least 2)',
  payable: 'Pay overtime through payroll',
  weekStart: 'The week starts on',
  weekStartHint: 'The normal week is counted from this day; a week across two months is paid with the month it ends in. Factories: Sunday, unless the inspector approved another day.',
  weekdays: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  rateWages: 'Ordinary rate on',
  rateWagesChoices: { gross: 'Monthly gross (all allowances)', basic: 'Basic pay with DA' },
  rateDays: 'Ordinary rate: days a month',
  rateDaysChoices: { working: "The month's working days", '26': '26 days', '30': '30 days' },
  rateHint: 'Hourly rate = monthly wages ÷ (days × normal day). Overtime pay is in the gross for ESI, professional tax and TDS, and not basic pay for PF.',
  compOff: 'Give comp-off for working on a holiday or weekly off (approved like leave, taken as Compensatory Off)',
  compOffDays: 'Comp-off expires after (days)',
  compOffDaysHint: 'Counted from the day worked; untaken days lapse after it.',
  saveRules: "Save the day's rules",
  rulesFailed: "Error saving the day's rules: ",
  policyTitle: 'Web punching',
  policyIntro:
    'A location can be faked in a browser, so a site is a deterrent and a record of where people say they are; office networks and biometric devices are the stronger checks.',
  webAllowed: 'Employees may punch in the browser',
  geofence: 'Only inside an office site',
  network: 'Only from an office network',
  sites: 'Office sites',
  sitesHint: 'One a line: name; latitude; longitude; radius in metres. For example: Pune office; 18.5204; 73.8567; 200',
  networks: 'Office networks',
  networksHint: 'One a line: name; address range. For example: Head office; 203.0.113.0/24',
  savePolicy: 'Save web punching',
  policyFailed: 'Error saving web punching: ',
  ownRulesTitle: 'People with their own rule',
  ownRulesNone: "Everyone follows the company's rule. Give someone their own on their Edit Employee page.",
  ownRulesLoading: 'Loading the people with their own rule...',
  /** A server complaint about one row of a list: "Line 2: latitude must be from -90 to 90". */
  line: (index: number, text: string) => `Line ${index + 1}: ${text}`,
} as const;

/** A web punch rule in words, as the company's settings and a person's own rule say it. */
export function punchRuleText(rule: PunchRule): string {
  if (!rule.webAllowed) return 'Devices only: no web punching';
  if (rule.geofenceRequired && rule.networkRequired) return 'Web punching inside an office site and from an office network';
  if (rule.geofenceRequired) return 'Web punching only inside an office site';
  if (rule.networkRequired) return 'Web punching only from an office network';
  return 'Web punching from anywhere';
}

/** The words of the locations' web punch rules, on the Company page. */
export const LOCATION_RULE_UI = {
  title: 'Web punching per location',
  intro: "A location's rule applies to the people there, unless a person has their own rule (Edit Employee).",
  label: (name: string) => `Web punching at ${name}`,
  company: "The company's rule",
  // The label already says "Web punching at …": the choices drop it, so the longest still fits a
  // phone's closed select, which cannot wrap.
  choices: {
    anywhere: 'From anywhere',
    site: 'Only inside an office site',
    network: 'Only from an office network',
    devices: 'Devices only: no web punching',
  },
  loading: 'Loading the locations’ punch rules...',
  loadFailed: 'Error loading the locations’ punch rules: ',
  saveFailed: 'Error saving the punch rule: ',
  fallback: 'the server did not answer',
} as const;

/** The words of an employee's own web punch rule, on Edit Employee. */
export const EMPLOYEE_PUNCH_RULE_UI = {
  title: 'Web punching',
  loading: 'Loading the punch rule...',
  failed: 'Error loading the punch rule: ',
  choice: 'Web punch rule of this employee',
  company: (text: string) => `The company's rule (${text})`,
  own: 'Their own rule',
  webAllowed: 'May punch in the browser',
  geofence: 'Only inside an office site',
  network: 'Only from an office network',
  noSites: 'The company has no office sites yet, so every web punch of this person would be refused: add sites under Attendance rules.',
  noNetworks: 'The company has no office networks yet, so every web punch of this person would be refused: add networks under Attendance rules.',
  applies: (text: string) => `With this choice: ${text}.`,
  save: 'Save punch rule',
  saveFailed: 'Error saving the punch rule: ',
} as const;
