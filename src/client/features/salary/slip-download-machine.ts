/**
 * Salary slip download flow (product.md, Screens and Input rules): idle -> downloading -> done | error.
 * DOWNLOAD may ask for the PDF ({format: 'pdf'}); without it the spec's .xlsx.
 * A screen with a month picker starts with `monthRequired` (spec: 'Salary slip download requires a
 * chosen month'); the dashboard's button does not, and the server picks the last complete month.
 * A failure's text, the spec's 'Error downloading salary slip: ' and the server's msg, goes to
 * `notify` (an error toast) and stays in `error` until the next choice or download, for a screen that
 * shows it beside its month picker instead. The fetch (`fetchSlip`) and the effects (`save`, `notify`) are injected, so this runs headless.
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
  /** The last download's failure, with its prefix, until the month or the download changes. */
  error: string | null;
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
      error: null,
    }),
    chooseFormat: assign({ format: ({ event }) => (event.type === 'DOWNLOAD' && event.format) || 'xlsx', error: null }),
  },
  guards: {
    // An <input type="month"> yields '' or 'YYYY-MM'; anything else (an old browser's free text) waits.
    canDownload: ({ context }) => !context.monthRequired || monthSchema.safeParse(context.month).success,
  },
}).createMachine({
  id: 'slipDownload',
  context: ({ input }) => ({ monthRequired: input.monthRequired, format: 'xlsx' as SlipFormat, month: '', savedAs: null, error: null }),
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
          actions: [
            assign({ error: ({ event }) => PREFIX.downloadSalarySlip + errorMessage(event.error, SALARY_UI.downloadFailed) }),
            { type: 'notify', params: ({ context }) => ({ tone: 'error' as const, message: context.error ?? '' }) },
          ],
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
