/**
 * Employee roster endpoints (spec section 7): list, one, add, edit, delete, the CSV import and the
 * admin's salary-slip email. The CSV import's queryFn goes through XMLHttpRequest for upload
 * progress (csv-upload-request.ts).
 */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { Employee, EmployeeCreate, EmployeeCreated } from '../../../shared/schemas/employee';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { api } from '../../api/base-api';
import { frozenList } from '../../api/frozen-list';
import { uploadCsv, type CsvUploadArg, type CsvUploadResult } from './csv-upload-request';

/** The list's tag: creates, imports and deletes change who is in it. */
export const EMPLOYEE_LIST_TAG = { type: 'Employee', id: 'LIST' } as const;

/** The admin's edit sends all four fields (spec: Edit Employee). */
export interface UpdateEmployeeRequest extends EmployeeCreate {
  id: string;
}

export const employeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/employee -> every active employee (admin). */
    getEmployees: build.query<readonly Employee[], void>({
      query: () => '/api/employee',
      // Frozen before the store sees it (see frozenList): 10,000 rows for a large company.
      transformResponse: (employees: Employee[]) => frozenList(employees),
      // The list tag alone: an edit or delete invalidates LIST with the employee's own tag, and one
      // tag per employee meant 10,000 entries written into the cache's tag index on every load.
      providesTags: [EMPLOYEE_LIST_TAG],
    }),
    /** POST /api/employee {name, email, position, salary} -> {msg}; salary is a decimal number of rupees. */
    addEmployee: build.mutation<EmployeeCreated, EmployeeCreate>({
      query: (body) => ({ url: '/api/employee', method: 'POST', body }),
      invalidatesTags: [EMPLOYEE_LIST_TAG],
    }),
    /** PUT /api/employee/edit/{id} {name, email, position, salary} -> {msg}. */
    updateEmployee: build.mutation<MsgResponse, UpdateEmployeeRequest>({
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
  }),
});

export const { useGetEmployeesQuery } = employeesApi;
