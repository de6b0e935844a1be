/**
 * Runs a form flow machine (form-submit-machine.ts) with its call and the app's effects (a failure
 * the spec alerts becomes an error toast, a question the in-app confirm dialog), for the view that
 * renders it.
 */
import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useEffects } from '../feedback/effects-context';
import type { FormSubmitMachine, FormValues, SubmitResult } from './form-submit-machine';
import type { ConfirmQuestion } from './row-action-machine';

export interface FormSubmitEffects<Input> {
  /** The call, usually an RTK Query mutation; `signal` aborts it when the flow stops. */
  submit: (input: Input, signal: AbortSignal) => Promise<SubmitResult>;
  /** For flows that leave the form after a success. */
  redirect?: () => void;
}

/** The flow's state as the view needs it, and the two things the view sends. */
export function useFormSubmit<Values extends FormValues, Input>(
  machine: FormSubmitMachine<Values, Input>,
  effects: FormSubmitEffects<Input>,
) {
  const app = useEffects();
  // The effects close over stable things (dispatch, navigate, the app's effects), so the first render's are kept.
  const [logic] = useState(() =>
    machine.provide({
      actors: {
        submit: fromPromise<SubmitResult, Input>(({ input, signal }) => effects.submit(input, signal)),
        confirm: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => app.confirm(input, signal)),
      },
      actions: {
        notify: (_, { tone, message }) => app.toast(tone, message),
        redirect: () => effects.redirect?.(),
      },
    }),
  );
  const [state, send] = useMachine(logic);
  const { values, message, error } = state.context;
  const setValue = (field: keyof Values & string, value: string) => send({ type: 'CHANGE', field, value });
  return {
    values,
    message,
    error,
    submitting: state.matches('submitting'),
    /** False while the call runs and after a success that leaves the form: the fields are locked. */
    editable: state.can({ type: 'SUBMIT' }),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      send({ type: 'SUBMIT' });
    },
    setValue,
    /** An input's onChange for one field. */
    change: (field: keyof Values & string) => (event: { target: { value: string } }) => setValue(field, event.target.value),
  };
}
