/** The company's approval settings (skip-level view, escalation to HR): GET and PUT /api/approval-settings, admins only. */
import type { ApprovalSettings } from '../../../shared/schemas/team';
import { api } from '../../api/base-api';

const SETTINGS = { type: 'ApprovalSettings', id: 'ONE' } as const;

export const approvalSettingsApi = api.enhanceEndpoints({ addTagTypes: ['ApprovalSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getApprovalSettings: build.query<ApprovalSettings, void>({ query: () => '/api/approval-settings', providesTags: [SETTINGS] }),
    /** Who may see and decide what changes with it: the team lists refresh too. */
    saveApprovalSettings: build.mutation<ApprovalSettings, ApprovalSettings>({
      query: (body) => ({ url: '/api/approval-settings', method: 'PUT', body }),
      invalidatesTags: [SETTINGS, { type: 'Leave', id: 'LIST' }, { type: 'AttendanceCorrection', id: 'LIST' }],
    }),
  }),
});

export const { useGetApprovalSettingsQuery } = approvalSettingsApi;
