/**
 * Attendance endpoints (product.md, Calls): punch in and out, the employee's own list, the
 * admin's day or range list (polled by the dashboard), the present/absent chart and the CSV report.
 */
import type { AbsentToday, AttendancePage, AttendancePageQuery, AttendanceRecord, AttendanceSummaryDay, PunchResponse } from '../../../shared/schemas/attendance';
import type { PunchPosition, PunchRule } from '../../../shared/schemas/day-rules';
import type { MyHeldPunch } from '../../../shared/schemas/device';
import { api } from '../../api/base-api';
import { frozenList } from '../../api/frozen-list';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

/** The admin list's filter: one day (the dashboard's poll) or an inclusive range (the Attendance screen). */
export type AttendanceFilter = { date: string } | { startDate: string; endDate: string };

/** A report range; without one the server sends every record as attendance.csv. */
export interface ReportRange {
  startDate: string;
  endDate: string;
}

/** Both lists and the chart hold this tag; any punch makes them stale. */
export const ATTENDANCE_LIST_TAG = { type: 'Attendance', id: 'LIST' } as const;
const SUMMARY_TAG = { type: 'Attendance', id: 'SUMMARY' } as const;
// The roster's tag (the employees feature's list): a hire or a leaver changes every day's workforce.
const ROSTER_TAG = { type: 'Employee', id: 'LIST' } as const;

const recordTags = (records: readonly AttendanceRecord[] | undefined) => [
  ATTENDANCE_LIST_TAG,
  ...(records ?? []).map((record) => ({ type: 'Attendance' as const, id: record._id })),
];

/** The spec's file names: attendance.csv, or attendance_{start}_{end}.csv for a range. */
export const reportFileName = (range?: ReportRange | null) =>
  range ? `attendance_${range.startDate}_${range.endDate}.csv` : 'attendance.csv';

/** What the caller's own web punch needs (their rule), and whether a punch-in after a punch-out is allowed. */
export type MyPunchRule = PunchRule & { allowBreaks: boolean };

/** A punch's body: the browser's position where the caller's rule asks for a site, else nothing. */
export type PunchBody = PunchPosition | undefined;

export const attendanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/attendance?date= | ?startDate=&endDate= -> records by date desc, then email (admin; ETag/304). */
    getAttendance: build.query<readonly AttendanceRecord[], AttendanceFilter>({
      query: (params) => ({ url: '/api/attendance', params }),
      // Frozen before the store sees it (see frozenList): a 10,000-row poll every 10 seconds.
      transformResponse: (records: AttendanceRecord[]) => frozenList(records),
      // The list tag alone: every change that makes a record stale invalidates LIST as well, and
      // one tag per record meant 10,000 entries written into the cache's tag index on every poll.
      providesTags: [ATTENDANCE_LIST_TAG],
    }),
    /**
     * GET /api/attendance/page?startDate&endDate&q&show&offset&limit -> one page of the range,
     * narrowed by the server (admin): the Attendance screen's table, so a year never travels whole.
     */
    getAttendancePage: build.query<AttendancePage, AttendancePageQuery>({
      query: (params) => ({ url: '/api/attendance/page', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)) }),
      providesTags: [ATTENDANCE_LIST_TAG],
    }),
    /** GET /api/attendance/employee -> the caller's own records, newest first. */
    getOwnAttendance: build.query<AttendanceRecord[], void>({
      query: () => '/api/attendance/employee',
      providesTags: recordTags,
    }),
    /**
     * GET /api/punch-policy/mine -> what the caller's web punch needs. Read when the screen opens:
     * an admin who turns on a site check changes what the next punch must send.
     */
    getMyPunchRule: build.query<MyPunchRule, void>({
      query: () => '/api/punch-policy/mine',
    }),
    /** GET /api/attendance/punches/mine -> the caller's punches held for review, waiting or decided with the admin's reason. */
    getMyHeldPunches: build.query<MyHeldPunch[], void>({
      query: () => '/api/attendance/punches/mine',
      providesTags: [ATTENDANCE_LIST_TAG],
    }),
    /** GET /api/attendance/summary?days= -> present and absent per day, oldest first (admin). */
    getAttendanceSummary: build.query<AttendanceSummaryDay[], number>({
      query: (days) => ({ url: '/api/attendance/summary', params: { days } }),
      providesTags: [SUMMARY_TAG, ROSTER_TAG],
    }),
    /**
     * GET /api/attendance/absent-today?q= -> the people behind the dashboard's "absent" figure (admin).
     * Punches change it, so it shares the list's tag and follows the same poll.
     */
    getAbsentToday: build.query<AbsentToday, string>({
      query: (q) => ({ url: '/api/attendance/absent-today', params: q ? { q } : {} }),
      providesTags: [ATTENDANCE_LIST_TAG, ROSTER_TAG],
    }),
    /** POST /api/attendance/punch-in -> {msg, record}: creates today's record; 409 when already punched in. */
    punchIn: build.mutation<PunchResponse, PunchBody>({
      query: (position) => ({ url: '/api/attendance/punch-in', method: 'POST', ...(position ? { body: position } : {}) }),
      // Even a 409 means this browser's list is behind the server (another tab punched), so refresh anyway.
      invalidatesTags: [ATTENDANCE_LIST_TAG, SUMMARY_TAG],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepOwnListCurrent(dispatch, queryFulfilled),
    }),
    /** POST /api/attendance/punch-out -> {msg, record}: stamps today's record; 409 without a punch-in or twice. */
    punchOut: build.mutation<PunchResponse, PunchBody>({
      query: (position) => ({ url: '/api/attendance/punch-out', method: 'POST', ...(position ? { body: position } : {}) }),
      invalidatesTags: (answer) => [
        ATTENDANCE_LIST_TAG,
        SUMMARY_TAG,
        ...(answer ? [{ type: 'Attendance' as const, id: answer.record._id }] : []),
      ],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepOwnListCurrent(dispatch, queryFulfilled),
    }),
    /**
     * GET /api/attendance/download[?startDate&endDate] -> CSV, handed over as a DownloadedFile so no
     * Blob enters the store. A mutation: a download is a one-off act, never a cached answer.
     */
    downloadAttendance: build.mutation<DownloadedFile, ReportRange | null>({
      query: (range) => ({
        url: '/api/attendance/download',
        params: range ?? undefined,
        responseHandler: fileResponseHandler(reportFileName(range)),
        cache: 'no-store',
      }),
    }),
  }),
});

/**
 * Puts a punch's answer (the record as it now stands) into the employee's cached list at once, so
 * the punch buttons, which follow today's record, change with the answer instead of a moment later
 * when the refetch the tags start comes back. The refetch still replaces it with the server's list.
 */
async function keepOwnListCurrent(
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: PunchResponse }>,
): Promise<void> {
  let record: AttendanceRecord;
  try {
    ({ record } = (await queryFulfilled).data);
  } catch {
    return; // a refused punch changes nothing; the screen says why
  }
  dispatch(
    attendanceApi.util.updateQueryData('getOwnAttendance', undefined, (list) => {
      const index = list.findIndex((r) => r._id === record._id);
      if (index !== -1) list[index] = record;
      // Newest first: today's new record goes on top.
      else list.unshift(record);
    }),
  );
}

export const { useGetAttendanceQuery, useGetAttendancePageQuery, useGetOwnAttendanceQuery, useGetAttendanceSummaryQuery, useGetMyPunchRuleQuery, useGetMyHeldPunchesQuery, useGetAbsentTodayQuery } = attendanceApi;
