/**
 * The audit log: pages of GET /api/audit (an infinite query, each page older than the last entry of
 * the one before), the filter lists, and the CSV export with the same filters.
 */
import type { AuditEntryView, AuditFacets } from '../../../shared/schemas/audit';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

/** The screen's filters as the address and the server spell them; '' means no filter. */
export interface AuditFilters {
  person: string;
  action: string;
  entity: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { person: '', action: '', entity: '', from: '', to: '' };

/** Entries per page: a few screens' worth, well under the server's 500. */
export const AUDIT_PAGE = 200;

/** Only the filters that are set, for the query string. */
const setOnly = (f: AuditFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The log, newest first; the next page starts before the last entry shown. */
    getAuditLog: build.infiniteQuery<AuditEntryView[], AuditFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => (lastPage.length < AUDIT_PAGE ? undefined : lastPage.at(-1)!._id),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/api/audit', params: { ...setOnly(queryArg), limit: AUDIT_PAGE, ...(pageParam ? { before: pageParam } : {}) } }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
    /** The actions and entities the log holds. */
    getAuditFacets: build.query<AuditFacets, void>({
      query: () => '/api/audit/facets',
      providesTags: [{ type: 'Audit', id: 'FACETS' }],
    }),
    /** GET /api/audit/export: the filtered log as CSV; a one-off act, never cached. */
    exportAuditLog: build.mutation<DownloadedFile, AuditFilters>({
      query: (filters) => ({ url: '/api/audit/export', params: setOnly(filters), responseHandler: fileResponseHandler('audit-log.csv'), cache: 'no-store' }),
    }),
  }),
});

export const { useGetAuditLogInfiniteQuery, useGetAuditFacetsQuery } = auditApi;
