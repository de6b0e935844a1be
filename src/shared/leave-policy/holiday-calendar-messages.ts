/** Answers of the holiday import and "Who's off"; the client shows them verbatim. */
const holidays = (n: number) => `${n} ${n === 1 ? 'holiday' : 'holidays'}`;
const rows = (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'}`;

export const HOLIDAY_CALENDAR_MSG = {
  imported: (n: number) => `Imported ${holidays(n)}`,
  importRefused: (bad: number) => `Nothing was imported: ${rows(bad)} errors. Fix them and import the file again.`,
  csvNoBody: 'Please select a CSV file to upload (sent as text/csv)',
  csvNoRows: 'The CSV file has a header row but no holidays',
  csvTooLarge: (limitKb: number) => `The CSV file is larger than the ${limitKb} KB limit`,
  csvTooManyRows: (max: number) => `The CSV file has more than ${max} holidays; import one year at a time`,
  badOptional: (value: string) => `optional must be yes or no ("${value}")`,
  duplicateInFile: (date: string, row: number) => `duplicate date ${date} (also on row ${row})`,
  alreadyHoliday: (date: string, name: string) => `${date} is already a holiday (${name})`,
  tooManyLeaves: (count: number, max: number) => `The period holds ${count} approved leaves, more than the ${max} one answer may carry; choose a shorter period`,
} as const;
