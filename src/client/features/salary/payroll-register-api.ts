/** GET /api/salary/register/{month}: the payroll register preview (issue 15), and its .xlsx. */
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

export const { useGetPayrollRegisterQuery } = payrollRegisterApi;
