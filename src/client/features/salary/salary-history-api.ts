/**
 * /api/salary/history/{id} (admin): an employee's salary revisions and arrears, and the override of
 * one component of their salary structure. Tagged as the employee, so an edit of them refetches it.
 */
import { api } from '../../api/base-api';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import type { StructureOverrideBody } from '../../../shared/schemas/salary-structure';

export const salaryHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalaryHistory: build.query<SalaryHistory, string>({
      query: (id) => `/api/salary/history/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Employee', id }],
    }),
    setStructureOverride: build.mutation<SalaryHistory, { id: string; body: StructureOverrideBody }>({
      query: ({ id, body }) => ({ url: `/api/salary/history/${encodeURIComponent(id)}/structure-override`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Employee', id }],
    }),
  }),
});

export const { useGetSalaryHistoryQuery } = salaryHistoryApi;
