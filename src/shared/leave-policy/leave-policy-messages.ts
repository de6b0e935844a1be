/** Answers of the leave policy routes; the client shows them verbatim. */
export const LEAVE_POLICY_MSG = {
  typeNotFound: 'Leave type not found',
  typeNameTaken: (name: string) => `A leave type named ${name} already exists`,
  typeCodeTaken: (code: string) => `Another leave type has the code ${code}`,
  holidayExists: (date: string) => `There is already a holiday on ${date}`,
  holidayNotFound: 'Holiday not found',
  holidayAdded: 'Holiday added',
  holidayRemoved: 'Holiday removed',
  settingsSaved: 'Leave settings saved',
} as const;
