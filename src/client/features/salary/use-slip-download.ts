/**
 * Runs a slipDownloadMachine with the real effects: `fetchSlip` as given (an RTK Query download
 * mutation), the file saved through an <a download>, and failures as the spec's browser alert.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { cancellable } from '../../api/cancellable';
import { saveFile, type DownloadedFile } from '../../api/download';
import { slipDownloadMachine, type SlipFetchInput } from './slip-download-machine';

/** Starts a request; the returned object is what RTK Query's initiate() hands back. */
export type SlipFetcher = (input: SlipFetchInput) => { unwrap(): Promise<DownloadedFile>; abort(): void };

export function useSlipDownload(fetchSlip: SlipFetcher, monthRequired: boolean) {
  // The machine, and with it the fetcher, is fixed for the screen's lifetime: what the fetcher
  // closes over (the signed-in employee) cannot change without the session leaving the area.
  const [logic] = useState(() =>
    slipDownloadMachine.provide({
      actors: {
        fetchSlip: fromPromise<DownloadedFile, SlipFetchInput>(({ input, signal }) => cancellable(fetchSlip(input), signal)),
      },
      actions: {
        save: (_, { file }) => saveFile(file),
        alert: (_, { message }) => window.alert(message),
      },
    }),
  );
  return useMachine(logic, { input: { monthRequired } });
}
