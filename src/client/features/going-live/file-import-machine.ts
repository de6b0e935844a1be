/**
 * One file's way in, the same for every import on the Going live screen:
 *   empty -FILE-> chosen -CHECK-> checking (a dry run) -> previewed -IMPORT-> importing -> done
 * Nothing is written before the admin has seen the dry run's answer. A new FILE, or a change of
 * all-or-nothing, voids the preview (it no longer says what the import would do); IMPORT is refused
 * while the preview says nothing would be written. A failed call returns to where it was with the
 * server's message. The call (`send`) is injected, so the flow runs headless in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ImportAnswer } from '../../../shared/schemas/import';
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { GOING_LIVE_UI } from './going-live-copy';

export interface FileImportInput {
  file: File;
  dryRun: boolean;
  atomic: boolean;
}

export interface FileImportContext {
  file: File | null;
  atomic: boolean;
  preview: ImportAnswer | null;
  result: ImportAnswer | null;
  error: string | null;
}

export type FileImportEvent = { type: 'FILE'; file: File | null } | { type: 'ATOMIC'; atomic: boolean } | { type: 'CHECK' } | { type: 'IMPORT' } | { type: 'RESET' };

/** Rows the import would write (added or updated). */
export const writable = (a: ImportAnswer) => a.counts.added + a.counts.updated;

/** What the admin may change while no call is on its way; each voids the preview. */
const EDITS = {
  FILE: { target: '#fileImport.chosen', actions: 'takeFile' },
  ATOMIC: { target: '#fileImport.chosen', actions: 'takeAtomic' },
  RESET: { target: '#fileImport.empty', actions: 'clear' },
} as const;

export const fileImportMachine = setup({
  types: { context: {} as FileImportContext, events: {} as FileImportEvent },
  actors: {
    send: fromPromise<ImportAnswer, FileImportInput>(async () => {
      throw new Error('send actor not provided');
    }),
  },
  actions: {
    takeFile: assign(({ event }) => (event.type === 'FILE' ? { file: event.file, preview: null, result: null, error: null } : {})),
    takeAtomic: assign(({ event }) => (event.type === 'ATOMIC' ? { atomic: event.atomic, preview: null, result: null } : {})),
    clear: assign({ file: null, preview: null, result: null, error: null }),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    worthImporting: ({ context }) => context.preview !== null && writable(context.preview) > 0 && !(context.atomic && context.preview.counts.failed > 0),
  },
}).createMachine({
  id: 'fileImport',
  context: { file: null, atomic: false, preview: null, result: null, error: null },
  initial: 'empty',
  states: {
    empty: { on: EDITS },
    chosen: {
      always: { guard: ({ context }) => context.file === null, target: 'empty' },
      on: { ...EDITS, CHECK: { guard: 'hasFile', target: 'checking' } },
    },
    checking: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ file: context.file!, dryRun: true, atomic: context.atomic }),
        onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: { target: 'chosen', actions: assign({ error: ({ event }) => errorMessage(event.error, 'The file could not be checked') }) },
      },
    },
    previewed: {
      on: { ...EDITS, IMPORT: { guard: 'worthImporting', target: 'importing' }, CHECK: 'checking' },
    },
    importing: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ file: context.file!, dryRun: false, atomic: context.atomic }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: { target: 'previewed', actions: assign({ error: ({ event }) => errorMessage(event.error, 'The file could not be imported') }) },
      },
    },
    done: { on: EDITS },
  },
});

/** A report's failed rows, saved as a file, or an error toast saying why not. */
export const failedRowsDownload = createFileDownloadMachine<string>({
  id: 'failedRows',
  failure: (error) => GOING_LIVE_UI.failedRowsError + errorMessage(error, 'no answer from the server'),
});
