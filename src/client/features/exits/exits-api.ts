/**
 * An employee's exit and full-and-final settlement (admins), and a leaver's own settlement state.
 * What admins read is tagged as the employee, so recording an exit refreshes the list (their status)
 * and Edit Employee, and each step of the settlement refreshes its screen and the dashboard's
 * overdue list.
 */
import { api } from '../../api/base-api';
import type { EmployeeExit, ExitBody, FinalSettlement, OwnSettlement, SettlementListItem } from '../../../shared/schemas/exit';
import type { MsgResponse } from '../../../shared/schemas/common';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

const employee = (id: string) => [{ type: 'Employee' as const, id }, { type: 'Employee' as const, id: 'LIST' }];

export const exitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExit: build.query<EmployeeExit | null, string>({
      // No exit recorded is a 404: an answer here, not an error.
      query: (id) => ({ url: `/api/employees/${encodeURIComponent(id)}/exit`, validateStatus: (res) => res.ok || res.status === 404 }),
      transformResponse: (body: EmployeeExit | { msg: string }) => ('kind' in body ? body : null),
      providesTags: (_r, _e, id) => [{ type: 'Employee', id }],
    }),
    recordExit: build.mutation<EmployeeExit, { id: string; body: ExitBody }>({
      query: ({ id, body }) => ({ url: `/api/employees/${encodeURIComponent(id)}/exit`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => employee(id),
    }),
    withdrawExit: build.mutation<MsgResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/employees/${encodeURIComponent(id)}/exit`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => employee(id),
    }),
    getSettlement: build.query<FinalSettlement, string>({
      query: (id) => `/api/employees/${encodeURIComponent(id)}/final-settlement`,
      providesTags: (_r, _e, id) => [{ type: 'Employee', id }],
    }),
    saveSettlementDraft: build.mutation<FinalSettlement, { id: string; otherRecoveries: number; recoveriesNote: string }>({
      query: ({ id, ...body }) => ({ url: `/api/employees/${encodeURIComponent(id)}/final-settlement`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => employee(id),
    }),
    approveSettlement: build.mutation<FinalSettlement, { id: string }>({
      query: ({ id }) => ({ url: `/api/employees/${encodeURIComponent(id)}/final-settlement/approve`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => employee(id),
    }),
    makeSettlementBatch: build.mutation<FinalSettlement, { id: string }>({
      query: ({ id }) => ({ url: `/api/employees/${encodeURIComponent(id)}/final-settlement/batch`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => employee(id),
    }),
    downloadSettlementPdf: build.mutation<DownloadedFile, { id: string; employeeId: string }>({
      query: ({ id, employeeId }) => ({ url: `/api/employees/${encodeURIComponent(id)}/final-settlement/pdf`, responseHandler: fileResponseHandler(`full-and-final_${employeeId}.pdf`), cache: 'no-store' }),
    }),
    /** The leaver's own settlement: being prepared, approved (the day, the net amount) or paid. */
    getMySettlement: build.query<OwnSettlement, void>({ query: () => '/api/final-settlements/mine' }),
    getSettlements: build.query<SettlementListItem[], 'open' | 'overdue' | 'all'>({
      query: (which) => `/api/final-settlements?which=${which}`,
      providesTags: [{ type: 'Employee', id: 'LIST' }],
    }),
  }),
});

export const { useGetExitQuery, useGetMySettlementQuery, useGetSettlementQuery, useGetSettlementsQuery } = exitsApi;
