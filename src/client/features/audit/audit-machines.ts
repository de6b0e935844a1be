/**
 * The Audit log screen's flows, injected with their effects so they run headless:
 * - the filters: the shared filter form (flows/filter-form-machine.ts), applied to the address.
 * - the export: idle -> exporting -> idle; a second EXPORT while one runs is ignored; the file goes
 *   to `save`, a failure shows the server's reason.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
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

export const auditExportMachine = setup({
  types: {
    context: {} as { error: string | null; savedAs: string | null },
    events: {} as { type: 'EXPORT'; filters: AuditFilters },
  },
  actors: {
    fetchExport: fromPromise<DownloadedFile, AuditFilters>(async () => {
      throw new Error('fetchExport actor not provided');
    }),
  },
  actions: { save: (_, _file: DownloadedFile) => {} },
}).createMachine({
  id: 'auditExport',
  context: { error: null, savedAs: null },
  initial: 'idle',
  states: {
    idle: { on: { EXPORT: 'exporting' } },
    exporting: {
      entry: assign({ error: null, savedAs: null }),
      invoke: {
        src: 'fetchExport',
        input: ({ event }) => (event as { filters: AuditFilters }).filters,
        onDone: { target: 'idle', actions: [{ type: 'save', params: ({ event }) => event.output }, assign({ savedAs: ({ event }) => event.output.filename })] },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => AUDIT_UI.exportFailed + errorMessage(event.error, AUDIT_UI.exportFallback) }) },
      },
    },
  },
});
