/**
 * Marking the payments of a paid batch that the bank sent back (an account closed, a wrong number),
 * in one dialog on the Payroll Register's payments:
 *   closed -> selecting -> reviewing -> submitting -> done -> closed
 *                 ^-- BACK --'    '-- refused: back to reviewing, the server's msg in view
 * Selecting: search the batch's credits by name, ID or account, tick the ones returned, pick the
 * bank's reason. Reviewing: the people and the amount in view, and what happens next; confirm.
 * Done: what happens now (their pay is owed again; once their bank details are fixed and the month
 * re-run, the next bank file pays them, once). The call (`markReturned`) is injected, so this runs
 * headless; `notify` becomes a toast in the view.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { countOf } from '../../../shared/format';
import type { PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { errorMessage } from '../../api/error-message';
import type { FlowResult } from '../../flows/row-action-machine';

/** The reasons banks give most often; "other" lets the admin type the bank's own words. */
export const RETURN_REASONS = ['Account closed', 'Wrong account number', 'Invalid IFSC', 'Name does not match the account', 'Account frozen or dormant'] as const;
export const OTHER_REASON = 'other';
const REASON_MIN = 3;
export const REASON_MAX = 200;
/** The server takes at most this many people at once. */
const RETURN_MAX = 1000;

export const RETURNED_UI = {
  noneSelected: 'Tick at least one person whose payment the bank returned',
  tooMany: `At most ${RETURN_MAX} people at once`,
  reasonProblem: `Give the bank's reason, ${REASON_MIN} to ${REASON_MAX} characters`,
  failed: 'Error marking the returned payments: ',
  fallback: 'The server did not answer',
  done: (n: number, seq: number) => `${countOf(n, 'payment')} of batch ${seq} marked returned: owed again.`,
} as const;

type Line = PaymentBatch['lines'][number];

export interface ReturnedInput {
  id: string;
  month: string;
  employeeIds: string[];
  reason: string;
}

export type ReturnedEvent =
  | { type: 'OPEN'; batch: PaymentBatch; month: string }
  | { type: 'SEARCH'; value: string }
  | { type: 'TOGGLE'; employeeId: string }
  /** Ticks every credit the search shows (still open), or unticks them all when all are ticked. */
  | { type: 'TOGGLE_SHOWN'; employeeIds: string[] }
  | { type: 'CHOOSE_REASON'; value: string }
  | { type: 'REASON_TEXT'; value: string }
  | { type: 'REVIEW' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'CLOSE' };

export interface ReturnedContext {
  batch: PaymentBatch | null;
  month: string;
  query: string;
  /** Employee IDs ticked, in the order ticked. */
  selected: string[];
  /** One of RETURN_REASONS, OTHER_REASON, or '' before a choice. */
  reasonChoice: string;
  /** The bank's words, when the choice is "other". */
  reasonText: string;
  error: string | null;
  /** The batch as the server has it after the marking. */
  result: PaymentBatch | null;
}

/** The reason sent: the chosen one, or the typed one for "other". */
export const reasonOf = (c: Pick<ReturnedContext, 'reasonChoice' | 'reasonText'>) => (c.reasonChoice === OTHER_REASON ? c.reasonText.trim() : c.reasonChoice);

/** The credits of a batch the bank may still return: those not marked returned already. */
export const openLines = (batch: PaymentBatch | null): Line[] => (batch ? batch.lines.filter((l) => !l.returned) : []);

/**
 * Credits matching a search: every word in the name, employee ID, masked account or IFSC (any case).
 * Those whose name or ID holds the whole search come first, so "Person 7" finds Person 7 before
 * everyone with a 7 in their account.
 */
export function matchLines(lines: readonly Line[], query: string): Line[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...lines];
  const phrase = words.join(' ');
  const exact: Line[] = [];
  const rest: Line[] = [];
  for (const l of lines) {
    const text = `${l.name} ${l.employeeId} ${l.account} ${l.ifsc}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const name = l.name.toLowerCase().split(/\s+/).join(' ');
    (name === phrase || l.employeeId.toLowerCase() === phrase ? exact : name.includes(phrase) ? exact : rest).push(l);
  }
  return [...exact, ...rest];
}

/** The ticked credits, in the batch's order, and what they add up to. */
export function selectedLines(c: Pick<ReturnedContext, 'batch' | 'selected'>): { lines: Line[]; total: number } {
  const ticked = new Set(c.selected);
  const lines = openLines(c.batch).filter((l) => ticked.has(l.employeeId));
  return { lines, total: Math.round(lines.reduce((s, l) => s + l.amount * 100, 0)) / 100 };
}

function problemOf(c: ReturnedContext): string | null {
  if (!c.selected.length) return RETURNED_UI.noneSelected;
  if (c.selected.length > RETURN_MAX) return RETURNED_UI.tooMany;
  const reason = reasonOf(c);
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) return RETURNED_UI.reasonProblem;
  return null;
}

const EMPTY: ReturnedContext = { batch: null, month: '', query: '', selected: [], reasonChoice: '', reasonText: '', error: null, result: null };

/** The returned-payments machine; provide `markReturned` and `notify`. */
export const returnedPaymentsMachine = setup({
  types: { context: {} as ReturnedContext, events: {} as ReturnedEvent },
  actors: {
    markReturned: fromPromise<PaymentBatch, ReturnedInput>(async () => {
      throw new Error('markReturned actor not provided');
    }),
  },
  actions: {
    notify: (_, _result: FlowResult) => {},
  },
  guards: {
    invalid: ({ context }) => problemOf(context) !== null,
  },
}).createMachine({
  id: 'returnedPayments',
  context: EMPTY,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'selecting', actions: assign(({ event }) => ({ ...EMPTY, batch: event.batch, month: event.month })) } },
    },
    selecting: {
      on: {
        SEARCH: { actions: assign({ query: ({ event }) => event.value }) },
        TOGGLE: {
          actions: assign({
            selected: ({ context, event }) => (context.selected.includes(event.employeeId) ? context.selected.filter((e) => e !== event.employeeId) : [...context.selected, event.employeeId]),
            error: null,
          }),
        },
        TOGGLE_SHOWN: {
          actions: assign({
            selected: ({ context, event }) => {
              const all = event.employeeIds.every((e) => context.selected.includes(e));
              if (all) return context.selected.filter((e) => !event.employeeIds.includes(e));
              return [...context.selected, ...event.employeeIds.filter((e) => !context.selected.includes(e))];
            },
            error: null,
          }),
        },
        CHOOSE_REASON: { actions: assign({ reasonChoice: ({ event }) => event.value, error: null }) },
        REASON_TEXT: { actions: assign({ reasonText: ({ event }) => event.value, error: null }) },
        REVIEW: [{ guard: 'invalid', actions: assign({ error: ({ context }) => problemOf(context) }) }, { target: 'reviewing', actions: assign({ error: null }) }],
        CLOSE: { target: 'closed', actions: assign(() => EMPTY) },
      },
    },
    reviewing: {
      on: {
        BACK: { target: 'selecting', actions: assign({ error: null }) },
        CONFIRM: 'submitting',
        CLOSE: { target: 'closed', actions: assign(() => EMPTY) },
      },
    },
    submitting: {
      invoke: {
        src: 'markReturned',
        input: ({ context }) => ({ id: context.batch!._id, month: context.month, employeeIds: selectedLines(context).lines.map((l) => l.employeeId), reason: reasonOf(context) }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }: { event: DoneActorEvent<PaymentBatch> }) => event.output }),
            { type: 'notify', params: ({ context }: { context: ReturnedContext }) => ({ tone: 'success' as const, message: RETURNED_UI.done(context.selected.length, context.batch!.seq) }) },
          ],
        },
        onError: { target: 'reviewing', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => RETURNED_UI.failed + errorMessage(event.error, RETURNED_UI.fallback) }) },
      },
    },
    done: {
      on: { CLOSE: { target: 'closed', actions: assign(() => EMPTY) } },
    },
  },
});
