/** Dashboard-shell data: the signed-in employee's name for the header greeting. */
import { api } from '../../api/base-api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/employee/me -> {name}: the caller's own display name. */
    getMe: build.query<{ name: string }, void>({
      query: () => '/api/employee/me',
      providesTags: [{ type: 'Employee', id: 'ME' }],
    }),
  }),
});

export const { useGetMeQuery } = dashboardApi;
