/**
 * Attendance report download (product.md, Screens, 5 and 8): idle -> [checking ->] downloading -> idle. The dashboard's
 * 'Download Report' starts with `requireDates` (spec: 'Start date and end date are required') and
 * saves attendance_{start}_{end}.csv; the Attendance screen's 'Download Attendance' asks for every
 * record (attendance.csv). A failure reads 'Error downloading attendance: ' + the reason. The
 * dates being typed live here too (CHANGE); DOWNLOAD takes them as they stand.
 * The fetch (`fetchReport`) and the effect (`save`) are injected, so this runs headless.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import type { ReportRange } from './attendance-api';
import { datesMissing } from './attendance-view';

export interface ReportDownloadInput {
  /** True where the report covers a chosen range (the dashboard); false for the full history. */
  requireDates: boolean;
}

export interface ReportDownloadContext {
  requireDates: boolean;
  /** The range form's dates as typed. */
  dates: ReportRange;
  /** The range of the download in flight; null for the full history. */
  range: ReportRange | null;
  error: string | null;
  /** The name the last report was saved under. */
  savedAs: string | null;
}

export type ReportDownloadEvent = { type: 'CHANGE'; field: keyof ReportRange; value: string } | { type: 'DOWNLOAD' };

/** The range a DOWNLOAD asks for: null for the full history. */
const rangeOf = (context: ReportDownloadContext): ReportRange | null => (context.requireDates ? context.dates : null);

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
    /**
     * The shared schema's verdict on a range, or null. Loaded on the first download, not with the
     * dashboard: the check brings zod, whose start-up is a long task the dashboard's first paint
     * does not need (see ./range-problem).
     */
    checkRange: fromPromise<string | null, ReportRange>(async ({ input }) =>
      (await import('./range-problem')).rangeProblem(input.startDate, input.endDate),
    ),
  },
  actions: {
    save: (_, _params: { file: DownloadedFile }) => {},
  },
  guards: {
    datesMissing: ({ context }) => context.requireDates && datesMissing(context.dates.startDate, context.dates.endDate),
    needsCheck: ({ context }) => context.requireDates,
  },
}).createMachine({
  id: 'reportDownload',
  context: ({ input }) => ({
    requireDates: input.requireDates,
    dates: { startDate: '', endDate: '' },
    range: null,
    error: null,
    savedAs: null,
  }),
  initial: 'idle',
  // The fields stay editable while a report is on its way.
  on: {
    CHANGE: { actions: assign({ dates: ({ context, event }) => ({ ...context.dates, [event.field]: event.value }) }) },
  },
  states: {
    idle: {
      on: {
        DOWNLOAD: [
          // The spec's 'Start date and end date are required' is known at once, without the schema.
          { guard: 'datesMissing', actions: assign({ error: MSG.datesRequired, savedAs: null }) },
          { guard: 'needsCheck', target: 'checking', actions: assign({ range: ({ context }) => rangeOf(context) }) },
          { target: 'downloading', actions: assign({ range: null, error: null, savedAs: null }) },
        ],
      },
    },
    // A range the schema refuses is never sent; the earlier message stays until the verdict is in.
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkRange',
        input: ({ context }) => context.range!,
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'idle',
            actions: assign({ error: ({ event }) => event.output, range: null, savedAs: null }),
          },
          { target: 'downloading', actions: assign({ error: null, savedAs: null }) },
        ],
        // The check could not load (a dropped connection): let the server judge the range.
        onError: { target: 'downloading', actions: assign({ error: null, savedAs: null }) },
      },
    },
    // A second click while one report is on its way is ignored (the button is disabled too).
    downloading: {
      tags: ['busy'],
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
