import { countOf } from '../../../shared/format';

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
