/**
 * The admin's leave calendar endpoints: holidays (list, add, remove, CSV import), leave types,
 * the leave settings and "Who's off". Their tags are added here (enhanceEndpoints), so the one
 * createApi stays as it is; a change to holidays, types or settings refreshes Who's off and the
 * balances (the Leave LIST tag) too, since both are counted on them.
 */
import type { HolidayImportResponse, WhosOff, WhosOffQuery } from '../../../shared/schemas/holiday-calendar';
import type { Holiday, HolidayBody, LeaveSettings, LeaveType, LeaveTypeBody } from '../../../shared/schemas/leave-policy';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';

const HOLIDAYS = { type: 'Holiday', id: 'LIST' } as const;
const TYPES = { type: 'LeaveType', id: 'LIST' } as const;
const SETTINGS = { type: 'LeaveSettings', id: 'ONE' } as const;
const WHOS_OFF = { type: 'WhosOff', id: 'LIST' } as const;
const BALANCES = { type: 'Leave', id: 'LIST' } as const;

export const holidayCalendarApi = api.enhanceEndpoints({ addTagTypes: ['Holiday', 'LeaveType', 'LeaveSettings', 'WhosOff'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/holidays?year= -> the year's holidays by date. */
    getHolidayList: build.query<Holiday[], number>({
      query: (year) => `/api/holidays?year=${year}`,
      providesTags: [HOLIDAYS],
    }),
    /** POST /api/holidays -> {msg, _id} (admin). */
    addHoliday: build.mutation<MsgResponse & { _id: string }, HolidayBody>({
      query: (body) => ({ url: '/api/holidays', method: 'POST', body }),
      invalidatesTags: [HOLIDAYS, WHOS_OFF, BALANCES],
    }),
    /** DELETE /api/holidays/:id -> {msg} (admin). */
    removeHoliday: build.mutation<MsgResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/holidays/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [HOLIDAYS, WHOS_OFF, BALANCES],
    }),
    /**
     * POST /api/holidays/import (text/csv) -> {msg, added, errors}; a refused file is a 400 with the
     * row errors. The file's bytes as they are: the server checks they are UTF-8.
     */
    importHolidays: build.mutation<HolidayImportResponse, { file: ArrayBuffer; name: string }>({
      query: ({ file, name }) => ({
        url: `/api/holidays/import?file=${encodeURIComponent(name)}`,
        method: 'POST',
        body: file,
        headers: { 'content-type': 'text/csv' },
      }),
      invalidatesTags: [HOLIDAYS, WHOS_OFF, BALANCES],
    }),
    /** GET /api/leave-types -> every type with its rules. */
    getLeaveTypeList: build.query<LeaveType[], void>({
      query: () => '/api/leave-types',
      providesTags: [TYPES],
    }),
    /** POST /api/leave-types -> the new type (admin). */
    addLeaveType: build.mutation<LeaveType, LeaveTypeBody>({
      query: (body) => ({ url: '/api/leave-types', method: 'POST', body }),
      invalidatesTags: [TYPES, BALANCES, WHOS_OFF],
    }),
    /** PUT /api/leave-types/:id -> the type as saved (admin). */
    updateLeaveType: build.mutation<LeaveType, { id: string; body: LeaveTypeBody }>({
      query: ({ id, body }) => ({ url: `/api/leave-types/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [TYPES, BALANCES, WHOS_OFF],
    }),
    /** GET /api/leave-settings -> the leave year's first month and the weekly offs. */
    getCompanyLeaveSettings: build.query<LeaveSettings, void>({
      query: () => '/api/leave-settings',
      providesTags: [SETTINGS],
    }),
    /** PUT /api/leave-settings -> {msg} (admin). */
    saveLeaveSettings: build.mutation<MsgResponse, LeaveSettings>({
      query: (body) => ({ url: '/api/leave-settings', method: 'PUT', body }),
      invalidatesTags: [SETTINGS, BALANCES, WHOS_OFF],
    }),
    /** GET /api/whos-off?from=&to= -> the period's approved leave and holidays (admin, at most 42 days). */
    getWhosOff: build.query<WhosOff, WhosOffQuery>({
      query: ({ from, to }) => `/api/whos-off?from=${from}&to=${to}`,
      // A leave decision invalidates the Leave LIST: an approval shows here at once.
      providesTags: [WHOS_OFF, BALANCES],
    }),
  }),
});

export const {
  useGetHolidayListQuery,
  useGetLeaveTypeListQuery,
  useGetCompanyLeaveSettingsQuery,
  useGetWhosOffQuery,
} = holidayCalendarApi;
