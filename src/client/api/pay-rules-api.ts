/**
 * The company's pay rules (how a half day is paid, which wages ESI is on): the leave settings screen
 * shows and saves them. A change re-computes unapproved months, so the register's tag is invalidated.
 */
import type { PayRules } from '../../shared/schemas/pay-rules';
import { api } from './base-api';

const RULES = { type: 'PayRules', id: 'COMPANY' } as const;

export const payRulesApi = api.enhanceEndpoints({ addTagTypes: ['PayRules'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/salary/pay-rules -> {halfDayPay, esiWages} (admin). */
    getPayRules: build.query<PayRules, void>({ query: () => '/api/salary/pay-rules', providesTags: [RULES] }),
    /** PUT /api/salary/pay-rules -> the rules saved (admin). */
    savePayRules: build.mutation<PayRules, PayRules>({
      query: (body) => ({ url: '/api/salary/pay-rules', method: 'PUT', body }),
      invalidatesTags: [RULES, { type: 'Attendance', id: 'LIST' }],
    }),
  }),
});

export const { useGetPayRulesQuery } = payRulesApi;
