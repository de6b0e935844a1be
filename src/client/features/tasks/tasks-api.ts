/**
 * Tasks calls (product.md, Calls). Lists provide one tag per task plus the LIST tag, so an assignment
 * or a status change refreshes every open task list through cache invalidation alone.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { LIST_HAS_MORE_HEADER, type TaskStatus } from '../../../shared/constants';
import type { MsgResponse } from '../../../shared/schemas/common';
import type { Task, TaskAssign, TaskEdit } from '../../../shared/schemas/task';
import { api } from '../../api/base-api';
import { patchCachedLists, setRowStatus } from '../../api/optimistic-status';

/** One page of GET /api/task: the rows and whether the server left older ones off. */
export interface TaskList {
  tasks: Task[];
  hasMore: boolean;
}

/** Optional filters of GET /api/task; without them the server's default cap applies. */
export interface TaskListArgs {
  status?: TaskStatus;
  limit?: number;
}

export interface TaskStatusChange {
  id: string;
  status: TaskStatus;
}

// The shared baseQuery is typed without meta, but it passes fetchBaseQuery's (with the response) through.
const hasMore = (meta: unknown) =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(LIST_HAS_MORE_HEADER) === 'true';

const LIST = { type: 'Task', id: 'LIST' } as const;

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/task[?status&limit]: every task for admins, the caller's own for employees; newest first. */
    getTasks: build.query<TaskList, TaskListArgs | void>({
      query: (args) => ({ url: '/api/task', params: args ?? undefined }),
      transformResponse: (tasks: Task[], meta) => ({
        tasks,
        hasMore: hasMore(meta),
      }),
      providesTags: (result) => [...(result?.tasks ?? []).map(({ _id }) => ({ type: 'Task' as const, id: _id })), LIST],
    }),
    /** POST /api/task/assign {employeeId, title, description} -> 201 {msg, _id}: a new 'assigned' task. */
    assignTask: build.mutation<MsgResponse & { _id: string }, TaskAssign>({
      query: (body) => ({ url: '/api/task/assign', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** PUT /api/task/{id} {status} -> {msg}: the assignee moves their task. */
    updateTaskStatus: build.mutation<MsgResponse, TaskStatusChange>({
      query: ({ id, status }) => ({ url: `/api/task/${encodeURIComponent(id)}`, method: 'PUT', body: { status } }),
      // The item for every list holding it; LIST too, because a list filtered by status gains or
      // loses the task. Also on failure, so the lists show what the server really holds.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, LIST],
      // Shown at once in every cached list, so the dropdown does not snap back to the old status
      // while the invalidated lists refetch; undone if the server refuses.
      async onQueryStarted({ id, status }, { dispatch, getState, queryFulfilled }) {
        await patchCachedLists(
          tasksApi.util.selectCachedArgsForQuery(getState(), 'getTasks'),
          (args) => dispatch(tasksApi.util.updateQueryData('getTasks', args, (draft) => setRowStatus(draft.tasks, id, status))),
          queryFulfilled,
        );
      },
    }),
    /** PUT /api/task/edit/{id} {employeeId, title, description, dueDate, priority} -> {msg}: an admin rewrites a task. */
    editTask: build.mutation<MsgResponse, { id: string; body: TaskEdit }>({
      query: ({ id, body }) => ({ url: `/api/task/edit/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, LIST],
    }),
    /** DELETE /api/task/{id} -> {msg}: an admin deletes a task. */
    deleteTask: build.mutation<MsgResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/task/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Task', id }, LIST],
    }),
  }),
});

export const { useGetTasksQuery } = tasksApi;
