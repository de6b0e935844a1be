/**
 * Employee roster changes (product.md, Calls): add, edit, delete, the CSV import and the admin's
 * salary-slip email. The roster itself (GET /api/employee) is an entity endpoint in api/employee-api.ts. The CSV import's queryFn goes through XMLHttpRequest for upload
 * progress (csv-upload-request.ts).
 */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { EmployeeCreate, EmployeeCreated, EmployeeUpdated } from '../../../shared/schemas/employee';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { api } from '../../api/base-api';
import { EMPLOYEE_LIST_TAG } from '../../api/employee-api';
import { uploadCsv, type CsvUploadArg, type CsvUploadResult } from './csv-upload-request';

/** The admin's edit sends all four fields (spec: Edit Employee). */
export interface UpdateEmployeeRequest extends EmployeeCreate {
  id: string;
}

export const employeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/employee {name, email, position, salary} -> {msg}; salary is a decimal number of rupees. */
    addEmployee: build.mutation<EmployeeCreated, EmployeeCreate>({
      query: (body) => ({ url: '/api/employee', method: 'POST', body }),
      invalidatesTags: [EMPLOYEE_LIST_TAG],
    }),
    /** PUT /api/employee/edit/{id} {name, email, position, salary} -> {msg}. */
    updateEmployee: build.mutation<EmployeeUpdated, UpdateEmployeeRequest>({
      query: ({ id, ...body }) => ({ url: `/api/employee/edit/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The list shows all four fields, so it is stale too.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Employee', id }, EMPLOYEE_LIST_TAG],
    }),
    /**
     * POST /api/employee/upload (multipart, field 'file') -> {msg, errors?}. `onProgress` hears the
     * upload's progress; the argument is never stored (the flow dispatches it untracked).
     */
    uploadEmployeesCsv: build.mutation<CsvUploadResult, CsvUploadArg>({
      queryFn: (arg, api) => uploadCsv(arg, api),
      // Only an import that ran adds people; a refused file changes nothing worth a refetch.
      invalidatesTags: (result) => (result ? [EMPLOYEE_LIST_TAG] : []),
    }),
    /** DELETE /api/employee/{id}: deactivates; the answer is not read beyond success. */
    deleteEmployee: build.mutation<MsgResponse, string>({
      query: (id) => ({ url: `/api/employee/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Employee', id }, EMPLOYEE_LIST_TAG],
    }),
    /**
     * POST /api/salary/email {employeeId, month, year} -> {msg}. Named apart from the payroll
     * feature's endpoints so the two injections never collide.
     */
    emailEmployeeSalarySlip: build.mutation<MsgResponse, SalaryEmail>({
      query: (body) => ({ url: '/api/salary/email', method: 'POST', body }),
    }),
    /** GET /api/employee/invitations -> how many invitations an "invite later" import holds. */
    getHeldInvitations: build.query<{ held: number }, void>({
      query: () => '/api/employee/invitations',
      providesTags: [EMPLOYEE_LIST_TAG, { type: 'Employee', id: 'INVITES' }],
    }),
    /** POST /api/employee/invitations -> {msg, count}: sends every held invitation. */
    sendHeldInvitations: build.mutation<MsgResponse & { count: number }, void>({
      query: () => ({ url: '/api/employee/invitations', method: 'POST' }),
      invalidatesTags: [{ type: 'Employee', id: 'INVITES' }],
    }),
  }),
});

export const { useGetHeldInvitationsQuery, useSendHeldInvitationsMutation } = employeesApi;
