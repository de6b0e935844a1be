/**
 * Punch in / punch out (product.md, Screens, 4 and 8): idle -> punchingIn | punchingOut -> idle. Success
 * shows the server's msg; failure 'Error punching in: ' (or out) + the reason, with the spec's
 * fallbacks (the spec's alerts, now success and error toasts through `notify`). The calls
 * (`punchIn`, `punchOut`) and `notify` are injected; the list refreshes by the mutations' tag
 * invalidation, not here.
 */
import { fromPromise, setup } from 'xstate';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';

/** What a punch call answers; only the msg is shown. */
export interface PunchResult {
  msg?: string;
}

export type PunchEvent = { type: 'PUNCH_IN' } | { type: 'PUNCH_OUT' };

const punchActor = (name: string) =>
  fromPromise<PunchResult, void>(async () => {
    throw new Error(`${name} actor not provided`);
  });

/** The punch machine; provide `punchIn`, `punchOut` and `notify`. */
export const punchMachine = setup({
  types: { events: {} as PunchEvent },
  actors: { punchIn: punchActor('punchIn'), punchOut: punchActor('punchOut') },
  actions: {
    /** Shows the outcome (a toast). */
    notify: (_, _params: { tone: 'success' | 'error'; message: string }) => {},
  },
}).createMachine({
  id: 'punch',
  initial: 'idle',
  states: {
    idle: {
      on: { PUNCH_IN: 'punchingIn', PUNCH_OUT: 'punchingOut' },
    },
    // One punch at a time: a double click must not send two requests (the server would 409 the second).
    punchingIn: {
      invoke: {
        src: 'punchIn',
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ tone: 'success', message: event.output?.msg || ATTENDANCE_MSG.punchedIn }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ tone: 'error', message: PREFIX.punchIn + errorMessage(event.error, FALLBACK.punchIn) }),
          },
        },
      },
    },
    punchingOut: {
      invoke: {
        src: 'punchOut',
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ tone: 'success', message: event.output?.msg || ATTENDANCE_MSG.punchedOut }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ tone: 'error', message: PREFIX.punchOut + errorMessage(event.error, FALLBACK.punchOut) }),
          },
        },
      },
    },
  },
});
