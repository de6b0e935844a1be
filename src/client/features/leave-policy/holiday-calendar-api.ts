/**
 * The admin's leave calendar endpoints: holidays (add, remove, CSV import), leave types (add,
 * edit), the leave settings (save) and "Who's off"; the lists they change are read through
 * api/leave-calendar-api.ts. Tags are added with enhanceEndpoints, so the one createApi stays as it
 * is; a change to holidays, types or settings refreshes Who's off and the balances (the Leave LIST
 * tag) too, since both are counted on them.
 */
import type { HolidayImportResponse, WhosOff, WhosOffQuery } from '../../../shared/schemas/holiday-calendar';
import type { HolidayBody, LeaveSettings, LeaveType, LeaveTypeBody } from '../../../shared/schemas/leave-policy';
import type { MsgResponse } from '../../../shared/schemas/common';
import { HOLIDAY_LIST_TAG as HOLIDAYS, leaveCalendarApi, LEAVE_SETTINGS_TAG as SETTINGS, LEAVE_TYPE_LIST_TAG as TYPES } from '../../api/leave-calendar-api';

const WHOS_OFF = { type: 'WhosOff', id: 'LIST' } as const;
const BALANCES = { type: 'Leave', id: 'LIST' } as const;

export const holidayCalendarApi = leaveCalendarApi.enhanceEndpoints({ addTagTypes: ['WhosOff'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/holidays -> {msg, _id} (admin). */
    addHoliday: build.mutation<MsgResponse & { _id: string }, HolidayBody>({
      query: (body) => ({ url: '/api/holidays', method: 'POST', body }),
      invalidatesTags: [HOLIDAYS, WHOS_OFF, BALANCES],
    }),
    /** PUT /api/holidays/:id {date, name, optional, repeatsYearly} -> {msg} (admin): a repeating one changes in every year. */
    updateHoliday: build.mutation<MsgResponse, { id: string; body: HolidayBody }>({
      query: ({ id, body }) => ({ url: `/api/holidays/${encodeURIComponent(id)}`, method: 'PUT', body }),
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

export const { useGetWhosOffQuery } = holidayCalendarApi;
