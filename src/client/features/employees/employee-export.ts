/**
 * "Export CSV" of the Employee List: the rows in view (after search, filter and sort), built in the
 * browser, so an export matches the screen exactly and costs the server nothing. Cells are guarded
 * against formula injection like the server's exports; salary stays a plain number for spreadsheets.
 */
import { csvText } from '../../../shared/csv-text';
import { localDateString } from '../../../shared/format';
import { EMPLOYEE_UI } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { csvFile, type DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import { LIST_UI } from '../../components/list-copy';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
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
 * The export through the shared download machine: employees_<today>.csv, saved by the app's file-save
 * effect (which clicks a download link and revokes the object URL once the browser has read it).
 */
export const employeesExport = createFileDownloadMachine<readonly Employee[]>({
  id: 'employeesExport',
  failure: (error) => LIST_UI.exportFailed + errorMessage(error, LIST_UI.exportFallback),
});

export const employeesFile = async (employees: readonly Employee[]): Promise<DownloadedFile> =>
  csvFile(employeesCsv(employees), EMPLOYEE_LIST_UI.exportFileName(localDateString()));
