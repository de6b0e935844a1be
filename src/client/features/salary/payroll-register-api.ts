/** GET /api/salary/register/{month}: the payroll register preview, its .xlsx, and whether the month is approved. */
import type { PayrollApprovalAnswer, PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import type { PayrollRegister } from '../../../shared/schemas/payroll-register';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

export const payrollRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The month's register; always fetched afresh (attendance and details change behind it), and again
     * after an approval or re-run (an approved month shows the stored slips, which a re-run replaces).
     */
    getPayrollRegister: build.query<PayrollRegister, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Whether the month is approved (locked), by whom and when; approving or re-running invalidates 'PayrollApproval'. */
    getPayrollApproval: build.query<PayrollApprovalState, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/approval`, cache: 'no-store' }),
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Approves the month's register: stores it, locks the month and starts emailing every slip. */
    approvePayrollMonth: build.mutation<PayrollApprovalAnswer, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/approve`, method: 'POST' }),
      invalidatesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }, 'PayrollRun'],
    }),
    /** Re-runs an approved month with a reason: only the slips that changed are emailed. */
    rerunPayrollMonth: build.mutation<PayrollApprovalAnswer, { month: string; reason: string }>({
      query: ({ month, reason }) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/rerun`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }, 'PayrollRun'],
    }),
    /** The same register as an .xlsx (a mutation: a one-off download, not cached). */
    downloadPayrollRegister: build.mutation<DownloadedFile, string>({
      query: (month) => ({
        url: `/api/salary/register/${encodeURIComponent(month)}`,
        params: { format: 'xlsx' },
        responseHandler: fileResponseHandler(`payroll-register_${month}.xlsx`),
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useGetPayrollRegisterQuery, useGetPayrollApprovalQuery } = payrollRegisterApi;
