/**
 * CSV import flow (product.md, Screens, 4, 5 and 8): pick a .csv file, upload it with a progress bar,
 * show the server's msg and any per-row errors for REDIRECT_DELAY_MS, then go to the list. No file
 * gives 'Please select a CSV file to upload'; a failure shows the msg ('Failed to upload CSV').
 *
 * The upload is an injected promise actor (the uploadEmployeesCsv mutation in the app, whose
 * XMLHttpRequest reports upload progress): its input carries `onProgress`, which sends the
 * UPLOAD.PROGRESS / UPLOAD.SENT reports back to this machine, and it settles with the server's
 * answer. The list refreshes by the mutation's tag invalidation. The machine owns the timeouts, so
 * they are named delays tested with a simulated clock:
 *  - while the file is being sent, REQUEST_TIMEOUT_MS without any progress aborts (a big file on a
 *    slow link may take longer than 10 s in total, which is fine as long as bytes keep moving);
 *  - once sent, the server gets REQUEST_TIMEOUT_MS plus IMPORT_MS_PER_MB per megabyte of file to
 *    answer, because it checks and inserts every row before it replies (10 MB, the limit: 30 s).
 */
import { assign, fromPromise, setup } from 'xstate';
import { REDIRECT_DELAY_MS, REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { FALLBACK, MSG } from '../../copy';
import { errorMessage } from '../../api/error-message';
import type { CsvUploadArg, CsvUploadProgress, CsvUploadResult } from './csv-upload-request';

export const IMPORT_MS_PER_MB = 2_000;
const MB = 1024 * 1024;

/** How long the server may take to answer once `bytes` of CSV have been sent. */
export const importAnswerTimeoutMs = (bytes: number): number =>
  REQUEST_TIMEOUT_MS + Math.ceil(Math.max(0, bytes) / MB) * IMPORT_MS_PER_MB;

export type CsvUploadEvent = { type: 'SELECT_FILE'; file: File | null } | { type: 'UPLOAD' } | CsvUploadProgress;

export interface CsvUploadContext {
  file: File | null;
  /** Bytes sent so far; null until the first progress report. */
  progress: { loaded: number; total: number } | null;
  error: string | null;
  message: string | null;
  rowErrors: string[];
}

/** The text the spec shows under the msg: 'Some employees could not be added: ' + errors joined by '; '. */
export const rowErrorsText = (rowErrors: readonly string[]): string | null =>
  rowErrors.length ? MSG.someEmployeesFailed + rowErrors.join('; ') : null;

/** Whole percent of the file sent, or null while unknown (the bar is then indeterminate). */
export const uploadPercent = (progress: CsvUploadContext['progress']): number | null =>
  progress && progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : null;

const TIMED_OUT = { status: 'TIMEOUT_ERROR', error: 'upload timed out' } as const;

/** The CSV upload machine; provide `upload` and `redirect`. */
export const csvUploadMachine = setup({
  types: { context: {} as CsvUploadContext, events: {} as CsvUploadEvent },
  actors: {
    upload: fromPromise<CsvUploadResult, CsvUploadArg>(async () => {
      throw new Error('upload actor not provided');
    }),
  },
  actions: {
    redirect: () => {},
    fail: assign({ error: (_, params: { message: string }) => params.message, progress: null }),
  },
  guards: {
    noFile: ({ context }) => context.file === null,
  },
  delays: {
    redirectDelay: REDIRECT_DELAY_MS,
    stallTimeout: REQUEST_TIMEOUT_MS,
    answerTimeout: ({ context }) => importAnswerTimeoutMs(context.file?.size ?? 0),
  },
}).createMachine({
  id: 'csvUpload',
  context: { file: null, progress: null, error: null, message: null, rowErrors: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT_FILE: { actions: assign({ file: ({ event }) => event.file, error: null }) },
        UPLOAD: [
          { guard: 'noFile', actions: { type: 'fail', params: { message: MSG.csvRequired } } },
          { target: 'uploading', actions: assign({ error: null, progress: null }) },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        // The reports come back as events to this machine (`self` here is the machine, not the upload).
        input: ({ context, self }) => ({ file: context.file!, onProgress: (progress: CsvUploadProgress) => self.send(progress) }),
        onDone: {
          target: 'success',
          actions: assign({
            message: ({ event }) => event.output.msg,
            rowErrors: ({ event }) => event.output.errors ?? [],
          }),
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error, FALLBACK.uploadCsv) }) },
        },
      },
      initial: 'sending',
      states: {
        sending: {
          // Leaving `uploading` stops the actor, which aborts the request.
          after: { stallTimeout: { target: '#csvUpload.idle', actions: { type: 'fail', params: { message: errorMessage(TIMED_OUT, FALLBACK.uploadCsv) } } } },
          on: {
            // Re-entering restarts the stall timer; the invoked upload lives on the parent state.
            'UPLOAD.PROGRESS': {
              target: 'sending',
              reenter: true,
              actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }),
            },
            'UPLOAD.SENT': {
              target: 'processing',
              actions: assign({ progress: ({ context }) => (context.progress ? { ...context.progress, loaded: context.progress.total } : null) }),
            },
          },
        },
        processing: {
          after: { answerTimeout: { target: '#csvUpload.idle', actions: { type: 'fail', params: { message: errorMessage(TIMED_OUT, FALLBACK.uploadCsv) } } } },
        },
      },
    },
    success: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: [assign({ message: null, rowErrors: [] }), 'redirect'],
    },
  },
});
