import { countOf } from '../../../shared/format';
import { CSV_MSG } from '../../csv-table';

/** 'Added 3, updated 2, unchanged 1, failed 1'. */
const tally = (rows: readonly { result: string }[]) => {
  const n = (r: string) => rows.filter((x) => x.result === r).length;
  return `Added ${n('added')}, updated ${n('updated')}, unchanged ${n('unchanged')}, failed ${n('failed')}`;
};

/** Employee roster answers (add, CSV import, edit, delete): the server's `msg` texts. */
export const EMPLOYEE_MSG = {
  // The file-level CSV refusals (empty, not text, a missing column…) every import gives.
  ...CSV_MSG,
  added: 'Employee added successfully',
  updated: 'Employee updated successfully',
  deleted: 'Employee deleted successfully',
  notFound: 'Employee not found',
  duplicateEmail: (email: string) => `An account with the email ${email} already exists`,
  ownNameAndEmailOnly: 'You can change only your own name and email',
  imported: (added: number, total: number) => `Added ${added} of ${total} employees`,
  importedModes: (rows: readonly { result: string }[], total: number) => `${tally(rows)} of ${total} employees`,
  dryRun: (total: number, rows: readonly { result: string }[]) => `Checked ${countOf(total, 'row')}, nothing written: would be ${tally(rows).toLowerCase()}`,
  atomicRefused: (failed: number) => `Nothing was imported: ${countOf(failed, 'row')} ${failed === 1 ? 'has' : 'have'} errors and the import was all or nothing`,
  invited: (count: number) => `Sent ${countOf(count, 'invitation')}`,
  pinTaken: (pin: string, code: string) => `devicePin ${pin} already belongs to ${code}`,
  pinRaced: 'Someone was given that devicePin a moment ago: choose another',
  codeTaken: (code: string) => `The employee ID ${code} is already used (codes are never reused)`,
  csvNoFile: 'Please select a CSV file to upload (form field "file")',
  csvOneFile: 'Upload one CSV file at a time',
  csvNoRows: 'The CSV file has a header row but no employees',
  csvTooLarge: (limitMb: number) => `The CSV file is larger than the ${limitMb} MB limit`,
  uploadUnreadable: 'The upload could not be read; send the CSV as multipart/form-data in the field "file"',
  importRaced: 'Another change added one of these employees during the import, so nothing was added. Upload the file again.',
  moreRowErrors: (count: number) => `...and ${countOf(count, 'more row')} with errors`,
  hasPayHistory: (name: string, employeeId: string) =>
    `${name} (${employeeId}) has approved payroll months, so the record stays: record their exit on Edit Employee instead. Delete is for a record entered by mistake`,
  // The leaving date is an exit's last working day; only Record exit checks notice, the settlement and approved payroll.
  leavingDateByExit: "The leaving date is set by the exit: use Record exit on Edit Employee, which checks the notice, the settlement and approved payroll",
  leftBeforeJoining: (leftOn: string, joinedOn: string) => `Leaving date (${leftOn}) must not be before the joining date (${joinedOn})`,
  bornAfterJoining: (born: string, joinedOn: string) => `Date of birth (${born}) must be before the joining date (${joinedOn})`,
  pfBeforeBirth: (pf: string, born: string) => `First PF membership date (${pf}) must be after the date of birth (${born})`,
} as const;
