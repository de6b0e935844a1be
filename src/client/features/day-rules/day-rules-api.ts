/** The day's rules and the web punch policy (admins): a change re-counts days, so the attendance lists refresh too. */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { DayRules, EmployeePunchRule, EmployeePunchRuleBody, PunchPolicy, PunchRule } from '../../../shared/schemas/day-rules';
import { api } from '../../api/base-api';

const RULES = { type: 'DayRules', id: 'RULES' } as const;
const POLICY = { type: 'DayRules', id: 'POLICY' } as const;
const OWN_RULES = { type: 'DayRules', id: 'OWN' } as const;
const LOCATION_RULES = { type: 'DayRules', id: 'LOCATIONS' } as const;
const ownRule = (id: string) => ({ type: 'DayRules' as const, id: `OWN-${id}` });

/** One row of GET /api/punch-policy/employees: a person with their own web punch rule. */
export interface OwnPunchRule {
  userId: string;
  employeeId: string;
  name: string;
  rule: PunchRule;
}

/** One row of GET /api/punch-policy/locations: a location, with its own rule or null (the company's). */
export interface LocationPunchRule {
  locationId: string;
  name: string;
  city: string | null;
  rule: PunchRule | null;
}

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
    /** GET /api/punch-policy/locations: every location with its own rule or null; refreshed when a location is added. */
    getLocationPunchRules: build.query<LocationPunchRule[], void>({ query: () => '/api/punch-policy/locations', providesTags: [LOCATION_RULES, { type: 'Company', id: 'LOCATIONS' }] }),
    /** PUT /api/punch-policy/locations/:id {rule | null} -> {msg}; null follows the company's rule again. */
    saveLocationPunchRule: build.mutation<MsgResponse, { id: string } & EmployeePunchRuleBody>({
      query: ({ id, rule }) => ({ url: `/api/punch-policy/locations/${encodeURIComponent(id)}`, method: 'PUT', body: { rule } }),
      // A person's effective rule may follow the location's: their Edit Employee card refreshes with the policy.
      invalidatesTags: [LOCATION_RULES, POLICY],
    }),
    /** GET /api/punch-policy/employees: the people with their own rule. */
    getOwnPunchRules: build.query<OwnPunchRule[], void>({ query: () => '/api/punch-policy/employees', providesTags: [OWN_RULES] }),
    /** GET /api/punch-policy/employees/:id (the account's _id) -> {employeeId, name, own, effective}. */
    getEmployeePunchRule: build.query<EmployeePunchRule, string>({ query: (id) => `/api/punch-policy/employees/${encodeURIComponent(id)}`, providesTags: (_r, _e, id) => [ownRule(id), POLICY] }),
    /** PUT /api/punch-policy/employees/:id {rule | null} -> {msg}; null follows the company's rule again. */
    saveEmployeePunchRule: build.mutation<MsgResponse, { id: string } & EmployeePunchRuleBody>({
      query: ({ id, rule }) => ({ url: `/api/punch-policy/employees/${encodeURIComponent(id)}`, method: 'PUT', body: { rule } }),
      invalidatesTags: (_r, _e, { id }) => [ownRule(id), OWN_RULES],
    }),
  }),
});

export const { useGetDayRulesQuery, useGetPunchPolicyQuery, useGetOwnPunchRulesQuery, useGetEmployeePunchRuleQuery, useGetLocationPunchRulesQuery } = dayRulesApi;
