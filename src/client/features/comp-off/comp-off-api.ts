/**
 * Comp-off calls. The caller's own comp-off (balance, days they may ask for, their requests), the
 * lists an admin or a manager decides from, a request, a decision and the requester's withdrawal. A decision also refreshes the
 * leave lists and balances (the credit is a leave balance) through invalidation alone.
 */
import type { CompOff, CompOffCreate, CompOffMine } from '../../../shared/schemas/comp-off';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';

const LIST = { type: 'CompOff', id: 'LIST' } as const;
const LEAVE = { type: 'Leave', id: 'LIST' } as const;

export interface CompOffDecisionRequest {
  id: string;
  status: 'approved' | 'rejected';
  remark?: string;
}

export const compOffApi = api.enhanceEndpoints({ addTagTypes: ['CompOff'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/comp-off/mine: whether it is in use, the balance, the days to ask for, the caller's requests. */
    getMyCompOff: build.query<CompOffMine, void>({ query: () => '/api/comp-off/mine', providesTags: [LIST, LEAVE] }),
    /** GET /api/comp-off?status=pending (admins) or ?scope=team (a manager): requests with `canDecide`. */
    getCompOffs: build.query<CompOff[], { scope?: 'team'; status?: 'pending' }>({
      query: (params) => ({ url: '/api/comp-off', params }),
      providesTags: (rows) => [...(rows ?? []).map(({ _id }) => ({ type: 'CompOff' as const, id: _id })), LIST],
    }),
    /** POST /api/comp-off {workDate, reason} -> 201 {msg, _id}. */
    requestCompOff: build.mutation<MsgResponse & { _id: string }, CompOffCreate>({
      query: (body) => ({ url: '/api/comp-off', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** PUT /api/comp-off/{id} {status, remark?} -> {msg}, once. */
    decideCompOff: build.mutation<MsgResponse, CompOffDecisionRequest>({
      query: ({ id, status, remark }) => ({ url: `/api/comp-off/${encodeURIComponent(id)}`, method: 'PUT', body: remark ? { status, remark } : { status } }),
      // Also on failure: a 409 means someone else decided it, so the row is stale.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'CompOff', id }, LIST, LEAVE],
    }),
    /** POST /api/comp-off/{id}/withdraw {reason?} -> {msg}: the requester's own pending request. */
    withdrawCompOff: build.mutation<MsgResponse, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/api/comp-off/${encodeURIComponent(id)}/withdraw`, method: 'POST', body: reason ? { reason } : {} }),
      // Also on failure: a 409 means it was decided meanwhile, so the row is stale.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'CompOff', id }, LIST],
    }),
  }),
});

export const { useGetMyCompOffQuery, useGetCompOffsQuery } = compOffApi;
