/**
 * A company's staff as an .xlsx, the way HR keeps it: its own codes (ACM0001…), Indian dates and
 * grouped salaries, phones, reporting lines by code, some long names; and, when asked, bad rows of
 * the kinds people really send (for the import journey and its screenshots).
 */
import ExcelJS from 'exceljs';

export const IMPORT_COLUMNS = ['employeeId', 'name', 'email', 'position', 'salary', 'joiningDate', 'phone', 'managerEmployeeId'] as const;
type Row = Record<(typeof IMPORT_COLUMNS)[number], string>;

const FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Kiran', 'Divya', 'Rahul', 'Sneha', 'Vikram'];
const LAST = ['Rao', 'Iyer', 'Shah', 'Nair', 'Das', 'Gupta', 'Menon', 'Singh', 'Bose', 'Pillai'];
const POSITIONS = ['Accountant', 'Sales Executive', 'Software Engineer', 'Warehouse Supervisor', 'HR Generalist'];

export const code = (i: number) => `ACM${String(i).padStart(4, '0')}`;

/** Row i (1-based) of a good file: everyone below the first ten reports to one of them. */
export function goodRow(i: number): Row {
  const name = i % 37 === 0 ? `Chandrasekharan Venkataraghavan Subramaniam ${FIRST[i % 10]} ${i}` : `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`;
  return {
    employeeId: code(i),
    name,
    email: `staff.${i}@acme.in`,
    position: POSITIONS[i % POSITIONS.length]!,
    salary: (25_000 + (i % 40) * 1_250).toLocaleString('en-IN'),
    joiningDate: `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2022`,
    phone: `+91 98450 ${String(10_000 + i).slice(-5)}`,
    managerEmployeeId: i <= 10 ? '' : code((i % 10) + 1),
  };
}

/** Seven ways a row goes wrong, each in one field (two in the last). */
export const BREAKS: ((row: Row) => Row)[] = [
  (r) => ({ ...r, email: r.email.replace('@', '') }),
  (r) => ({ ...r, name: '' }),
  (r) => ({ ...r, joiningDate: '31/02/2024' }),
  (r) => ({ ...r, managerEmployeeId: 'ACM9999' }),
  (r) => ({ ...r, salary: 'twenty thousand' }),
  (r) => ({ ...r, phone: '12' }),
  (r) => ({ ...r, email: `${r.email.split('@')[0]}.acme.in`, joiningDate: '2024-13-01' }),
];

/** `count` rows; the rows at `bad` (1-based) broken by BREAKS in turn. */
export function staffRows(count: number, bad: readonly number[] = [], from = 1): Row[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const at = bad.indexOf(i);
    return at === -1 ? goodRow(i) : BREAKS[at % BREAKS.length]!(goodRow(i));
  });
}

/** The rows as an .xlsx with an instructions sheet after the data, as the template has. */
export async function staffWorkbook(rows: readonly Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Employees');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (const r of rows) sheet.addRow(IMPORT_COLUMNS.map((c) => r[c]));
  sheet.columns.forEach((col) => (col.numFmt = '@'));
  wb.addWorksheet('Notes').addRow(['Exported from the old HR system']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
