/**
 * The going-live calls: the go-live settings, the two imports (opening leave balances, past attendance), a leave
 * adjustment, one person's adjustment history, and the dashboard's set-up checklist. An import
 * invalidates the lists it changes (balances are read through the leave LIST tag, records through
 * Attendance), so the screens behind it refresh.
 */
import type { GoLiveSettings } from '../../../shared/schemas/company';
import type { ImportAnswer } from '../../../shared/schemas/import';
import type { LeaveAdjustment, LeaveAdjustmentBody } from '../../../shared/schemas/leave-adjustments';
import type { SetupChecklist } from '../../../shared/schemas/setup-checklist';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

/** Which import a file goes to. */
export type ImportKind = 'leave-balances' | 'attendance';

export const IMPORT_PATHS: Record<ImportKind, string> = {
  'leave-balances': '/api/leave-balances/import',
  attendance: '/api/attendance/import',
};

export interface FileImportArg {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
  atomic: boolean;
}

/** A month of 10,000 people takes the server some seconds: more than the usual 10-second wait. */
const IMPORT_TIMEOUT_MS = 180_000;

export const goingLiveApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST the file (multipart, field 'file') with ?dryRun&atomic -> every import's answer. */
    importFile: build.mutation<ImportAnswer, FileImportArg>({
      query: ({ kind, file, dryRun, atomic }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${IMPORT_PATHS[kind]}?dryRun=${dryRun}&atomic=${atomic}`, method: 'POST', body, timeout: IMPORT_TIMEOUT_MS };
      },
      invalidatesTags: (answer, _error, arg) =>
        answer && !answer.dryRun ? (arg.kind === 'attendance' ? [{ type: 'Attendance', id: 'LIST' }, { type: 'Leave', id: 'LIST' }] : [{ type: 'Leave', id: 'LIST' }]) : [],
    }),
    /** POST /api/leave-balances/adjustments -> {msg}. */
    adjustLeave: build.mutation<{ msg: string }, LeaveAdjustmentBody>({
      query: (body) => ({ url: '/api/leave-balances/adjustments', method: 'POST', body }),
      invalidatesTags: [{ type: 'Leave', id: 'LIST' }],
    }),
    /** GET /api/leave-balances/adjustments?employeeId= -> opening balances and adjustments, newest first. */
    getLeaveAdjustments: build.query<LeaveAdjustment[], string>({
      query: (employeeId) => `/api/leave-balances/adjustments?employeeId=${encodeURIComponent(employeeId)}`,
      providesTags: [{ type: 'Leave', id: 'LIST' }],
    }),
    /** GET /api/company/imports/:id/failed -> the rows with errors as CSV, with an error column. */
    downloadFailedRows: build.mutation<DownloadedFile, string>({
      query: (reportId) => ({ url: `/api/company/imports/${encodeURIComponent(reportId)}/failed`, responseHandler: fileResponseHandler(`import-${reportId}-failed-rows.csv`) }),
    }),
    /** GET /api/company/go-live -> the go-live date, pay basis and invitations on import. */
    getGoLiveSettings: build.query<GoLiveSettings, void>({
      query: () => '/api/company/go-live',
      providesTags: [{ type: 'Company', id: 'GO-LIVE' }],
    }),
    /** PUT /api/company/go-live (all three fields) -> the settings as saved; the checklist reads them. */
    saveGoLiveSettings: build.mutation<GoLiveSettings, GoLiveSettings>({
      query: (body) => ({ url: '/api/company/go-live', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Company', id: 'GO-LIVE' }],
    }),
    /** GET /api/dashboard/setup -> the set-up checklist. */
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => '/api/dashboard/setup',
      providesTags: [{ type: 'Company', id: 'GO-LIVE' }, { type: 'Employee', id: 'LIST' }, { type: 'Leave', id: 'LIST' }, { type: 'PayrollApproval', id: 'LIST' }],
    }),
  }),
});

export const { useGetGoLiveSettingsQuery, useSaveGoLiveSettingsMutation, useAdjustLeaveMutation, useGetLeaveAdjustmentsQuery, useGetSetupChecklistQuery } = goingLiveApi;
