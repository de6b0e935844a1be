/** Answers of the leave policy routes; the client shows them verbatim. */
export const LEAVE_POLICY_MSG = {
  typeNotFound: 'Leave type not found',
  typeNameTaken: (name: string) => `A leave type named ${name} already exists`,
  typeCodeTaken: (code: string) => `Another leave type has the code ${code}`,
  holidayExists: (date: string) => `There is already a holiday on ${date}`,
  holidayNotFound: 'Holiday not found',
  holidayAdded: 'Holiday added',
  holidayRemoved: 'Holiday removed',
  holidayUpdated: 'Holiday updated',
  /** The day is already a holiday through one that repeats every year. */
  holidayRepeats: (date: string, name: string) => `${date} is already a holiday every year (${name})`,
  /** 29 February has no day to fall on in three years of four. */
  leapDayRepeat: 'A holiday on 29 February repeats yearly only in leap years: add it for each leap year instead',
  settingsSaved: 'Leave settings saved',
} as const;
