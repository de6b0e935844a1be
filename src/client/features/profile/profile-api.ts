/** The employee's own record for the Profile screen (spec sections 2 and 7). */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { Employee } from '../../../shared/schemas/employee';
import { api } from '../../api/base-api';

/** `pendingEmail`: the new email waits for the link mailed to it (issue 12); the old one stays until then. */
export type UpdateProfileResponse = MsgResponse & { pendingEmail?: string };

export interface UpdateProfileRequest {
  id: string;
  name: string;
  email: string;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/employee/{id} -> the caller's own record (the server refuses anyone else's). */
    getProfile: build.query<Employee, string>({
      query: (id) => `/api/employee/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Employee', id }],
    }),
    /** GET /api/employee/current -> the caller's record; used only for its `_id` when the token lacks user.id. */
    getOwnRecord: build.query<Employee, void>({
      query: () => '/api/employee/current',
      providesTags: (result) => [{ type: 'Employee', id: 'CURRENT' }, ...(result ? [{ type: 'Employee' as const, id: result._id }] : [])],
    }),
    /** PUT /api/employee/edit/{id} {name, email} -> {msg}; an employee may change only these two. */
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileRequest>({
      query: ({ id, name, email }) => ({ url: `/api/employee/edit/${encodeURIComponent(id)}`, method: 'PUT', body: { name, email } }),
      // The header greeting ('ME') and the welcome card ('CURRENT') show the name and email too.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Employee', id },
        { type: 'Employee', id: 'ME' },
        { type: 'Employee', id: 'CURRENT' },
      ],
    }),
  }),
});

export const { useGetProfileQuery, useGetOwnRecordQuery } = profileApi;
