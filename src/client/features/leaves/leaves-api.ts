/**
 * Leave Management calls (product.md, Calls). Lists provide one tag per request plus the LIST tag, so a
 * new request or a decision refreshes every open leave list through cache invalidation alone.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { LIST_HAS_MORE_HEADER, type LeaveStatus } from '../../../shared/constants';
import type { MsgResponse } from '../../../shared/schemas/common';
import type { MsgWithNotice } from '../../../shared/schemas/approved-month-notice';
import type { Leave, LeaveCreate, LeaveDecision } from '../../../shared/schemas/leave';
import { api } from '../../api/base-api';
import { patchCachedLists, setRowStatus } from '../../api/optimistic-status';

/** One page of GET /api/leave: the rows and whether the server left older ones off. */
export interface LeaveList {
  leaves: Leave[];
  hasMore: boolean;
}

/** Optional filters of GET /api/leave; without them the server's default cap applies. */
export interface LeaveListArgs {
  status?: LeaveStatus;
  limit?: number;
}

export interface LeaveDecisionRequest extends LeaveDecision {
  id: string;
}

// The shared baseQuery is typed without meta, but it passes fetchBaseQuery's (with the response) through.
const hasMore = (meta: unknown) =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(LIST_HAS_MORE_HEADER) === 'true';

const LIST = { type: 'Leave', id: 'LIST' } as const;

export const leavesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/leave[?status&limit]: every request for admins, the caller's own for employees; newest first. */
    getLeaves: build.query<LeaveList, LeaveListArgs | void>({
      query: (args) => ({ url: '/api/leave', params: args ?? undefined }),
      transformResponse: (leaves: Leave[], meta) => ({
        leaves,
        hasMore: hasMore(meta),
      }),
      providesTags: (result) => [...(result?.leaves ?? []).map(({ _id }) => ({ type: 'Leave' as const, id: _id })), LIST],
    }),
    /** POST /api/leave {startDate, endDate, reason} -> 201 {msg, _id}: a pending request for the caller. */
    requestLeave: build.mutation<MsgResponse & { _id: string }, LeaveCreate>({
      query: (body) => ({ url: '/api/leave', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /**
     * PUT /api/leave/approve/{id} {status} -> {msg}: an admin (or the requester's manager or stand-in)
     * approves or rejects a pending request; the optional remark goes only when there is one.
     */
    decideLeave: build.mutation<MsgWithNotice, LeaveDecisionRequest>({
      query: ({ id, status, remark }) => ({ url: `/api/leave/approve/${encodeURIComponent(id)}`, method: 'PUT', body: remark ? { status, remark } : { status } }),
      // The item for every list holding it; LIST too, because a list filtered by status gains or
      // loses the request. Also on failure: a 409 means someone else decided it, so the row is stale.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Leave', id }, LIST],
      // Shown at once in every cached list, so the decision buttons go away before the invalidated
      // lists refetch (no second click on a decided request); undone if the server refuses.
      async onQueryStarted({ id, status }, { dispatch, getState, queryFulfilled }) {
        await patchCachedLists(
          leavesApi.util.selectCachedArgsForQuery(getState(), 'getLeaves'),
          (args) => dispatch(leavesApi.util.updateQueryData('getLeaves', args, (draft) => setRowStatus(draft.leaves, id, status))),
          queryFulfilled,
        );
      },
    }),
    /**
     * PUT /api/leave/cancel/{id} {reason?} -> {msg}: the requester withdraws a pending request or asks
     * to cancel approved leave; an approver or HR cancels approved leave (with a reason).
     */
    cancelLeave: build.mutation<MsgWithNotice, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/api/leave/cancel/${encodeURIComponent(id)}`, method: 'PUT', body: reason ? { reason } : {} }),
      // The row's status (and what may be done to it) changed, and a status-filtered list gains or
      // loses it; on failure too, since a 409 means the row is stale.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Leave', id }, LIST],
    }),
  }),
});

export const { useGetLeavesQuery } = leavesApi;
