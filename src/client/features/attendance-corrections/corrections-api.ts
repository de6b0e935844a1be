/**
 * Attendance correction calls. Lists provide one tag per correction plus the LIST tag; a
 * new request refreshes the lists, and a decision also refreshes attendance (an approval writes the
 * day's record) and the dashboard's pending figure, through invalidation alone.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { LIST_HAS_MORE_HEADER } from '../../../shared/constants';
import type { Correction, CorrectionCreate, CorrectionDecision, CorrectionStatus } from '../../../shared/schemas/attendance-correction';
import type { MsgResponse } from '../../../shared/schemas/common';
import type { MsgWithNotice } from '../../../shared/schemas/approved-month-notice';
import { api } from '../../api/base-api';

/** One page of a correction list: the rows and whether the server left older ones off. */
export interface CorrectionList {
  corrections: Correction[];
  hasMore: boolean;
}

export interface CorrectionDecisionRequest extends CorrectionDecision {
  id: string;
}

// The shared baseQuery is typed without meta, but it passes fetchBaseQuery's (with the response) through.
const hasMore = (meta: unknown) => (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(LIST_HAS_MORE_HEADER) === 'true';

const LIST = { type: 'AttendanceCorrection', id: 'LIST' } as const;
const ATTENDANCE = { type: 'Attendance', id: 'LIST' } as const;
const ATTENDANCE_SUMMARY = { type: 'Attendance', id: 'SUMMARY' } as const;

const provides = (result: CorrectionList | undefined) => [
  ...(result?.corrections ?? []).map(({ _id }) => ({ type: 'AttendanceCorrection' as const, id: _id })),
  LIST,
];
const toList = (corrections: Correction[], meta: unknown): CorrectionList => ({ corrections, hasMore: hasMore(meta) });

export const correctionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/attendance/corrections/me: the caller's own corrections, newest first (employee). */
    getOwnCorrections: build.query<CorrectionList, void>({
      query: () => '/api/attendance/corrections/me',
      transformResponse: toList,
      providesTags: provides,
    }),
    /** GET /api/attendance/corrections[?status]: everyone's, newest first (admin). */
    getCorrections: build.query<CorrectionList, { status?: CorrectionStatus } | void>({
      query: (args) => ({ url: '/api/attendance/corrections', params: args ?? undefined }),
      transformResponse: toList,
      providesTags: provides,
    }),
    /** POST /api/attendance/corrections {date, inTime, outTime, kind, reason} -> 201 {msg, _id}. */
    requestCorrection: build.mutation<MsgResponse & { _id: string }, CorrectionCreate>({
      query: (body) => ({ url: '/api/attendance/corrections', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** PUT /api/attendance/corrections/{id} {status} -> {msg}: approve (writes the day's record) or reject, once. */
    decideCorrection: build.mutation<MsgWithNotice, CorrectionDecisionRequest>({
      query: ({ id, status, remark }) => ({ url: `/api/attendance/corrections/${encodeURIComponent(id)}`, method: 'PUT', body: remark ? { status, remark } : { status } }),
      // Also on failure: a 409 means someone else decided it, so the row is stale.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'AttendanceCorrection', id }, LIST, ATTENDANCE, ATTENDANCE_SUMMARY],
    }),
  }),
});

export const { useGetOwnCorrectionsQuery, useGetCorrectionsQuery } = correctionsApi;
