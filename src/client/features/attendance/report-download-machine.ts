/**
 * Attendance report download (spec sections 2, 5 and 8): idle -> downloading -> idle. The dashboard's
 * 'Download Report' starts with `requireDates` (spec: 'Start date and end date are required') and
 * saves attendance_{start}_{end}.csv; the Attendance screen's 'Download Attendance' asks for every
 * record (attendance.csv). A failure reads 'Error downloading attendance: ' + the reason.
 * The fetch (`fetchReport`) and the effect (`save`) are injected, so this runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, PREFIX } from '../../copy';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import type { ReportRange } from './attendance-api';
import { rangeProblem } from './attendance-view';

export interface ReportDownloadInput {
  /** True where the report covers a chosen range (the dashboard); false for the full history. */
  requireDates: boolean;
}

export interface ReportDownloadContext {
  requireDates: boolean;
  /** The range of the download in flight; null for the full history. */
  range: ReportRange | null;
  error: string | null;
  /** The name the last report was saved under. */
  savedAs: string | null;
}

export type ReportDownloadEvent = { type: 'DOWNLOAD'; startDate?: string; endDate?: string };

const problemOf = (context: ReportDownloadContext, event: ReportDownloadEvent) =>
  context.requireDates ? rangeProblem(event.startDate ?? '', event.endDate ?? '') : null;

/** The report download machine; provide `fetchReport` and `save`. */
export const reportDownloadMachine = setup({
  types: {
    context: {} as ReportDownloadContext,
    events: {} as ReportDownloadEvent,
    input: {} as ReportDownloadInput,
  },
  actors: {
    fetchReport: fromPromise<DownloadedFile, ReportRange | null>(async () => {
      throw new Error('fetchReport actor not provided');
    }),
  },
  actions: {
    save: (_, _params: { file: DownloadedFile }) => {},
  },
  guards: {
    rangeRejected: ({ context, event }) => problemOf(context, event) !== null,
  },
}).createMachine({
  id: 'reportDownload',
  context: ({ input }) => ({ requireDates: input.requireDates, range: null, error: null, savedAs: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: [
          {
            guard: 'rangeRejected',
            actions: assign({ error: ({ context, event }) => problemOf(context, event), savedAs: null }),
          },
          {
            target: 'downloading',
            actions: assign({
              range: ({ context, event }) =>
                context.requireDates ? { startDate: event.startDate!, endDate: event.endDate! } : null,
              error: null,
              savedAs: null,
            }),
          },
        ],
      },
    },
    // A second click while one report is on its way is ignored (the button is disabled too).
    downloading: {
      invoke: {
        src: 'fetchReport',
        input: ({ context }) => context.range,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'save', params: ({ event }) => ({ file: event.output }) },
            assign({ savedAs: ({ event }) => event.output.filename }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => PREFIX.downloadAttendance + errorMessage(event.error, FALLBACK.downloadAttendance),
          }),
        },
      },
    },
  },
});
