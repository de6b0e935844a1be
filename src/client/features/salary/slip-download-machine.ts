/**
 * Salary slip download flow (product.md, Screens and Input rules): idle -> downloading -> done | error.
 * DOWNLOAD may ask for the PDF ({format: 'pdf'}); without it the spec's .xlsx.
 * A screen with a month picker starts with `monthRequired` (spec: 'Salary slip download requires a
 * chosen month'); the dashboard's button does not, and the server picks the last complete month.
 * A failure shows the spec's 'Error downloading salary slip: ' text through `notify` (an error
 * toast). The fetch (`fetchSlip`) and the effects (`save`, `notify`) are injected, so this runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PREFIX } from '../../copy';
import { SALARY_UI } from './salary-copy';
import { monthSchema } from '../../../shared/schemas/common';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';

export interface SlipDownloadInput {
  /** True where the person must choose a month first (the Salary Slip screen). */
  monthRequired: boolean;
}

export interface SlipDownloadContext {
  monthRequired: boolean;
  /** The document of the download in flight or last made: the spec's .xlsx unless the PDF was asked for. */
  format: SlipFormat;
  /** 'YYYY-MM', or '' while none is chosen. */
  month: string;
  /** The name the last download was saved under, for the screen's confirmation. */
  savedAs: string | null;
}

export type SlipDownloadEvent = { type: 'CHOOSE_MONTH'; month: string } | { type: 'DOWNLOAD'; format?: SlipFormat };

/** What fetchSlip is asked for: a month, or null for the server's default month, and the document. */
export interface SlipFetchInput {
  month: string | null;
  format: SlipFormat;
}

export type SlipFormat = 'xlsx' | 'pdf';

/** The slip download machine; provide `fetchSlip`, `save` and `notify`. */
export const slipDownloadMachine = setup({
  types: {
    context: {} as SlipDownloadContext,
    events: {} as SlipDownloadEvent,
    input: {} as SlipDownloadInput,
  },
  actors: {
    fetchSlip: fromPromise<DownloadedFile, SlipFetchInput>(async () => {
      throw new Error('fetchSlip actor not provided');
    }),
  },
  actions: {
    save: (_, _params: { file: DownloadedFile }) => {},
    notify: (_, _params: { tone: 'error'; message: string }) => {},
    chooseMonth: assign({
      month: ({ event }) => (event.type === 'CHOOSE_MONTH' ? event.month : ''),
      savedAs: null,
    }),
    chooseFormat: assign({ format: ({ event }) => (event.type === 'DOWNLOAD' && event.format) || 'xlsx' }),
  },
  guards: {
    // An <input type="month"> yields '' or 'YYYY-MM'; anything else (an old browser's free text) waits.
    canDownload: ({ context }) => !context.monthRequired || monthSchema.safeParse(context.month).success,
  },
}).createMachine({
  id: 'slipDownload',
  context: ({ input }) => ({ monthRequired: input.monthRequired, format: 'xlsx' as SlipFormat, month: '', savedAs: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHOOSE_MONTH: { actions: 'chooseMonth' },
        DOWNLOAD: { guard: 'canDownload', target: 'downloading', actions: 'chooseFormat' },
      },
    },
    downloading: {
      // The month of the request in flight is fixed at invoke; a new choice waits for the next click.
      on: { CHOOSE_MONTH: { actions: 'chooseMonth' } },
      invoke: {
        src: 'fetchSlip',
        input: ({ context }) => ({ month: monthSchema.safeParse(context.month).success ? context.month : null, format: context.format }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'save', params: ({ event }) => ({ file: event.output }) },
            assign({ savedAs: ({ event }) => event.output.filename }),
          ],
        },
        onError: {
          target: 'error',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              tone: 'error',
              message: PREFIX.downloadSalarySlip + errorMessage(event.error, SALARY_UI.downloadFailed),
            }),
          },
        },
      },
    },
    done: {
      on: {
        CHOOSE_MONTH: { target: 'idle', actions: 'chooseMonth' },
        DOWNLOAD: { guard: 'canDownload', target: 'downloading', actions: 'chooseFormat' },
      },
    },
    error: {
      on: {
        CHOOSE_MONTH: { target: 'idle', actions: 'chooseMonth' },
        DOWNLOAD: { guard: 'canDownload', target: 'downloading', actions: 'chooseFormat' },
      },
    },
  },
});
