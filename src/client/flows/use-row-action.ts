/** Runs a row action machine (row-action-machine.ts) with its call and alert, for the list that renders it. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { SubmitResult } from './form-submit-machine';
import type { RowActionInput, RowActionMachine } from './row-action-machine';

export interface RowActionEffects<Input> {
  /** The call, usually an RTK Query mutation; `signal` aborts it when the list unmounts. */
  run: (input: Input, signal: AbortSignal) => Promise<SubmitResult>;
  alert: (message: string) => void;
}

/** The action in flight, the last success's msg, and `run` to start one (ignored while one runs). */
export function useRowAction<Input extends RowActionInput>(machine: RowActionMachine<Input>, effects: RowActionEffects<Input>) {
  // The effects close over stable things (dispatch), so the first render's are kept.
  const [logic] = useState(() =>
    machine.provide({
      actors: { run: fromPromise<SubmitResult, Input>(({ input, signal }) => effects.run(input, signal)) },
      actions: { alert: (_, { message }) => effects.alert(message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const { pending, message } = state.context;
  return { pending, message, run: (input: Input) => send({ type: 'RUN', input }) };
}
