/**
 * "Export CSV" of the Employee List: the rows in view (after search, filter and sort), built in the
 * browser, so an export matches the screen exactly and costs the server nothing. Cells are guarded
 * against formula injection like the server's exports; salary stays a plain number for spreadsheets.
 */
import { csvText } from '../../../shared/csv-text';
import { localDateString } from '../../../shared/format';
import { EMPLOYEE_UI } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import type { DownloadedFile } from '../../api/download';
import { EMPLOYEE_LIST_UI } from './employee-list-copy';

export const EMPLOYEE_CSV_HEADER = [
  EMPLOYEE_UI.employeeId,
  EMPLOYEE_UI.name,
  EMPLOYEE_UI.email,
  EMPLOYEE_UI.position,
  EMPLOYEE_UI.salary,
] as const;

/** The CSV text of `employees`, in the order given. */
export const employeesCsv = (employees: readonly Employee[]): string =>
  csvText(
    EMPLOYEE_CSV_HEADER,
    employees.map((e) => [e.employeeId, e.name, e.email, e.position, e.salary]),
  );

/**
 * Saves `employees` as employees_<today>.csv through `save`, the app's file-save effect (which
 * clicks a download link and revokes the object URL once the browser has read it).
 */
export function exportEmployees(employees: readonly Employee[], save: (file: DownloadedFile) => void): void {
  const blob = new Blob([employeesCsv(employees)], { type: 'text/csv;charset=utf-8' });
  save({ url: URL.createObjectURL(blob), filename: EMPLOYEE_LIST_UI.exportFileName(localDateString()) });
}
