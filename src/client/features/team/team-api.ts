/**
 * My Team and the bell (src/server/modules/team/README.md): the caller's summary (hasReports, waiting),
 * today's attendance of the team, the team's requests (`?scope=team`, the same tags as the leave and
 * correction lists, so a decision anywhere refreshes them), and the caller's notifications. Nothing
 * here carries pay.
 */
import type { Correction } from '../../../shared/schemas/attendance-correction';
import type { Leave } from '../../../shared/schemas/leave';
import type { WhosOff, WhosOffQuery } from '../../../shared/schemas/holiday-calendar';
import type { NotificationList, NotificationPreferences, NotificationRead, StandInCandidate, StandInCreate, StandInView, TeamAttendance, TeamBalance, TeamSummary } from '../../../shared/schemas/team';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';

const NOTIFICATIONS = { type: 'Notification', id: 'LIST' } as const;
const STAND_INS = { type: 'StandIn', id: 'LIST' } as const;

export const teamApi = api.enhanceEndpoints({ addTagTypes: ['StandIn'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/team/summary: whether the caller manages anyone, and how many requests wait for them. */
    getTeamSummary: build.query<TeamSummary, void>({
      query: () => '/api/team/summary',
      providesTags: [{ type: 'Leave', id: 'LIST' }, { type: 'AttendanceCorrection', id: 'LIST' }],
    }),
    /** GET /api/team/attendance: today's presence of the team (no pay). */
    getTeamAttendance: build.query<TeamAttendance, void>({
      query: () => '/api/team/attendance',
      providesTags: [{ type: 'Attendance', id: 'LIST' }],
    }),
    /** GET /api/leave?scope=team: the team's requests, each with `requester` and `canDecide`. */
    getTeamLeaves: build.query<Leave[], void>({
      query: () => ({ url: '/api/leave', params: { scope: 'team' } }),
      providesTags: (rows) => [...(rows ?? []).map(({ _id }) => ({ type: 'Leave' as const, id: _id })), { type: 'Leave', id: 'LIST' }],
    }),
    /** GET /api/attendance/corrections?scope=team: the team's corrections, each with `requester` and `canDecide`. */
    getTeamCorrections: build.query<Correction[], void>({
      query: () => ({ url: '/api/attendance/corrections', params: { scope: 'team' } }),
      providesTags: (rows) => [...(rows ?? []).map(({ _id }) => ({ type: 'AttendanceCorrection' as const, id: _id })), { type: 'AttendanceCorrection', id: 'LIST' }],
    }),
    /** GET /api/team/whos-off?from&to: the team's approved leave in the period, with holidays and weekly offs. */
    getTeamWhosOff: build.query<WhosOff, WhosOffQuery>({
      query: ({ from, to }) => ({ url: '/api/team/whos-off', params: { from, to } }),
      providesTags: [{ type: 'Leave', id: 'LIST' }],
    }),
    /** GET /api/team/leave-balances: each member's balances today, in days. */
    getTeamBalances: build.query<TeamBalance[], void>({
      query: () => '/api/team/leave-balances',
      providesTags: [{ type: 'Leave', id: 'LIST' }],
    }),
    /** GET /api/team/stand-ins: the stand-ins the caller named. */
    getStandIns: build.query<StandInView[], void>({
      query: () => '/api/team/stand-ins',
      providesTags: [STAND_INS],
    }),
    /** GET /api/team/stand-in-candidates: reports, own manager and peers (names and codes only). */
    getStandInCandidates: build.query<StandInCandidate[], void>({
      query: () => '/api/team/stand-in-candidates',
    }),
    /** POST /api/team/stand-ins: names a stand-in for a date range. */
    addStandIn: build.mutation<MsgResponse & { _id: string }, StandInCreate>({
      query: (body) => ({ url: '/api/team/stand-ins', method: 'POST', body }),
      invalidatesTags: [STAND_INS],
    }),
    /** DELETE /api/team/stand-ins/{id}: ends one of the caller's stand-ins. */
    removeStandIn: build.mutation<MsgResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/team/stand-ins/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [STAND_INS],
    }),
    /** GET /api/notifications: the caller's newest notifications and the unread count. */
    getNotifications: build.query<NotificationList, void>({
      query: () => '/api/notifications',
      // A decision or a new request owes someone a notification: the caller's own may have changed.
      providesTags: [NOTIFICATIONS, { type: 'Leave', id: 'LIST' }, { type: 'AttendanceCorrection', id: 'LIST' }],
    }),
    /** GET /api/notifications/preferences: single mails, or one daily digest. */
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/api/notifications/preferences',
    }),
    /** PUT /api/notifications/preferences {digest}: shown at once, put back if the server refuses. */
    setNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: '/api/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(teamApi.util.updateQueryData('getNotificationPreferences', undefined, (draft) => ({ ...draft, ...body })));
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** PUT /api/notifications/read {ids?}: the given ones (or all) read. */
    markNotificationsRead: build.mutation<MsgResponse & { unread: number }, NotificationRead>({
      query: (body) => ({ url: '/api/notifications/read', method: 'PUT', body }),
      invalidatesTags: [NOTIFICATIONS],
    }),
  }),
});

export const {
  useGetTeamSummaryQuery,
  useGetTeamAttendanceQuery,
  useGetTeamLeavesQuery,
  useGetTeamCorrectionsQuery,
  useGetTeamWhosOffQuery,
  useGetTeamBalancesQuery,
  useGetStandInsQuery,
  useGetStandInCandidatesQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useSetNotificationPreferencesMutation,
} = teamApi;
