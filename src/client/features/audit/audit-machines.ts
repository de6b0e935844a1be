/**
 * The Audit log screen's flows, injected with their effects so they run headless:
 * - the filters: the shared filter form (flows/filter-form-machine.ts), applied to the address.
 * - the export: the shared download machine; a failure shows the server's reason.
 */
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { createFilterFormMachine } from '../../flows/filter-form-machine';
import { NO_FILTERS, type AuditFilters } from './audit-api';
import { AUDIT_UI } from './audit-copy';

export type AuditFilterField = keyof AuditFilters;

/** The Audit log's filters (filter-form-machine.ts): the person is matched trimmed. */
export const auditFilterMachine = createFilterFormMachine<AuditFilters>({
  id: 'auditFilters',
  empty: NO_FILTERS,
  rangeBackwards: AUDIT_UI.rangeBackwards,
  trimmed: (f) => ({ ...f, person: f.person.trim() }),
});

/** The export: the shared download machine (flows/file-download-machine.ts) asking with the filters. */
export const auditExportMachine = createFileDownloadMachine<AuditFilters>({
  id: 'auditExport',
  failure: (error) => AUDIT_UI.exportFailed + errorMessage(error, AUDIT_UI.exportFallback),
});
