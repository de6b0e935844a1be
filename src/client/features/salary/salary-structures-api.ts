/**
 * /api/salary/structures (admins): the list, add, edit, assign, and the assignment's preview. The
 * preview is a POST that stores nothing, so it is a query: it refetches as the people or the day
 * change, and its answers are cached like any read.
 */
import { api } from '../../api/base-api';
import type { SalaryStructureValue } from '../../../shared/payroll/salary-structure';
import type { AssignStructureBody, AssignStructureResponse, SalaryStructure, SalaryStructureList } from '../../../shared/schemas/salary-structure';

const LIST = { type: 'Employee', id: 'SALARY_STRUCTURES' } as const;

export const salaryStructuresApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalaryStructures: build.query<SalaryStructureList, void>({
      query: () => '/api/salary/structures',
      providesTags: [LIST],
    }),
    saveSalaryStructure: build.mutation<SalaryStructure & { msg?: string }, { id?: string; body: SalaryStructureValue }>({
      query: ({ id, body }) => (id ? { url: `/api/salary/structures/${encodeURIComponent(id)}`, method: 'PUT', body } : { url: '/api/salary/structures', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    previewAssignment: build.query<AssignStructureResponse, { id: string; body: AssignStructureBody }>({
      query: ({ id, body }) => ({ url: `/api/salary/structures/${encodeURIComponent(id)}/assign`, method: 'POST', body: { ...body, preview: true } }),
      keepUnusedDataFor: 0,
    }),
    assignSalaryStructure: build.mutation<AssignStructureResponse, { id: string; body: AssignStructureBody }>({
      query: ({ id, body }) => ({ url: `/api/salary/structures/${encodeURIComponent(id)}/assign`, method: 'POST', body }),
      // Each person's salary history changes with it.
      invalidatesTags: (_r, _e, { body }) => [LIST, ...body.employeeIds.map((id) => ({ type: 'Employee' as const, id }))],
    }),
  }),
});

export const { useGetSalaryStructuresQuery, usePreviewAssignmentQuery } = salaryStructuresApi;
