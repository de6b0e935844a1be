/**
 * The caller's balances on a given day, for the leave form: a request is counted against the balance
 * on its first day when that is later than today (a monthly type has earned more by then). Provides
 * the leave LIST tag, so a new request or a decision refreshes it as it does the balance card.
 */
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { api } from '../../api/base-api';

const LEAVES = { type: 'Leave', id: 'LIST' } as const;

export const leaveRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/leave-balances/me?asOf= -> the caller's balance of each type in the leave year of that day (employee). */
    getOwnLeaveBalancesOn: build.query<EmployeeBalances, string>({
      query: (asOf) => `/api/leave-balances/me?asOf=${encodeURIComponent(asOf)}`,
      providesTags: [LEAVES],
    }),
  }),
});

export const { useGetOwnLeaveBalancesOnQuery } = leaveRequestApi;
