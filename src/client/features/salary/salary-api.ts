/**
 * Salary endpoints (product.md, Calls): slip downloads, handed over as DownloadedFiles so
 * no Blob enters the store, and the bulk payroll runs the admin starts, watches and retries.
 */
import type { PayrollRunAccepted, PayrollRunReport, PayrollRunSummary } from '../../../shared/schemas/salary';
import type { AvailableSlips } from '../../../shared/schemas/payroll-payments';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

/** The document a slip is downloaded as: the spec's spreadsheet, or the PDF beside it. */
export type SlipFormat = 'xlsx' | 'pdf';

/** The name a slip is saved under when the server names none (it normally sends the same name). */
export const slipFallbackName = (employeeId: string, month: string, format: SlipFormat = 'xlsx') => `salary-slip_${employeeId}_${month}.${format}`;

export interface SlipRequest {
  employeeId: string;
  /** 'YYYY-MM'. */
  month: string;
  /** 'pdf' adds ?format=pdf; the spec's call (no parameter) answers the .xlsx. */
  format?: SlipFormat;
  /** An earlier version of a revised slip (1, 2, …); the latest when left out. */
  version?: number;
}

const RUNS_LIST = { type: 'PayrollRun', id: 'LIST' } as const;

// Two steps, so getPayrollRun can patch the typed list cache of the first.
const runsListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/salary/runs -> the latest payroll runs with their counts, newest first. */
    listPayrollRuns: build.query<PayrollRunSummary[], void>({
      query: () => '/api/salary/runs',
      providesTags: (runs = []) => [...runs.map((run) => ({ type: 'PayrollRun' as const, id: run._id })), RUNS_LIST],
    }),
  }),
});

export const salaryApi = runsListApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/salary/slip/{employeeId}/{YYYY-MM} -> the .xlsx slip (?format=pdf: the PDF). A mutation,
     * not a query: a download is a one-off act whose object URL must not be cached and replayed.
     */
    downloadSalarySlip: build.mutation<DownloadedFile, SlipRequest>({
      query: ({ employeeId, month, format, version }) => ({
        url: `/api/salary/slip/${encodeURIComponent(employeeId)}/${encodeURIComponent(month)}`,
        params: format === 'pdf' || version ? { ...(format === 'pdf' && { format }), ...(version && { version }) } : undefined,
        responseHandler: fileResponseHandler(slipFallbackName(employeeId, month, format)),
        cache: 'no-store',
      }),
    }),
    /** GET /api/salary/slips/{employeeId}: the months whose slips the employee can download, with their versions. */
    getAvailableSlips: build.query<AvailableSlips, string>({
      query: (employeeId) => ({ url: `/api/salary/slips/${encodeURIComponent(employeeId)}`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/salary/generate[?month=YYYY-MM] -> the caller's .xlsx slip; the server defaults to the last complete month. */
    downloadOwnSalarySlip: build.mutation<DownloadedFile, { month?: string }>({
      query: ({ month }) => ({
        url: '/api/salary/generate',
        params: month ? { month } : undefined,
        responseHandler: fileResponseHandler(month ? `salary-slip_${month}.xlsx` : 'salary-slip.xlsx'),
        cache: 'no-store',
      }),
    }),
    /**
     * GET /api/salary/runs/{id} -> counts and per-employee errors; the screen polls it while the run
     * is going. Each answer also refreshes that run's row in the cached list, so the list follows
     * the progress without polling a second endpoint.
     */
    getPayrollRun: build.query<PayrollRunReport, string>({
      query: (id) => `/api/salary/runs/${encodeURIComponent(id)}`,
      providesTags: (_run, _error, id) => [{ type: 'PayrollRun', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        let report: PayrollRunReport;
        try {
          ({ data: report } = await queryFulfilled);
        } catch {
          return; // the screen shows the query's own error
        }
        const { errors: _errors, ...summary } = report;
        dispatch(
          runsListApi.util.updateQueryData('listPayrollRuns', undefined, (runs) => {
            const index = runs.findIndex((run) => run._id === summary._id);
            if (index !== -1) runs[index] = summary;
          }),
        );
      },
    }),
    /** POST /api/salary/runs/{id}/retry -> 202 {msg, runId}: the run's failed slips are queued again. */
    retryPayrollRun: build.mutation<PayrollRunAccepted, string>({
      query: (id) => ({ url: `/api/salary/runs/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: (_answer, _error, id) => [{ type: 'PayrollRun', id }, RUNS_LIST],
    }),
  }),
});

export const { useListPayrollRunsQuery, useGetPayrollRunQuery, useGetAvailableSlipsQuery } = salaryApi;
