/**
 * The register download: idle -> downloading -> idle. DOWNLOAD names the month, the search and the
 * format (csv or xlsx); a second DOWNLOAD while one is on its way is ignored. A failure reads
 * 'Error downloading the register: ' + the server's reason. The fetch (`fetchRegister`) and the
 * effect (`save`) are injected, so this runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import type { RegisterDownloadArgs } from './register-api';
import { REGISTER_UI } from './register-copy';

export interface RegisterDownloadContext {
  /** The download in flight (its format shows on the busy button). */
  request: RegisterDownloadArgs | null;
  error: string | null;
  savedAs: string | null;
}

export type RegisterDownloadEvent = { type: 'DOWNLOAD' } & RegisterDownloadArgs;

export const registerDownloadMachine = setup({
  types: {
    context: {} as RegisterDownloadContext,
    events: {} as RegisterDownloadEvent,
  },
  actors: {
    fetchRegister: fromPromise<DownloadedFile, RegisterDownloadArgs>(async () => {
      throw new Error('fetchRegister actor not provided');
    }),
  },
  actions: {
    save: (_, _params: { file: DownloadedFile }) => {},
  },
  guards: {
    noMonth: ({ event }) => !event.month,
  },
}).createMachine({
  id: 'registerDownload',
  context: { request: null, error: null, savedAs: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: [
          { guard: 'noMonth', actions: assign({ error: REGISTER_UI.downloadFailed + REGISTER_UI.monthRequired, savedAs: null }) },
          {
            target: 'downloading',
            actions: assign({ request: ({ event }) => ({ month: event.month, q: event.q || undefined, format: event.format }), error: null, savedAs: null }),
          },
        ],
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRegister',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'save', params: ({ event }) => ({ file: event.output }) }, assign({ savedAs: ({ event }) => event.output.filename, request: null })],
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => REGISTER_UI.downloadFailed + errorMessage(event.error, REGISTER_UI.downloadFallback), request: null }),
        },
      },
    },
  },
});
