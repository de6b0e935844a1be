/**
 * Punch in / punch out (product.md, Screens, 4 and 8):
 *   idle -> [locatingIn] -> punchingIn -> idle, and the same for out.
 * Where the person's punch rule asks for an office site, the event says so (`needsPosition`, from
 * GET /api/punch-policy/mine) and the browser's position is found first and sent with the punch;
 * otherwise the call carries nothing, as the spec's call does. Success shows the server's msg;
 * failure 'Error punching in: ' (or out) + the reason, with the spec's fallbacks (the spec's
 * alerts, now success and error toasts through `notify`). A position that cannot be found is said
 * the same way, and nothing is sent. The calls (`punchIn`, `punchOut`), the position (`locate`)
 * and `notify` are injected; the list refreshes by the mutations' tag invalidation, not here.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import type { PunchPosition } from '../../../shared/schemas/day-rules';
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';

/** What a punch call answers; only the msg is shown. */
export interface PunchResult {
  msg?: string;
}

export type PunchEvent = { type: 'PUNCH_IN'; needsPosition?: boolean } | { type: 'PUNCH_OUT'; needsPosition?: boolean };

interface PunchContext {
  /** Where the browser is, once found for the punch under way. */
  position?: PunchPosition;
}

const punchActor = (name: string) =>
  fromPromise<PunchResult, PunchPosition | undefined>(async () => {
    throw new Error(`${name} actor not provided`);
  });

type Direction = 'In' | 'Out';
const PUNCHED: Record<Direction, string> = { In: ATTENDANCE_MSG.punchedIn, Out: ATTENDANCE_MSG.punchedOut };
const FAILED: Record<Direction, { prefix: string; fallback: string }> = {
  In: { prefix: PREFIX.punchIn, fallback: FALLBACK.punchIn },
  Out: { prefix: PREFIX.punchOut, fallback: FALLBACK.punchOut },
};

const succeeded = (direction: Direction) => ({ event }: { event: DoneActorEvent<PunchResult> }) => ({
  tone: 'success' as const,
  message: event.output?.msg || PUNCHED[direction],
});
const failed = (direction: Direction) => ({ event }: { event: ErrorActorEvent }) => ({
  tone: 'error' as const,
  message: FAILED[direction].prefix + errorMessage(event.error, FAILED[direction].fallback),
});

/** The punch machine; provide `punchIn`, `punchOut`, `notify` and, for rules with a site, `locate`. */
export const punchMachine = setup({
  types: { context: {} as PunchContext, events: {} as PunchEvent },
  actors: {
    punchIn: punchActor('punchIn'),
    punchOut: punchActor('punchOut'),
    /** The browser's position; rejects with the reason it cannot be had (shown as the failure). */
    locate: fromPromise<PunchPosition>(async () => {
      throw new Error('locate actor not provided');
    }),
  },
  actions: {
    /** Shows the outcome (a toast). */
    notify: (_, _params: { tone: 'success' | 'error'; message: string }) => {},
  },
  guards: {
    needsPosition: ({ event }) => event.needsPosition === true,
  },
}).createMachine({
  id: 'punch',
  initial: 'idle',
  context: {},
  states: {
    idle: {
      entry: assign({ position: undefined }),
      on: {
        PUNCH_IN: [{ guard: 'needsPosition', target: 'locatingIn' }, { target: 'punchingIn' }],
        PUNCH_OUT: [{ guard: 'needsPosition', target: 'locatingOut' }, { target: 'punchingOut' }],
      },
    },
    // One punch at a time: a double click must not send two requests (the server would 409 the
    // second), so no state but idle takes a PUNCH event.
    locatingIn: {
      invoke: {
        src: 'locate',
        onDone: { target: 'punchingIn', actions: assign({ position: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'notify', params: failed('In') } },
      },
    },
    locatingOut: {
      invoke: {
        src: 'locate',
        onDone: { target: 'punchingOut', actions: assign({ position: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'notify', params: failed('Out') } },
      },
    },
    punchingIn: {
      invoke: {
        src: 'punchIn',
        input: ({ context }) => context.position,
        onDone: { target: 'idle', actions: { type: 'notify', params: succeeded('In') } },
        onError: { target: 'idle', actions: { type: 'notify', params: failed('In') } },
      },
    },
    punchingOut: {
      invoke: {
        src: 'punchOut',
        input: ({ context }) => context.position,
        onDone: { target: 'idle', actions: { type: 'notify', params: succeeded('Out') } },
        onError: { target: 'idle', actions: { type: 'notify', params: failed('Out') } },
      },
    },
  },
});
