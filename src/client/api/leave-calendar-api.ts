/**
 * The leave calendar as entities: the year's holidays, the leave types, the company's leave settings
 * and the caller's balances. Read by the leave-policy screens and by the leave request form, so one
 * cache entry and one request serve both. Their changes (add, edit, import, save) are in
 * features/leave-policy, which invalidates the tags exported here.
 */
import type { EmployeeBalances, Holiday, LeaveSettings, LeaveType } from '../../shared/schemas/leave-policy';
import { api } from './base-api';

export const HOLIDAY_LIST_TAG = { type: 'Holiday', id: 'LIST' } as const;
export const LEAVE_TYPE_LIST_TAG = { type: 'LeaveType', id: 'LIST' } as const;
export const LEAVE_SETTINGS_TAG = { type: 'LeaveSettings', id: 'ONE' } as const;
/** The leave LIST tag: a new request or a decision (which invalidate it) refreshes the balances too. */
const LEAVE_LIST_TAG = { type: 'Leave', id: 'LIST' } as const;

export const leaveCalendarApi = api.enhanceEndpoints({ addTagTypes: ['Holiday', 'LeaveType', 'LeaveSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/holidays?year= -> the year's holidays by date. */
    getHolidayList: build.query<Holiday[], number>({
      query: (year) => `/api/holidays?year=${year}`,
      providesTags: [HOLIDAY_LIST_TAG],
    }),
    /** GET /api/leave-types -> every type with its rules. */
    getLeaveTypeList: build.query<LeaveType[], void>({
      query: () => '/api/leave-types',
      providesTags: [LEAVE_TYPE_LIST_TAG],
    }),
    /** GET /api/leave-settings -> the leave year's first month and the weekly offs. */
    getCompanyLeaveSettings: build.query<LeaveSettings, void>({
      query: () => '/api/leave-settings',
      providesTags: [LEAVE_SETTINGS_TAG],
    }),
    /**
     * GET /api/leave-balances/me[?asOf=] -> the caller's balance of each leave type (employee): today's
     * without an argument (the balance card's), or on a later day for the leave form (a request counts
     * against the balance on its first day; a monthly type has earned more by then).
     */
    getOwnLeaveBalances: build.query<EmployeeBalances, string | void>({
      query: (asOf) => (asOf ? `/api/leave-balances/me?asOf=${encodeURIComponent(asOf)}` : '/api/leave-balances/me'),
      providesTags: [LEAVE_LIST_TAG],
    }),
  }),
});

export const { useGetHolidayListQuery, useGetLeaveTypeListQuery, useGetCompanyLeaveSettingsQuery, useGetOwnLeaveBalancesQuery } = leaveCalendarApi;
