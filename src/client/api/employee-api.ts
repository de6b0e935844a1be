/**
 * The employee record as an entity (product.md, Calls): one endpoint per URL, shared by every screen
 * that shows it (the admin's edit form, the profile, the welcome card), so one cache entry and one
 * request serve them all; and the roster, which the employee list, the attendance overview and the
 * task form read. The roster's changes (add, edit, import, delete) are in features/employees.
 */
import type { AccessScope } from '../../shared/schemas/company';
import type { Employee, EmployeeListItem } from '../../shared/schemas/employee';
import { api } from './base-api';
import { frozenList } from './frozen-list';

/** The list's tag: creates, imports and deletes change who is in it. */
export const EMPLOYEE_LIST_TAG = { type: 'Employee', id: 'LIST' } as const;

export const employeeApi = api.injectEndpoints({
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
    /** GET /api/employee?status=left|all -> the people who left, or everyone (admin; the Employee List's status filter). */
    getEmployeesByStatus: build.query<readonly EmployeeListItem[], 'left' | 'all'>({
      query: (status) => `/api/employee?status=${status}`,
      transformResponse: (employees: EmployeeListItem[]) => frozenList(employees),
      providesTags: [EMPLOYEE_LIST_TAG],
    }),
    /** GET /api/employee/{id} -> one employee (an employee may read only their own). */
    getEmployee: build.query<Employee, string>({
      query: (id) => `/api/employee/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Employee', id }],
    }),
    /**
     * GET /api/employee/current -> the caller's employee object. The spec marks this call
     * "(Bearer)": it carries Authorization: Bearer besides the x-auth-token every call has (the
     * base query adds both from the session's token).
     */
    /**
     * GET /api/employee/me/access -> whether the caller works, or left and may only read their slips
     * and tax statements until accessUntil (asked afresh at each sign-in: a leaving date set today
     * takes effect tomorrow, on the server, whatever the client holds).
     */
    getAccessScope: build.query<AccessScope, void>({
      query: () => ({ url: '/api/employee/me/access', cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    getCurrentEmployee: build.query<Employee | null, void>({
      query: () => '/api/employee/current',
      extraOptions: { bearer: true },
      providesTags: (result) => [{ type: 'Employee', id: 'CURRENT' }, ...(result?._id ? [{ type: 'Employee' as const, id: result._id }] : [])],
    }),
  }),
});

export const { useGetEmployeeQuery, useGetCurrentEmployeeQuery, useGetEmployeesQuery, useGetEmployeesByStatusQuery, useGetAccessScopeQuery } = employeeApi;
