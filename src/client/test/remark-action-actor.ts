/**
 * Test helper: a remark action machine (flows/remark-action-machine.ts) running headless, its `run`
 * answered by `answer`; the calls it sent and what it notified are recorded, and `idle()` waits for
 * the machine to be done.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FlowResult } from '../flows/row-action-machine';
import type { RemarkActionMachine, RemarkCall } from '../flows/remark-action-machine';

export function startRemarkAction<A extends string>(machine: RemarkActionMachine<A>, answer: (call: RemarkCall<A>) => Promise<{ msg?: string }>) {
  const calls: RemarkCall<A>[] = [];
  const notified: (FlowResult | null)[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        run: fromPromise<{ msg?: string }, RemarkCall<A>>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
      actions: { notify: (_, result) => void notified.push(result) },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 5_000 });
  return { actor, calls, notified, idle };
}
