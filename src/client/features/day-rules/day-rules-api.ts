/** The day's rules and the web punch policy (admins): a change re-counts days, so the attendance lists refresh too. */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { DayRules, PunchPolicy } from '../../../shared/schemas/day-rules';
import { api } from '../../api/base-api';

const RULES = { type: 'DayRules', id: 'RULES' } as const;
const POLICY = { type: 'DayRules', id: 'POLICY' } as const;

export const dayRulesApi = api.enhanceEndpoints({ addTagTypes: ['DayRules'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/day-rules. */
    getDayRules: build.query<DayRules, void>({ query: () => '/api/day-rules', providesTags: [RULES] }),
    /** PUT /api/day-rules -> {msg}. */
    saveDayRules: build.mutation<MsgResponse, DayRules>({ query: (body) => ({ url: '/api/day-rules', method: 'PUT', body }), invalidatesTags: [RULES, { type: 'Attendance', id: 'LIST' }] }),
    /** GET /api/punch-policy. */
    getPunchPolicy: build.query<PunchPolicy, void>({ query: () => '/api/punch-policy', providesTags: [POLICY] }),
    /** PUT /api/punch-policy -> {msg}; a bad row comes back as fieldErrors 'sites.0.latitude'. */
    savePunchPolicy: build.mutation<MsgResponse, PunchPolicy>({ query: (body) => ({ url: '/api/punch-policy', method: 'PUT', body }), invalidatesTags: [POLICY] }),
  }),
});

export const { useGetDayRulesQuery, useGetPunchPolicyQuery } = dayRulesApi;
