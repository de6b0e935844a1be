/**
 * Working hours: the company's shift and late-mark rule (the leave settings screen) and one person's
 * own shift (Edit Employee). A change re-times attendance and the register, so their lists' tag is
 * invalidated too.
 */
import type { MsgResponse } from '../../shared/schemas/common';
import type { EmployeeShift, EmployeeShiftBody, WorkHoursSettings } from '../../shared/schemas/work-hours';
import { api } from './base-api';

const SETTINGS = { type: 'WorkHours', id: 'COMPANY' } as const;
const ATTENDANCE = { type: 'Attendance', id: 'LIST' } as const;

export const workHoursApi = api.enhanceEndpoints({ addTagTypes: ['WorkHours'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/work-hours -> {shift, lateMarkRule}. */
    getWorkHours: build.query<WorkHoursSettings, void>({ query: () => '/api/work-hours', providesTags: [SETTINGS] }),
    /** PUT /api/work-hours -> {msg} (admin). */
    saveWorkHours: build.mutation<MsgResponse, WorkHoursSettings>({
      query: (body) => ({ url: '/api/work-hours', method: 'PUT', body }),
      invalidatesTags: [SETTINGS, ATTENDANCE, { type: 'WorkHours', id: 'EMPLOYEE' }],
    }),
    /** GET /api/work-hours/employees/:id -> {own, effective} (admin). */
    getEmployeeShift: build.query<EmployeeShift, string>({
      query: (id) => `/api/work-hours/employees/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'WorkHours', id: `EMPLOYEE-${id}` }, { type: 'WorkHours', id: 'EMPLOYEE' }],
    }),
    /** PUT /api/work-hours/employees/:id {shift | null} -> {msg} (admin). */
    saveEmployeeShift: build.mutation<MsgResponse, { id: string } & EmployeeShiftBody>({
      query: ({ id, shift }) => ({ url: `/api/work-hours/employees/${encodeURIComponent(id)}`, method: 'PUT', body: { shift } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'WorkHours', id: `EMPLOYEE-${id}` }, ATTENDANCE],
    }),
  }),
});

export const { useGetWorkHoursQuery, useGetEmployeeShiftQuery } = workHoursApi;
