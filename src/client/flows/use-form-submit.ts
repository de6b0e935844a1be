/**
 * Runs a form flow machine (form-submit-machine.ts) with its call and the app's effects (what the
 * spec alerts becomes a toast, a question the in-app confirm dialog), for the view that renders it.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useEffects } from '../feedback/effects-context';
import type { FormSubmitInput, FormSubmitMachine, FormValues, SubmitResult } from './form-submit-machine';
import type { ConfirmQuestion } from './row-action-machine';
import { alertApprovedMonth } from './approved-month-alert';
import { sendOnSubmit } from './send-on-submit';

export interface FormSubmitEffects<Input, Output extends SubmitResult = SubmitResult> {
  /** The call, usually an RTK Query mutation; `signal` aborts it when the flow stops. */
  submit: (input: Input, signal: AbortSignal) => Promise<Output>;
  /** For flows that leave the form after a success. */
  redirect?: () => void;
  /** What a feature does with a success's answer besides showing it. */
  accepted?: (output: Output) => void;
  /** For forms built with a `refusal`: whether they may be used, and the way out when not. */
  allowed?: () => boolean;
  leave?: () => void;
}

/** The flow's state as the view needs it, and the two things the view sends. */
export function useFormSubmit<Values extends FormValues, Input, Output extends SubmitResult = SubmitResult>(
  machine: FormSubmitMachine<Values, Input, Output>,
  effects: FormSubmitEffects<Input, Output>,
  /** Where the form starts (an edit form: the record's values and id); read on the first render. */
  input?: FormSubmitInput<Values>,
) {
  const app = useEffects();
  // The effects close over stable things (dispatch, navigate, the app's effects), so the first render's are kept.
  const [logic] = useState(() =>
    machine.provide({
      actors: {
        submit: fromPromise<Output, Input>(async ({ input, signal }) => alertApprovedMonth(app, await effects.submit(input, signal))),
        confirm: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => app.confirm(input, signal)),
      },
      actions: {
        notify: (_, { tone, message }) => app.toast(tone, message),
        redirect: () => effects.redirect?.(),
        accepted: (_, output) => {
          // The success clears an error toast left by an earlier try; its own toast, if any, follows.
          app.settle();
          effects.accepted?.(output);
        },
        leave: () => effects.leave?.(),
      },
      guards: { allowed: () => effects.allowed?.() ?? true },
    }),
  );
  const [state, send] = useMachine(logic, { input });
  const { values, message, error, result, fieldErrors } = state.context;
  const setValue = (field: keyof Values & string, value: string) => send({ type: 'CHANGE', field, value });
  return {
    values,
    message,
    error,
    /** Each field found wrong by the last check or answer, with its message (field-error.tsx shows them). */
    fieldErrors,
    /** The last successful call's answer. */
    result,
    submitting: state.matches('submitting'),
    /** The form was refused (see the machine's `refusal`): nothing to render. */
    refused: state.matches('refused'),
    /** The last submit succeeded, and nothing has been typed since. */
    succeeded: state.matches('success'),
    /** False while the call runs and after a success that leaves the form: the fields are locked. */
    editable: state.can({ type: 'SUBMIT' }),
    onSubmit: sendOnSubmit(send, { type: 'SUBMIT' }),
    setValue,
    /** Submits from a control outside a <form> (a lone confirm button). */
    submit: () => send({ type: 'SUBMIT' }),
    /** An input's onChange for one field. */
    change: (field: keyof Values & string) => (event: { target: { value: string } }) => setValue(field, event.target.value),
  };
}
