/** An admin setting past days: one person's day (PUT /api/attendance/day) and bulk marking with its preview. */
import type { AdminDayBody, BulkMarkAnswer, BulkMarkBody } from '../../../shared/schemas/attendance-admin';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';

/** Both change attendance: the register, the attendance lists and the dashboard refresh. */
const changesAttendance = [{ type: 'Attendance' as const, id: 'LIST' }];

export const adminDaysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/attendance/day: a status (with punches for a present or half day) and a reason; audited. */
    setAdminDay: build.mutation<MsgResponse & { _id: string }, AdminDayBody>({
      query: (body) => ({ url: '/api/attendance/day', method: 'PUT', body }),
      invalidatesTags: changesAttendance,
    }),
    /** POST /api/attendance/bulk[?dryRun=true]: a preview writes nothing, so it changes no list. */
    markDays: build.mutation<BulkMarkAnswer, { body: BulkMarkBody; dryRun: boolean }>({
      query: ({ body, dryRun }) => ({ url: '/api/attendance/bulk', method: 'POST', body, params: dryRun ? { dryRun: true } : undefined }),
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : changesAttendance),
    }),
  }),
});
