/** The Profile screen's save (product.md, Screens and Calls); it reads the record through api/employee-api.ts. */
import type { EmployeeUpdate, EmployeeUpdated } from '../../../shared/schemas/employee';
import { api } from '../../api/base-api';

/** An employee changes only their name and email. */
export type UpdateProfileRequest = Pick<EmployeeUpdate, 'name' | 'email' | 'currentPassword'> & { id: string };

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/employee/edit/{id} {name, email, currentPassword?} -> {msg}; an employee may change only name and email (a new email with their password). */
    updateProfile: build.mutation<EmployeeUpdated, UpdateProfileRequest>({
      query: ({ id, ...body }) => ({ url: `/api/employee/edit/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The header greeting ('ME') and the welcome card ('CURRENT') show the name and email too.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Employee', id },
        { type: 'Employee', id: 'ME' },
        { type: 'Employee', id: 'CURRENT' },
      ],
    }),
  }),
});
