/**
 * The one form flow of the app's forms, entry and edit alike (product.md, Input rules and Messages):
 *   [checking] -> editing -> [confirming] -> submitting -> success | error -> [redirected]
 * `success` and `error` are the shown result. Where a form speaks in the form (`announce`
 * 'inForm'), the server's msg or the failure's text is in context (a failure the spec alerts also
 * goes to `notify`, a toast); where it speaks in alerts ('alert'), both go to `notify` and the form
 * shows only what is wrong with the typed values. `confirming` is there for forms built with a
 * `confirmation`: the invoked `confirm` actor is the app's in-app dialog, and CONFIRM / CANCEL
 * events answer it too. Forms built with a `refusal` check the `allowed` guard on start and on each
 * SUBMIT (the profile's session token): refused, the text is alerted and `leave` runs (final).
 *
 * Every form's values live here, from the first render: the blank form, or the record being edited
 * (input `values`), because what a success does to them is part of the flow. What the form acts on
 * (input `target`: the edited record's id, a one-time link's token) goes to the call with them. A feature supplies only what differs: the blank form, its validation, the input its call
 * takes, the texts and what follows a success. The call (`submit`) and the effects (`notify`,
 * `confirm`, `redirect`, `accepted`, `leave`) are injected with .provide(), usually through
 * useFormSubmit.
 */
import { assign, fromPromise, not, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { REDIRECT_DELAY_MS } from '../../shared/constants';
import { errorFields } from '../api/error-message';
import { MSG } from '../copy';
import type { ConfirmQuestion, FlowResult } from './row-action-machine';
import { fieldMarkText, fixMarkedFields, opensWithApiName } from './field-mark-text';

/** What the inputs hold: text, whatever the call later makes of it. */
export type FormValues = Record<string, string>;

/** Fields found wrong, with what is wrong with each. */
export type FieldErrors<Values extends FormValues> = Partial<Record<keyof Values & string, string>>;

/** A submit's answer: the server's confirmation msg, when it sends one. */
export interface SubmitResult {
  msg?: string;
  /** The decision reaches an approved payroll month: said at once, in a dialog (approved-month-alert.ts). */
  approvedMonth?: { msg: string };
}

export type FormSubmitEvent<Values extends FormValues> =
  | { type: 'CHANGE'; field: keyof Values & string; value: string }
  | { type: 'SUBMIT' }
  /** The answers to `confirming`. */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface FormSubmitContext<Values extends FormValues, Output extends SubmitResult = SubmitResult> {
  values: Values;
  /** The server's confirmation, shown after a success (until the next edit, or the redirect). */
  message: string | null;
  /** What is wrong with the form or went wrong with the last submit. */
  error: string | null;
  /**
   * Each field found wrong, with its message: by the form's own check (`fieldProblems`) or by the
   * server's answer (its `fieldErrors`). A field's mark goes when it is edited.
   */
  fieldErrors: FieldErrors<Values>;
  /** What an edit form started from (input); an entry form starts from, and clears back to, `blank`. */
  initial?: Values;
  /** What the form acts on (input), for the call: the edited record's id, or a link's token. */
  target?: string;
  /**
   * An alerted form's last successful answer (kept through later failures), for what its view shows
   * of it; an in-form form keeps its msg as `message` instead.
   */
  result?: Output;
}

/** Where a form starts (the record being edited: its values and id) and what it acts on; omitted, the blank form. */
export interface FormSubmitInput<Values extends FormValues> {
  values?: Partial<Values>;
  target?: string;
}

export interface FormSubmitOptions<Values extends FormValues, Input, Output extends SubmitResult = SubmitResult> {
  /** The machine's id; also how its transitions address its states. */
  id: string;
  /** The empty form: where the flow starts, and what a success clears back to. */
  blank: Values;
  /** The first problem with what was typed (shown, nothing sent), or null to submit. */
  validate: (values: Values) => string | null;
  /** Every field `validate` finds wrong, to mark them all at once. Omitted: none is marked. */
  fieldProblems?: (values: Values) => FieldErrors<Values>;
  /**
   * The form's field for a path of the server's `fieldErrors` ('statutory.pan'), or null for one the
   * form does not show. Omitted: the path's last part, when the form has a field of that name.
   */
  fieldOf?: (path: string) => (keyof Values & string) | null;
  /**
   * What the call is sent: trimmed and converted from the inputs' text, with the input's `target`
   * (and what the form started from, for an edit that sends only what changed).
   */
  toInput: (values: Values, target: string | undefined, initial: Values) => Input;
  /** The text a failed call shows: the spec's prefix (if any) and the server's msg or a fallback. */
  failure: (error: unknown) => string;
  /** product.md, Messages: some in-form flows also alert the failure; the others show it only in the form. */
  alertOnFailure?: boolean;
  /**
   * 'inForm' (the default): the msg shows in the form, and an entry form's fields clear.
   * 'alert': the success is alerted (`notify`), and so is a failure (only there); the fields keep
   * what was saved.
   */
  announce?: 'inForm' | 'alert';
  /** The success's text, from the answer and what was sent (a name the answer lacks); the server's msg by default. */
  successText?: (output: Output, values: Values, target: string | undefined) => string | null;
  /**
   * 'keepEditing': the form stays open for the next entry (an in-form msg shows until it is edited).
   * 'redirect': in the form, the msg shows for REDIRECT_DELAY_MS, then clears and `redirect` runs;
   * alerted, the alert is followed by `redirect` at once ("alert, then redirect"). Final either way.
   */
  afterSuccess: 'keepEditing' | 'redirect';
  /**
   * An editor of a record that exists (a setting, a person's own rule): after a success shown in the
   * form, the fields keep what was saved instead of starting over from the values first loaded.
   */
  keepSaved?: boolean;
  /** The question to ask before sending these values, or null to send at once. Omitted: never asks. */
  confirmation?: (values: Values) => ConfirmQuestion | null;
  /** What is alerted when the `allowed` guard refuses, before `leave`. Omitted: never refused. */
  refusal?: string;
}

/** Blank or spaces-only in any field: the spec's 'All fields are required'. */
/** The marks without the one on `field`: editing a field clears its own mark; the others stay until the next check. */
export function withoutMark<Marks extends Partial<Record<string, string>>>(marks: Marks, field: string): Marks {
  const { [field]: _edited, ...rest } = marks;
  return rest as Marks;
}

export const anyBlank = (values: FormValues) => Object.values(values).some((value) => value.trim() === '');

/** Each blank or spaces-only field of `required`, marked 'Required' beside it (the form's line keeps its own words). */
export const blankMarks = <Values extends FormValues>(required: Partial<Values>): FieldErrors<Values> =>
  Object.fromEntries(Object.entries(required).filter(([, value]) => (value ?? '').trim() === '').map(([field]) => [field, MSG.fieldRequired])) as FieldErrors<Values>;

/**
 * Builds a form flow machine; provide the `submit` actor, and `notify` / `confirm` / `redirect` /
 * `accepted` / `allowed` and `leave` as the options need.
 */
export function createFormSubmitMachine<Values extends FormValues, Input, Output extends SubmitResult = SubmitResult>(
  options: FormSubmitOptions<Values, Input, Output>,
) {
  const { id, blank, validate, toInput, failure, afterSuccess, confirmation, refusal } = options;
  const alerted = options.announce === 'alert';
  const keepsValues = alerted || options.keepSaved === true;
  const alertOnFailure = alerted || options.alertOnFailure === true;
  const successText = options.successText ?? ((output: Output) => output?.msg ?? null);
  const questionOf = (values: Values) => confirmation?.(values) ?? null;
  type Context = FormSubmitContext<Values, Output>;
  type Field = keyof Values & string;
  const fieldOf = options.fieldOf ?? ((path: string) => {
    const last = path.split('.').pop()!;
    return last in blank ? (last as Field) : null;
  });
  /** The server's field errors as the form's fields; the first for a field wins. */
  const serverFields = (error: unknown): FieldErrors<Values> => {
    const marks: FieldErrors<Values> = {};
    for (const [path, message] of Object.entries(errorFields(error))) {
      const field = fieldOf(path);
      if (field && !marks[field]) marks[field] = message;
    }
    return marks;
  };

  const problem = ({ context }: { context: Context }) => ({ message: validate(context.values)!, fields: options.fieldProblems?.(context.values) ?? {} });
  // A refusal that names the form's own fields is shown on the form, never in a toast: the fields
  // are marked and the failure's text stands above them, even where the form alerts its outcomes.
  const marksFields = ({ event }: { event: ErrorActorEvent }) => Object.keys(serverFields(event.error)).length > 0;
  const failed = ({ event }: { event: ErrorActorEvent }) => {
    const fields = serverFields(event.error);
    return { message: alerted && !Object.keys(fields).length ? null : failure(event.error), fields };
  };
  const failedResult = ({ event }: { event: ErrorActorEvent }): FlowResult => ({ tone: 'error', message: failure(event.error) });
  const textOf = ({ context, event }: { context: Context; event: DoneActorEvent<Output> }) => successText(event.output, context.values, context.target);
  const confirmed = (args: { context: Context; event: DoneActorEvent<Output> }) => ({
    message: alerted ? null : textOf(args),
    output: args.event.output,
  });
  const succeededResult = (args: { context: Context; event: DoneActorEvent<Output> }): FlowResult => ({
    tone: 'success',
    message: textOf(args) ?? '',
  });

  // Editing, error (and success, when the form stays open) accept the same events; submitting none.
  const editable = {
    CHANGE: { target: `#${id}.editing`, actions: 'setValue' as const },
    SUBMIT: [
      { guard: not('allowed'), target: `#${id}.refused` },
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
    input: ({ context }: { context: Context }): Input => toInput(context.values, context.target, context.initial ?? blank),
    onDone: {
      // Alerted and leaving: the alert, then the redirect at once.
      target: alerted && afterSuccess === 'redirect' ? 'redirected' : 'success',
      actions: [
        { type: 'succeed', params: confirmed },
        { type: 'accepted', params: ({ event }: { event: DoneActorEvent<Output> }) => event.output },
        ...(alerted ? [{ type: 'notify', params: succeededResult }] : []),
      ],
    },
    onError: [
      { guard: marksFields, target: 'error', actions: [{ type: 'fail', params: failed }] },
      { target: 'error', actions: [{ type: 'fail', params: failed }, ...(alertOnFailure ? [{ type: 'notify', params: failedResult }] : [])] },
    ],
  } as const;
  const invokeConfirm = {
    src: 'confirm',
    input: ({ context }: { context: Context }): ConfirmQuestion => questionOf(context.values)!,
    onDone: [
      { guard: ({ event }: { event: DoneActorEvent<boolean> }) => event.output === true, target: 'submitting' },
      { target: 'editing' },
    ],
    onError: 'editing',
  } as const;

  return setup({
    // The input (FormSubmitInput) is not declared here: declared on a machine built inside a generic
    // function, XState types it `unknown` and then demands it of every form, entry forms included.
    types: { context: {} as Context, events: {} as FormSubmitEvent<Values> },
    actors: {
      submit: fromPromise<Output, Input>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
      // Unprovided, the question waits for CONFIRM or CANCEL.
      confirm: fromPromise<boolean, ConfirmQuestion>(() => new Promise<boolean>(() => {})),
    },
    actions: {
      /** Shows what the spec alerts (a toast). */
      notify: (_, _params: FlowResult) => {},
      redirect: () => {},
      /** The call succeeded with this answer: for what a feature does with it besides showing it. */
      accepted: (_, _output: Output) => {},
      /** The form was refused (see `refusal`): leave it. */
      leave: () => {},
      setValue: assign({
        values: ({ context, event }) => (event.type === 'CHANGE' ? { ...context.values, [event.field]: event.value } : context.values),
        fieldErrors: ({ context, event }) => {
          if (event.type !== 'CHANGE' || !(event.field in context.fieldErrors)) return context.fieldErrors;
          return withoutMark(context.fieldErrors, event.field);
        },
        // The form's line repeats the first field's message: once the last marked field is edited,
        // nothing it said is still known to be wrong.
        error: ({ context, event }) => {
          if (event.type !== 'CHANGE' || !(event.field in context.fieldErrors)) return context.error;
          return Object.keys(context.fieldErrors).length === 1 ? null : context.error;
        },
        message: null,
      }),
      fail: assign({
        // The line over marked fields names no API field: it says how many need a fix.
        error: (_, params: { message: string | null; fields: FieldErrors<Values> }) => {
          const marked = Object.keys(params.fields).length;
          return marked && params.message && opensWithApiName(params.message) ? fixMarkedFields(marked) : params.message;
        },
        // Each mark sits under its field's label: it says what is wrong without the API's name for it.
        fieldErrors: (_, params: { message: string | null; fields: FieldErrors<Values> }) =>
          Object.fromEntries(Object.entries(params.fields).map(([field, text]) => [field, typeof text === 'string' ? fieldMarkText(text) : text])) as FieldErrors<Values>,
        message: null,
      }),
      succeed: assign({
        fieldErrors: {},
        // An entry form starts over; an alerted edit, or an editor of a record, keeps what was saved.
        values: ({ context }) => (keepsValues ? context.values : (context.initial ?? blank)),
        error: null,
        message: (_, params: { message: string | null; output: Output }) => params.message,
        result: ({ context }, params: { message: string | null; output: Output }) => (alerted ? params.output : context.result),
      }),
    },
    guards: {
      invalid: ({ context }) => validate(context.values) !== null,
      asks: ({ context }) => questionOf(context.values) !== null,
      /** Whether the form may be used at all (see `refusal`); provided where it can be refused. */
      allowed: () => true,
    },
    delays: { redirectDelay: REDIRECT_DELAY_MS },
  }).createMachine({
    id,
    context: ({ input }) => {
      const start = input as FormSubmitInput<Values> | undefined;
      const initial = start?.values ? ({ ...blank, ...start.values } as Values) : undefined;
      return { values: initial ?? blank, message: null, error: null, fieldErrors: {}, initial, target: start?.target };
    },
    initial: 'checking',
    states: {
      checking: { always: [{ guard: 'allowed', target: 'editing' }, { target: 'refused' }] },
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
      // Reached only where the `allowed` guard is provided and says no.
      refused: {
        type: 'final',
        entry: [{ type: 'notify', params: { tone: 'error', message: refusal ?? '' } }, 'leave'],
      },
    },
  });
}

/** A machine built by createFormSubmitMachine, for hooks and views that take any of them. */
export type FormSubmitMachine<Values extends FormValues, Input, Output extends SubmitResult = SubmitResult> = ReturnType<
  typeof createFormSubmitMachine<Values, Input, Output>
>;
