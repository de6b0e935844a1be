/**
 * Runs a slipDownloadMachine with the app's effects: `fetchSlip` as given (an RTK Query download
 * mutation), the file handed to effects.saveFile, and failures as an error toast, or, with
 * `failures: 'inline'`, left to the screen, which shows the machine's `error` beside its picker (on a
 * phone a toast at the foot of the screen would sit over what the screen lists below the picker).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { useEffects } from '../../feedback/effects-context';
import { slipDownloadMachine, type SlipFetchInput } from './slip-download-machine';

/** The download call (flows/from-mutation.ts's mutationCall); `signal` aborts it. */
export type SlipFetcher = (input: SlipFetchInput, signal: AbortSignal) => Promise<DownloadedFile>;

export function useSlipDownload(fetchSlip: SlipFetcher, monthRequired: boolean, failures: 'toast' | 'inline' = 'toast') {
  const effects = useEffects();
  // The machine, and with it the fetcher, is fixed for the screen's lifetime: what the fetcher
  // closes over (the signed-in employee) cannot change without the session leaving the area.
  const [logic] = useState(() =>
    slipDownloadMachine.provide({
      actors: {
        fetchSlip: fromPromise<DownloadedFile, SlipFetchInput>(({ input, signal }) => fetchSlip(input, signal)),
      },
      actions: {
        save: (_, { file }) => effects.saveFile(file),
        notify: (_, { tone, message }) => {
          if (failures === 'toast') effects.toast(tone, message);
        },
      },
    }),
  );
  return useMachine(logic, { input: { monthRequired } });
}
