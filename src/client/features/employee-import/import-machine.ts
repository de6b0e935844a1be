/**
 * The employee import, from the file to its report:
 *   editing -CHECK-> checking -> previewed -IMPORT-> importing -> imported (the report opens)
 * CHECK sends the file with dryRun (the server checks every row and writes nothing); the preview
 * holds only for the file and choices it was made with, so changing any of them goes back to
 * editing. IMPORT is refused when no row would be written, or when all-or-nothing is on and a row
 * has a problem. A refused file (a missing column, too large, unreadable) is the file field's error;
 * other failures are the screen's. The call (`send`), `notify` (a toast) and `openReport` are
 * injected, so the flow runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ImportAnswer, ImportMode } from '../../../shared/schemas/import';
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import type { FlowResult } from '../../flows/row-action-machine';
import type { EmployeeImportArg, InviteChoice } from './import-api';
import { IMPORT_UI } from './import-copy';

export type ImportFlowEvent =
  | { type: 'SELECT_FILE'; file: File | null }
  | { type: 'SET_MODE'; mode: ImportMode }
  | { type: 'SET_ATOMIC'; atomic: boolean }
  | { type: 'SET_INVITE'; invite: InviteChoice }
  | { type: 'CHECK' }
  | { type: 'IMPORT' };

export interface ImportFlowContext {
  file: File | null;
  mode: ImportMode;
  atomic: boolean;
  invite: InviteChoice;
  /** What is wrong with the file itself (shown at the file field). */
  fileError: string | null;
  /** A failure that is not the file's (the network, the server). */
  error: string | null;
  /** The dry run's answer for the current file and choices. */
  preview: ImportAnswer | null;
  /** The real import's answer. */
  result: ImportAnswer | null;
}

const ACCEPTED = /\.(xlsx|csv)$/i;

/** Rows the import would write (added or updated). */
export const writableRows = (answer: ImportAnswer | null): number => (answer ? answer.counts.added + answer.counts.updated : 0);

/** Why the previewed file cannot be imported as chosen, or null. */
export function importBlocked(context: Pick<ImportFlowContext, 'preview' | 'atomic'>): string | null {
  if (!context.preview) return null;
  if (context.atomic && context.preview.counts.failed > 0) return IMPORT_UI.atomicBlocked;
  if (writableRows(context.preview) === 0) return IMPORT_UI.nothingToImport;
  return null;
}

/** 400, 413 and 415 are the file's fault: the server names what is wrong with it. */
const isFileRefusal = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 400 || status === 413 || status === 415;
};

// The check is never all or nothing, so its answer shows what every row would do.
const argOf = (context: ImportFlowContext, dryRun: boolean): EmployeeImportArg => ({
  file: context.file!,
  mode: context.mode,
  atomic: dryRun ? false : context.atomic,
  invite: context.invite,
  dryRun,
});

const changed = { target: '#employeeImport.editing' } as const;
// While a request is out (the form is disabled too) and once imported, nothing changes.
const locked = { SELECT_FILE: {}, SET_MODE: {}, SET_INVITE: {}, SET_ATOMIC: {}, CHECK: {}, IMPORT: {} } as const;

export const importFlowMachine = setup({
  types: { context: {} as ImportFlowContext, events: {} as ImportFlowEvent },
  actors: {
    send: fromPromise<ImportAnswer, EmployeeImportArg>(async () => {
      throw new Error('send actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: FlowResult) => {},
    openReport: (_, _params: { reportId: string | undefined }) => {},
  },
  guards: {
    noFile: ({ context }) => context.file === null,
    wrongType: ({ context }) => context.file !== null && !ACCEPTED.test(context.file.name),
    blocked: ({ context }) => importBlocked(context) !== null,
    fileRefusal: ({ event }) => isFileRefusal((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'employeeImport',
  context: { file: null, mode: 'add', atomic: false, invite: 'default', fileError: null, error: null, preview: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHECK: [
          { guard: 'noFile', actions: assign({ fileError: IMPORT_UI.fileRequired }) },
          { guard: 'wrongType', actions: assign({ fileError: ({ context }) => IMPORT_UI.fileType(context.file!.name) }) },
          { target: 'checking' },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      on: locked,
      entry: assign({ fileError: null, error: null, preview: null }),
      invoke: {
        src: 'send',
        input: ({ context }) => argOf(context, true),
        onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output }) },
        onError: [
          { guard: 'fileRefusal', target: 'editing', actions: assign({ fileError: ({ event }) => errorMessage(event.error, IMPORT_UI.fileRequired) }) },
          { target: 'editing', actions: assign({ error: ({ event }) => IMPORT_UI.failed + errorMessage(event.error, 'no answer from the server') }) },
        ],
      },
    },
    previewed: {
      on: {
        IMPORT: [{ guard: 'blocked' }, { target: 'importing' }],
        CHECK: { target: 'checking' },
      },
    },
    importing: {
      tags: ['busy'],
      on: locked,
      entry: assign({ error: null }),
      invoke: {
        src: 'send',
        input: ({ context }) => argOf(context, false),
        onDone: {
          target: 'imported',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'notify', params: ({ event }) => ({ tone: writableRows(event.output) > 0 ? ('success' as const) : ('error' as const), message: event.output.msg }) },
            { type: 'openReport', params: ({ event }) => ({ reportId: event.output.reportId }) },
          ],
        },
        onError: {
          target: 'previewed',
          actions: assign({ error: ({ event }) => IMPORT_UI.importFailed + errorMessage(event.error, 'no answer from the server') }),
        },
      },
    },
    imported: { on: locked },
  },
  on: {
    // Any change voids the preview (all or nothing does not: the preview is of every row either way).
    SELECT_FILE: { ...changed, actions: assign({ file: ({ event }) => event.file, fileError: null, preview: null, error: null }) },
    SET_MODE: { ...changed, actions: assign({ mode: ({ event }) => event.mode, preview: null, error: null }) },
    SET_INVITE: { ...changed, actions: assign({ invite: ({ event }) => event.invite, preview: null, error: null }) },
    SET_ATOMIC: { actions: assign({ atomic: ({ event }) => event.atomic }) },
  },
});

/** The template and a report's failed rows: the shared download machine, with this screen's words. */
export const importFileDownload = createFileDownloadMachine<string>({
  id: 'importFile',
  failure: (error) => IMPORT_UI.downloadError + errorMessage(error, 'no answer from the server'),
});
