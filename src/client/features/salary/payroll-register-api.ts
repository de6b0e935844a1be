/** GET /api/salary/register/{month}: the payroll register preview (issue 15), its .xlsx, and whether the month is approved. */
import type { PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import type { PayrollRegister } from '../../../shared/schemas/payroll-register';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

export const payrollRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The month's register; always fetched afresh (attendance and details change behind it). */
    getPayrollRegister: build.query<PayrollRegister, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    /** Whether the month is approved (locked), by whom and when; approving or re-running invalidates 'PayrollApproval'. */
    getPayrollApproval: build.query<PayrollApprovalState, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/approval`, cache: 'no-store' }),
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
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
