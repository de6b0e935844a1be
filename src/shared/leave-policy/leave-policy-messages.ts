/** Answers of the leave policy rules; the client shows them verbatim. */

const dayCount = (n: number) => (n === 1 ? '1 day' : `${n} days`);

export const LEAVE_POLICY_MSG = {
  typeNotFound: 'Leave type not found',
  typeInactive: (name: string) => `${name} leave is no longer offered`,
  typeNameTaken: (name: string) => `A leave type named ${name} already exists`,
  halfDayNotAllowed: (name: string) => `${name} leave cannot be taken as a half day`,
  halfDayOneDay: 'A half day must start and end on the same date',
  spansLeaveYears: (boundary: string) => `A leave request cannot run across the start of the leave year on ${boundary}; make two requests`,
  noWorkingDays: 'These dates are all weekly offs or holidays: there is no leave to take',
  beyondBalance: (name: string, asked: number, available: number) =>
    `Not enough ${name} leave: this request needs ${dayCount(asked)} and ${dayCount(Math.max(0, available))} ${available === 1 ? 'is' : 'are'} available`,
  holidayExists: (date: string) => `There is already a holiday on ${date}`,
  holidayNotFound: 'Holiday not found',
  holidayAdded: 'Holiday added',
  holidayRemoved: 'Holiday removed',
  typeSaved: 'Leave type saved',
  settingsSaved: 'Leave settings saved',
  employeeNotFound: 'Employee not found',
} as const;
