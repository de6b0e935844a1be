/**
 * The employee import template: every column the import reads, an example row, and (in the .xlsx,
 * on a second sheet) what each column takes. The import reads the first sheet whose first row holds
 * the columns, so the help sheet never gets in the way.
 */
import { exceljs } from '../../file-libraries';
import { stringify } from 'csv-stringify/sync';
import { AMOUNT_FORMATS_TEXT, DATE_FORMATS_TEXT } from '../../../shared/imports/indian-formats';
import { EMPLOYEE_COLUMNS } from './employee-csv';

const EXAMPLE: Record<string, string> = {
  employeeId: 'ACM0001',
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  position: 'Accountant',
  salary: '45,000',
  salaryEffectiveFrom: '',
  joiningDate: '01/04/2022',
  phone: '+91 98450 12345',
  departmentId: 'Finance',
  locationId: 'Bengaluru',
  managerEmployeeId: '',
  devicePin: '1',
  'statutory.stateOfWork': 'KA',
  'statutory.pan': 'ABCDE1234F',
  'statutory.uan': '100123456789',
  'statutory.esiNumber': '',
  'statutory.bankAccount': '50100123456789',
  'statutory.ifsc': 'HDFC0001234',
  'statutory.taxRegime': 'new',
  'statutory.gender': 'female',
  'statutory.pfOnFullWages': 'no',
  'statutory.leftOn': '',
};

const HELP: Record<string, string> = {
  employeeId: 'Your own code (letters, digits, _ or -; up to 20). Empty when adding: the next code of your series. Required to update.',
  name: 'Full name. Required to add.',
  email: 'Work email; the invitation goes here. Required to add.',
  position: 'Job title. Required to add.',
  salary: `Monthly gross in rupees: ${AMOUNT_FORMATS_TEXT}. Required to add.`,
  salaryEffectiveFrom:
    `When an update changes the salary: the day the new salary takes effect, ${DATE_FORMATS_TEXT}. From the joining date up to today. ` +
    'Empty: the first day of the earliest month not yet approved. A day inside approved months keeps their slips and pays the difference as arrears next month.',
  joiningDate: `${DATE_FORMATS_TEXT}. Empty when adding: today.`,
  phone: 'Digits with an optional +, spaces or dashes (7-15 digits).',
  departmentId: 'A department name or id from the Company profile.',
  locationId: 'A location name or id from the Company profile.',
  managerEmployeeId: "The manager's employeeId: someone already here or added by this file. Empty: as it is.",
  'statutory.leftOn': `Only when adding someone who has already left (a going-live file's past leavers): their last working day, ${DATE_FORMATS_TEXT}. On an update, empty or as it is: someone on the roster leaves through Record exit on Edit Employee.`,
  devicePin: 'The number the biometric device knows the person by: 1 to 9 digits, unique (0042 is 42). Empty when adding: the digits of the employeeId when no one has them.',
};

const helpOf = (column: string) =>
  HELP[column] ??
  (/(On|Date|OfBirth)$/.test(column)
    ? DATE_FORMATS_TEXT
    : /(pfOnFullWages|pfMember|personWithDisability)$/.test(column)
      ? 'yes or no'
      : column.endsWith('epsEligible')
        ? 'yes or no; empty: derived from the PF dates and wages'
        : column.endsWith('pfWageAtJoining')
          ? `PF wages on joining, in rupees: ${AMOUNT_FORMATS_TEXT}`
          : 'As on Edit Employee.');

export async function employeeTemplate(format: 'xlsx' | 'csv'): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const example = EMPLOYEE_COLUMNS.map((c) => EXAMPLE[c] ?? '');
  if (format === 'csv') {
    return {
      bytes: Buffer.from('\uFEFF' + stringify([[...EMPLOYEE_COLUMNS], example], { record_delimiter: '\r\n' })),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'employee-import-template.csv',
    };
  }
  const wb = new (exceljs().Workbook)();
  const sheet = wb.addWorksheet('Employees');
  sheet.addRow([...EMPLOYEE_COLUMNS]).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((col) => {
    col.width = 22;
    col.numFmt = '@'; // text, so codes like 0042 and dates stay as typed
  });
  const help = wb.addWorksheet('Formats');
  help.addRow(['column', 'what it takes']).font = { bold: true };
  for (const c of EMPLOYEE_COLUMNS) help.addRow([c, helpOf(c)]);
  help.addRow([]);
  help.addRow(['', 'An empty cell leaves a field as it is. Save values only: formulas are refused.']);
  help.getColumn(1).width = 28;
  help.getColumn(2).width = 100;
  return {
    bytes: Buffer.from(await wb.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: 'employee-import-template.xlsx',
  };
}
