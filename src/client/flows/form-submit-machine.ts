/**
 * The one form flow of the app's entry forms (spec sections 5 and 8):
 *   editing -> [confirming] -> submitting -> success | error
 * `success` and `error` are the shown result: the server's msg or the failure's text in context
 * (and, where the spec alerts a failure, handed to `notify`, a toast). `confirming` is there for
 * forms built with a `confirmation`: the invoked `confirm` actor is the app's in-app dialog, and
 * CONFIRM / CANCEL events answer it too. The machine owns the field values, because clearing them
 * on success is part of the flow. A feature supplies only what differs: the blank form, its
 * validation, the input its call takes, the text a failure reads and what follows a success. The
 * call (`submit`) and the effects (`notify`, `confirm`, `redirect`) are injected with .provide(),
 * usually through useFormSubmit.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { REDIRECT_DELAY_MS } from '../../shared/constants';
import type { ConfirmQuestion, FlowResult } from './row-action-machine';

/** What the inputs hold: text, whatever the call later makes of it. */
export type FormValues = Record<string, string>;

/** A submit's answer: the server's confirmation msg, when it sends one. */
export interface SubmitResult {
  msg?: string;
}

export type FormSubmitEvent<Values extends FormValues> =
  | { type: 'CHANGE'; field: keyof Values & string; value: string }
  | { type: 'SUBMIT' }
  /** The answers to `confirming`. */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface FormSubmitContext<Values extends FormValues> {
  values: Values;
  /** The server's confirmation, shown after a success (until the next edit, or the redirect). */
  message: string | null;
  /** What is wrong with the form or went wrong with the last submit. */
  error: string | null;
}

export interface FormSubmitOptions<Values extends FormValues, Input> {
  /** The machine's id; also how its transitions address its states. */
  id: string;
  /** The empty form: where the flow starts, and what a success clears back to. */
  blank: Values;
  /** The first problem with what was typed (shown, nothing sent), or null to submit. */
  validate: (values: Values) => string | null;
  /** What the call is sent: trimmed and converted from the inputs' text. */
  toInput: (values: Values) => Input;
  /** The text a failed call shows: the spec's prefix (if any) and the server's msg or a fallback. */
  failure: (error: unknown) => string;
  /** Spec section 8: some flows also alert the failure; the others show it only in the form. */
  alertOnFailure: boolean;
  /**
   * 'keepEditing': the form stays open for the next entry and the msg shows until it is edited.
   * 'redirect': the msg shows for REDIRECT_DELAY_MS, then clears and `redirect` runs (final).
   */
  afterSuccess: 'keepEditing' | 'redirect';
  /** The question to ask before sending these values, or null to send at once. Omitted: never asks. */
  confirmation?: (values: Values) => ConfirmQuestion | null;
}

/** Blank or spaces-only in any field: the spec's 'All fields are required'. */
export const anyBlank = (values: FormValues) => Object.values(values).some((value) => value.trim() === '');

/** Builds a form flow machine; provide the `submit` actor, and `notify` / `confirm` / `redirect` as the options need. */
export function createFormSubmitMachine<Values extends FormValues, Input>(options: FormSubmitOptions<Values, Input>) {
  const { id, blank, validate, toInput, failure, alertOnFailure, afterSuccess, confirmation } = options;
  const questionOf = (values: Values) => confirmation?.(values) ?? null;

  const problem = ({ context }: { context: FormSubmitContext<Values> }) => ({ message: validate(context.values)! });
  const failed = ({ event }: { event: ErrorActorEvent }) => ({ message: failure(event.error) });
  const failedResult = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });
  const confirmed = ({ event }: { event: DoneActorEvent<SubmitResult> }) => ({ message: event.output?.msg ?? null });

  // Editing, error (and success, when the form stays open) accept the same events; submitting none.
  const editable = {
    CHANGE: { target: `#${id}.editing`, actions: 'setValue' as const },
    SUBMIT: [
      { guard: 'invalid' as const, target: `#${id}.editing`, actions: { type: 'fail' as const, params: problem } },
      { guard: 'asks' as const, target: `#${id}.confirming` },
      { target: `#${id}.submitting` },
    ],
  };
  // XState cannot tell whether an actor whose input is a type parameter needs one, and so rejects
  // any invoke of it (statelyai/xstate#4855). The invoke is typed here on its own and passed as
  // `never`; the `submit` actor and its implementations keep their typed input.
  const invokeSubmit = {
    src: 'submit',
    input: ({ context }: { context: FormSubmitContext<Values> }): Input => toInput(context.values),
    onDone: { target: 'success', actions: { type: 'succeed', params: confirmed } },
    onError: {
      target: 'error',
      actions: [{ type: 'fail', params: failed }, ...(alertOnFailure ? [{ type: 'notify', params: failedResult }] : [])],
    },
  } as const;
  const invokeConfirm = {
    src: 'confirm',
    input: ({ context }: { context: FormSubmitContext<Values> }): ConfirmQuestion => questionOf(context.values)!,
    onDone: [
      { guard: ({ event }: { event: DoneActorEvent<boolean> }) => event.output === true, target: 'submitting' },
      { target: 'editing' },
    ],
    onError: 'editing',
  } as const;

  return setup({
    types: { context: {} as FormSubmitContext<Values>, events: {} as FormSubmitEvent<Values> },
    actors: {
      submit: fromPromise<SubmitResult, Input>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
      // Unprovided, the question waits for CONFIRM or CANCEL.
      confirm: fromPromise<boolean, ConfirmQuestion>(() => new Promise<boolean>(() => {})),
    },
    actions: {
      /** Shows a failure the spec alerts (a toast). */
      notify: (_, _params: FlowResult) => {},
      redirect: () => {},
      setValue: assign({
        values: ({ context, event }) => (event.type === 'CHANGE' ? { ...context.values, [event.field]: event.value } : context.values),
        message: null,
      }),
      fail: assign({ error: (_, params: { message: string }) => params.message, message: null }),
      succeed: assign({ values: blank, error: null, message: (_, params: { message: string | null }) => params.message }),
    },
    guards: {
      invalid: ({ context }) => validate(context.values) !== null,
      asks: ({ context }) => questionOf(context.values) !== null,
    },
    delays: { redirectDelay: REDIRECT_DELAY_MS },
  }).createMachine({
    id,
    context: { values: blank, message: null, error: null },
    initial: 'editing',
    states: {
      editing: { on: editable },
      confirming: {
        invoke: invokeConfirm as never,
        on: { CONFIRM: 'submitting', CANCEL: 'editing' },
      },
      submitting: {
        entry: assign({ error: null, message: null }),
        invoke: invokeSubmit as never,
      },
      success: afterSuccess === 'keepEditing' ? { on: editable } : { after: { redirectDelay: 'redirected' } },
      error: { on: editable },
      // Reached only with afterSuccess 'redirect'. It is always declared: XState infers the state
      // names from a literal config, and a conditional spread of states would leave none.
      redirected: { type: 'final', entry: [assign({ message: null }), 'redirect'] },
    },
  });
}

/** A machine built by createFormSubmitMachine, for hooks and views that take any of them. */
export type FormSubmitMachine<Values extends FormValues, Input> = ReturnType<typeof createFormSubmitMachine<Values, Input>>;
