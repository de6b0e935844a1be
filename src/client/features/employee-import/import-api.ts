/**
 * The employee import's calls: the file (checked with dryRun, or imported), the template, the kept
 * reports and a report's failed rows. An import that wrote something refreshes the roster and the
 * list of past imports.
 */
import type { ImportAnswer, ImportMode, ImportReport, ImportReportDetail } from '../../../shared/schemas/import';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';
import { EMPLOYEE_LIST_TAG } from '../../api/employee-api';

const IMPORTS = { type: 'ImportReport', id: 'LIST' } as const;

export type InviteChoice = 'default' | 'now' | 'later';

export interface EmployeeImportArg {
  file: File;
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
  invite: InviteChoice;
}

export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/employee/upload?mode&dryRun&atomic&invite (multipart "file") -> the import answer. */
    importEmployees: build.mutation<ImportAnswer, EmployeeImportArg>({
      query: ({ file, mode, dryRun, atomic, invite }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        const params: Record<string, string> = { mode, dryRun: String(dryRun), atomic: String(atomic) };
        if (invite !== 'default') params.invite = invite;
        return { url: '/api/employee/upload', method: 'POST', params, body };
      },
      invalidatesTags: (result) => (result && !result.dryRun ? [EMPLOYEE_LIST_TAG, IMPORTS] : []),
    }),
    /** GET /api/employee/upload/template?format: the template file. */
    downloadImportTemplate: build.mutation<DownloadedFile, 'xlsx' | 'csv'>({
      query: (format) => ({ url: '/api/employee/upload/template', params: { format }, responseHandler: fileResponseHandler(`employee-import-template.${format}`), cache: 'no-store' }),
    }),
    /** GET /api/company/imports?kind=employees: past employee imports, newest first. */
    getEmployeeImports: build.query<ImportReport[], void>({
      query: () => ({ url: '/api/company/imports', params: { kind: 'employees' } }),
      providesTags: [IMPORTS],
    }),
    /** GET /api/company/imports/{id}: one import with every row's result. */
    getImportReport: build.query<ImportReportDetail, string>({
      query: (id) => ({ url: `/api/company/imports/${encodeURIComponent(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'ImportReport', id }],
    }),
    /** GET /api/company/imports/{id}/failed: the failed rows as CSV, with an error column. */
    downloadFailedRows: build.mutation<DownloadedFile, string>({
      query: (id) => ({ url: `/api/company/imports/${encodeURIComponent(id)}/failed`, responseHandler: fileResponseHandler(`import-${id}-failed-rows.csv`), cache: 'no-store' }),
    }),
  }),
});

export const { useGetEmployeeImportsQuery, useGetImportReportQuery } = importApi;
