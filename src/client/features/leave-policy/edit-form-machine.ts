/**
 * Editing a record that already exists (a leave type, the leave settings):
 *   closed -> editing -> submitting -> editing (saved: stays open) | closed (saved: closes)
 * OPEN starts from the record's current values (or a blank one for a new record) and names what is
 * being edited (`target`: an id, or null for a new one). A failed save keeps the values and shows
 * why, in the form and as a toast (`notify`); a success is told as a toast too. The call
 * (`submit`) and `notify` are injected; the view renders the context.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SubmitResult } from '../../flows/form-submit-machine';
import type { FlowResult } from '../../flows/row-action-machine';

export type EditValues = Record<string, string>;

export interface EditFormContext<Values extends EditValues> {
  target: string | null;
  values: Values;
  /** What was last saved, shown under the form until the next change. */
  message: string | null;
  error: string | null;
}

export type EditFormEvent<Values extends EditValues> =
  | { type: 'OPEN'; target: string | null; values: Values }
  | { type: 'CHANGE'; field: keyof Values & string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

export interface EditFormOptions<Values extends EditValues, Input> {
  id: string;
  /** The first problem with the values (shown, nothing sent), or null to send them. */
  validate: (values: Values) => string | null;
  /** What the call is sent: `target` and the values turned into the record's shape. */
  toInput: (values: Values, target: string | null) => Input;
  /** The text of a failed save: a prefix and the server's msg. */
  failure: (error: unknown) => string;
  /** The text of a save's success (the server's msg by default). */
  success?: (result: SubmitResult, values: Values, target: string | null) => string | null;
  /** 'stay': the form stays open on what was saved (settings); 'close': it closes (a dialog-like editor). */
  afterSuccess: 'stay' | 'close';
}

export function createEditFormMachine<Values extends EditValues, Input>(options: EditFormOptions<Values, Input>) {
  const { id, validate, toInput, failure, success = (r) => r.msg ?? null, afterSuccess } = options;
  const succeeded = ({ context, event }: { context: EditFormContext<Values>; event: DoneActorEvent<SubmitResult> }): FlowResult | null => {
    const message = success(event.output ?? {}, context.values, context.target);
    return message ? { tone: 'success', message } : null;
  };
  const failed = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });
  // Typed apart and passed as `never`: XState cannot type an invoke whose input is a type parameter (statelyai/xstate#4855).
  const invokeSubmit = {
    src: 'submit',
    input: ({ context }: { context: EditFormContext<Values> }): Input => toInput(context.values, context.target),
    onDone: {
      target: afterSuccess === 'stay' ? 'editing' : 'closed',
      actions: [assign({ message: ({ context, event }: { context: EditFormContext<Values>; event: DoneActorEvent<SubmitResult> }) => succeeded({ context, event })?.message ?? null }), { type: 'notify', params: succeeded }],
    },
    onError: { target: 'editing', actions: [assign({ error: ({ event }: { event: ErrorActorEvent }) => failure(event.error) }), { type: 'notify', params: failed }] },
  } as const;

  return setup({
    types: { context: {} as EditFormContext<Values>, events: {} as EditFormEvent<Values> },
    actors: {
      submit: fromPromise<SubmitResult, Input>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
    },
    actions: {
      notify: (_, _params: FlowResult | null) => {},
    },
    guards: {
      invalid: ({ context }) => validate(context.values) !== null,
    },
  }).createMachine({
    id,
    context: { target: null, values: {} as Values, message: null, error: null },
    initial: 'closed',
    on: {
      OPEN: { target: '.editing', actions: assign({ target: ({ event }) => event.target, values: ({ event }) => event.values, message: null, error: null }) },
    },
    states: {
      closed: {},
      editing: {
        on: {
          CHANGE: { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }), message: null, error: null }) },
          SUBMIT: [
            { guard: 'invalid', actions: assign({ error: ({ context }) => validate(context.values), message: null }) },
            { target: 'submitting' },
          ],
          CLOSE: 'closed',
        },
      },
      submitting: {
        entry: assign({ error: null, message: null }),
        invoke: invokeSubmit as never,
        // OPEN is refused while a save runs: the form is locked.
        on: { OPEN: {} },
      },
    },
  });
}
