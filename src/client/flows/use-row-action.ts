/**
 * Runs a row action machine (row-action-machine.ts) with its call and the app's effects: its
 * question as the in-app confirm dialog, its result as a toast. For the list that renders it.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useEffects } from '../feedback/effects-context';
import { alertApprovedMonth } from './approved-month-alert';
import type { SubmitResult } from './form-submit-machine';
import type { ConfirmQuestion, RowActionInput, RowActionMachine } from './row-action-machine';

export interface RowActionEffects<Input> {
  /** The call, usually an RTK Query mutation; `signal` aborts it when the list unmounts. */
  run: (input: Input, signal: AbortSignal) => Promise<SubmitResult>;
}

/**
 * The action being confirmed or in flight, `run` to start one (ignored while one runs), and
 * `controlProps(id)` for a row's control: every row's is disabled while one runs, and the running
 * row's says it is busy.
 */
export function useRowAction<Input extends RowActionInput>(machine: RowActionMachine<Input>, { run }: RowActionEffects<Input>) {
  const app = useEffects();
  // The call closes over stable things (dispatch) and the app's effects live as long as the app,
  // so the first render's are kept.
  const [logic] = useState(() =>
    machine.provide({
      actors: {
        run: fromPromise<SubmitResult, Input>(async ({ input, signal }) => alertApprovedMonth(app, await run(input, signal))),
        confirm: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => app.confirm(input, signal)),
      },
      actions: { notify: (_, result) => result && app.toast(result.tone, result.message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const { pending } = state.context;
  return {
    pending,
    run: (input: Input) => send({ type: 'RUN', input }),
    controlProps: (id: string) => ({ disabled: pending !== null, 'aria-busy': pending?.id === id }),
  };
}
