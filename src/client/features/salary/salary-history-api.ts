/** GET /api/salary/history/{id}: an employee's salary revisions and arrears (admin). Tagged as the employee, so an edit of them refetches it. */
import { api } from '../../api/base-api';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';

const salaryHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalaryHistory: build.query<SalaryHistory, string>({
      query: (id) => `/api/salary/history/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Employee', id }],
    }),
  }),
});

export const { useGetSalaryHistoryQuery } = salaryHistoryApi;
