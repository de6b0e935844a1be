/** Answers of the working-hours routes; the client shows them verbatim. */
export const WORK_HOURS_MSG = {
  settingsSaved: 'Working hours saved',
  shiftSaved: (name: string) => `Working hours of ${name} saved`,
  shiftCleared: (name: string) => `${name} now keeps the company's working hours`,
} as const;
