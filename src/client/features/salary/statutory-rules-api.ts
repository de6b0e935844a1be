/** The Statutory rules screen's calls (admin): the rules around a month, a new version, the readings of contested rules. */
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import type { MsgResponse } from '../../../shared/schemas/common';
import type { AddRuleVersion, StatutoryRulesPage } from '../../../shared/schemas/statutory-rules';
import { api } from '../../api/base-api';

export const statutoryRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/statutory-rules?month= -> every rule with its versions, and the company's settings. */
    getStatutoryRules: build.query<StatutoryRulesPage, string>({ query: (month) => `/api/statutory-rules?month=${encodeURIComponent(month)}` }),
    /** POST /api/statutory-rules/versions -> {msg}. */
    addRuleVersion: build.mutation<MsgResponse, AddRuleVersion>({ query: (body) => ({ url: '/api/statutory-rules/versions', method: 'POST', body }) }),
    /** PUT /api/statutory-rules/settings -> {msg}. */
    saveStatutorySettings: build.mutation<MsgResponse, StatutorySettings>({ query: (body) => ({ url: '/api/statutory-rules/settings', method: 'PUT', body }) }),
  }),
});

export const { useGetStatutoryRulesQuery, useAddRuleVersionMutation, useSaveStatutorySettingsMutation } = statutoryRulesApi;
