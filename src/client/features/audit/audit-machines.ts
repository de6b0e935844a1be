/**
 * The Audit log screen's flows, injected with their effects so they run headless:
 * - the filters: the fields are edited as a draft, APPLY checks the day range (the problem named at
 *   From) and hands the filters to `apply` (the address), CLEAR empties both; EDIT starts from the
 *   applied filters again (after Back, say).
 * - the export: idle -> exporting -> idle; a second EXPORT while one runs is ignored; the file goes
 *   to `save`, a failure shows the server's reason.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import { NO_FILTERS, type AuditFilters } from './audit-api';
import { AUDIT_UI } from './audit-copy';

export type AuditFilterField = keyof AuditFilters;

/** What is wrong with the filters, by field. */
export function filterProblems(f: AuditFilters): Partial<Record<AuditFilterField, string>> {
  return f.from && f.to && f.from > f.to ? { from: AUDIT_UI.rangeBackwards } : {};
}

const trimmed = (f: AuditFilters): AuditFilters => ({ ...f, person: f.person.trim() });

export const auditFilterMachine = setup({
  types: {
    context: {} as { draft: AuditFilters; problems: Partial<Record<AuditFilterField, string>> },
    events: {} as { type: 'CHANGE'; field: AuditFilterField; value: string } | { type: 'APPLY' } | { type: 'CLEAR' } | { type: 'EDIT'; filters: AuditFilters },
    input: {} as { filters: AuditFilters } | undefined,
  },
  actions: { apply: (_, _filters: AuditFilters) => {} },
}).createMachine({
  id: 'auditFilters',
  context: ({ input }) => ({ draft: input?.filters ?? NO_FILTERS, problems: {} }),
  on: {
    CHANGE: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, problems: {} })) },
    EDIT: { actions: assign(({ event }) => ({ draft: event.filters, problems: {} })) },
    APPLY: [
      { guard: ({ context }) => Object.keys(filterProblems(context.draft)).length > 0, actions: assign(({ context }) => ({ problems: filterProblems(context.draft) })) },
      { actions: [assign(({ context }) => ({ draft: trimmed(context.draft) })), { type: 'apply', params: ({ context }) => trimmed(context.draft) }] },
    ],
    CLEAR: { actions: [assign({ draft: NO_FILTERS, problems: {} }), { type: 'apply', params: NO_FILTERS }] },
  },
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
