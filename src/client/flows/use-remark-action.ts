/**
 * Runs a remark action machine (remark-action-machine.ts) with its call and the app's effects: the
 * result as a toast (a failure as the feature's words), and the approved-month notice if the answer
 * carries one. For the list that renders the dialog.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useEffects } from '../feedback/effects-context';
import { alertApprovedMonth } from './approved-month-alert';
import type { SubmitResult } from './form-submit-machine';
import type { RemarkActionMachine, RemarkCall, RemarkRequest } from './remark-action-machine';

export function useRemarkAction<A extends string>(machine: RemarkActionMachine<A>, run: (call: RemarkCall<A>, signal: AbortSignal) => Promise<SubmitResult>) {
  const app = useEffects();
  const [logic] = useState(() =>
    machine.provide({
      actors: { run: fromPromise<SubmitResult, RemarkCall<A>>(async ({ input, signal }) => alertApprovedMonth(app, await run(input, signal))) },
      actions: { notify: (_, result) => result && app.toast(result.tone, result.message) },
    }),
  );
  const [state, send] = useMachine(logic);
  return {
    state,
    send,
    /** The dialog is open. */
    asking: state.matches('asking'),
    /** The request in flight (its row is busy; the others wait). */
    runningId: state.matches('running') ? (state.context.request?.id ?? null) : null,
    open: (request: RemarkRequest<A>) => send({ type: 'OPEN', request }),
  };
}
