/**
 * Every employee's leave balances (the admin's report; the caller's own are in
 * api/leave-calendar-api.ts). They provide the leave LIST tag, so a new request or a decision
 * (which invalidates it) refreshes them with the lists.
 */
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { api } from '../../api/base-api';

const LEAVES = { type: 'Leave', id: 'LIST' } as const;

export const leavePolicyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/leave-balances -> every active employee's balances (admin: the balances report). */
    getLeaveBalanceReport: build.query<EmployeeBalances[], void>({
      query: () => '/api/leave-balances',
      providesTags: [LEAVES],
    }),
    /** GET /api/leave-balances?employeeId= -> one employee's balances (admin: beside Edit Employee). */
    getEmployeeLeaveBalances: build.query<EmployeeBalances, string>({
      query: (employeeId) => `/api/leave-balances?employeeId=${encodeURIComponent(employeeId)}`,
      transformResponse: ([one]: EmployeeBalances[]) => one!,
      providesTags: [LEAVES],
    }),
  }),
});

export const { useGetLeaveBalanceReportQuery, useGetEmployeeLeaveBalancesQuery } = leavePolicyApi;
