/**
 * A file the screen fetches and saves (the template, a report's failed rows):
 *   idle -DOWNLOAD-> downloading -> idle (saved, or the error)
 * A second DOWNLOAD while one is on its way is ignored. The fetch (`fetchFile`) and `save` are
 * injected, so this runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import { IMPORT_UI } from './import-copy';

export interface FileDownloadContext {
  /** Which file is on its way (its button shows busy). */
  pending: string | null;
  error: string | null;
}

export const fileDownloadMachine = setup({
  types: { context: {} as FileDownloadContext, events: {} as { type: 'DOWNLOAD'; key: string } },
  actors: {
    fetchFile: fromPromise<DownloadedFile, string>(async () => {
      throw new Error('fetchFile actor not provided');
    }),
  },
  actions: {
    save: (_, _params: { file: DownloadedFile }) => {},
  },
}).createMachine({
  id: 'fileDownload',
  context: { pending: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { DOWNLOAD: { target: 'downloading', actions: assign({ pending: ({ event }) => event.key, error: null }) } },
    },
    downloading: {
      invoke: {
        src: 'fetchFile',
        input: ({ context }) => context.pending!,
        onDone: { target: 'idle', actions: [{ type: 'save', params: ({ event }) => ({ file: event.output }) }, assign({ pending: null })] },
        onError: { target: 'idle', actions: assign({ pending: null, error: ({ event }) => IMPORT_UI.downloadError + errorMessage(event.error, 'no answer from the server') }) },
      },
    },
  },
});
