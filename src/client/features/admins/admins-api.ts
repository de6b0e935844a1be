/**
 * The admin accounts (GET/POST /api/admins, PUT /api/admins/:id/deactivate). An invitation or a
 * deactivation refreshes the list through its tag.
 */
import type { AdminAccount, AdminInvite } from '../../../shared/schemas/admins';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';

const LIST = { type: 'Admin', id: 'LIST' } as const;

export const adminsApi = api.enhanceEndpoints({ addTagTypes: ['Admin'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every admin account, active ones first. */
    getAdmins: build.query<AdminAccount[], void>({
      query: () => '/api/admins',
      providesTags: (rows = []) => [...rows.map((r) => ({ type: 'Admin' as const, id: r._id })), LIST],
    }),
    /** Creates the account and mails its set-password link. */
    inviteAdmin: build.mutation<MsgResponse & { _id: string }, AdminInvite>({
      query: (body) => ({ url: '/api/admins', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** Ends an admin's access (never the last active admin's). */
    deactivateAdmin: build.mutation<MsgResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/admins/${encodeURIComponent(id)}/deactivate`, method: 'PUT' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Admin', id }, LIST],
    }),
  }),
});

export const { useGetAdminsQuery } = adminsApi;
