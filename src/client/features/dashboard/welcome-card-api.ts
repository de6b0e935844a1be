/** The signed-in employee's record for the dashboard's welcome card (spec section 7). */
import type { Employee } from '../../../shared/schemas/employee';
import { api } from '../../api/base-api';

export const welcomeCardApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetCurrentEmployeeQuery } = welcomeCardApi;
