/**
 * The holiday CSV import: pick a file, import it, see what happened.
 *   idle -> importing -> imported (the msg) | refused (the msg and every row to fix) | idle (a failure)
 * The server adds all the rows or none, so `refused` lists the rows and nothing changed. The call
 * (`importFile`) and `notify` (a toast) are injected; the next file starts over from any state.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HolidayImportResponse } from '../../../shared/schemas/holiday-calendar';
import { errorMessage } from '../../api/error-message';
import type { FlowResult } from '../../flows/row-action-machine';
import { HOLIDAYS_UI } from './holiday-calendar-copy';

export interface HolidayImportInput {
  file: File;
}

export type HolidayImportEvent = { type: 'SELECT_FILE'; file: File | null } | { type: 'IMPORT' };

export interface HolidayImportContext {
  file: File | null;
  message: string | null;
  error: string | null;
  /** 'Row 3: ...' of a refused file. */
  rowErrors: string[];
}

/** A refused file's answer: a 400 whose body lists the rows. */
function rowErrorsOf(error: unknown): string[] | null {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  return Array.isArray(data?.errors) && data.errors.length ? data.errors.filter((e): e is string => typeof e === 'string') : null;
}

export const holidayImportMachine = setup({
  types: { context: {} as HolidayImportContext, events: {} as HolidayImportEvent },
  actors: {
    importFile: fromPromise<HolidayImportResponse, HolidayImportInput>(async () => {
      throw new Error('importFile actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: FlowResult) => {},
  },
  guards: {
    noFile: ({ context }) => context.file === null,
    refused: ({ event }) => rowErrorsOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'holidayImport',
  context: { file: null, message: null, error: null, rowErrors: [] },
  initial: 'idle',
  states: {
    idle: {},
    importing: {
      entry: assign({ message: null, error: null, rowErrors: [] }),
      // Locked while the file is on its way.
      on: { IMPORT: {}, SELECT_FILE: {} },
      invoke: {
        src: 'importFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: {
          target: 'imported',
          actions: [assign({ message: ({ event }) => event.output.msg }), { type: 'notify', params: ({ event }) => ({ tone: 'success' as const, message: event.output.msg }) }],
        },
        onError: [
          {
            guard: 'refused',
            target: 'refused',
            actions: assign({ error: ({ event }) => errorMessage(event.error, ''), rowErrors: ({ event }) => rowErrorsOf(event.error) ?? [] }),
          },
          {
            target: 'idle',
            actions: [
              assign({ error: ({ event }) => HOLIDAYS_UI.importFailed + errorMessage(event.error, 'the file could not be imported') }),
              { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, message: HOLIDAYS_UI.importFailed + errorMessage(event.error, 'the file could not be imported') }) },
            ],
          },
        ],
      },
    },
    imported: {},
    refused: {},
  },
  on: {
    SELECT_FILE: { target: '.idle', actions: assign({ file: ({ event }) => event.file, message: null, error: null, rowErrors: [] }) },
    IMPORT: [
      { guard: 'noFile', target: '.idle', actions: assign({ error: HOLIDAYS_UI.importNoFile, message: null, rowErrors: [] }) },
      { target: '.importing' },
    ],
  },
});
