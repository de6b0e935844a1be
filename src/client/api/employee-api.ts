/**
 * The employee record as an entity (spec section 7): one endpoint per URL, shared by every screen
 * that shows it (the admin's edit form, the profile, the welcome card), so one cache entry and one
 * request serve them all.
 */
import type { Employee } from '../../shared/schemas/employee';
import { api } from './base-api';

export const employeeApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    getCurrentEmployee: build.query<Employee | null, void>({
      query: () => '/api/employee/current',
      extraOptions: { bearer: true },
      providesTags: (result) => [{ type: 'Employee', id: 'CURRENT' }, ...(result?._id ? [{ type: 'Employee' as const, id: result._id }] : [])],
    }),
  }),
});

export const { useGetEmployeeQuery, useGetCurrentEmployeeQuery } = employeeApi;
