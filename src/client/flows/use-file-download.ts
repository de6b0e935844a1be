/**
 * Runs a download machine (file-download-machine.ts) with its fetch and the app's effects: the file
 * saved through the app's saveFile, and, for a screen that shows no inline message, a failure as an
 * error toast. `fetchFile` is an RTK Query mutation endpoint (dispatched untracked, aborted when the
 * screen unmounts) or a function, e.g. a file built in the browser.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../api/download';
import { useAppDispatch } from '../app/hooks';
import { useEffects } from '../feedback/effects-context';
import type { FileDownloadMachine } from './file-download-machine';
import { mutationCall, type MutationEndpoint } from './from-mutation';

type Fetch<Request, File> = MutationEndpoint<Request, File> | ((request: Request, signal: AbortSignal) => Promise<File>);

export interface FileDownloadEffects<Request, File> {
  fetchFile: Fetch<Request, File>;
  /** Refuses a request before it is sent: the message, or null to send it. */
  check?: (request: Request) => Promise<string | null> | string | null;
  /** Shows a failure as an error toast, for a screen that shows no inline message. */
  toast?: boolean;
}

/** The download in flight (`busy`, and which button: `key`), the last file or error, and `download`. */
export function useFileDownload<Request, File extends DownloadedFile = DownloadedFile>(
  machine: FileDownloadMachine<Request, File>,
  { fetchFile, check, toast = false }: FileDownloadEffects<Request, File>,
) {
  const dispatch = useAppDispatch();
  const app = useEffects();
  // The fetch closes over stable things (dispatch) and the app's effects live as long as the app,
  // so the first render's are kept.
  const [logic] = useState(() => {
    const call = typeof fetchFile === 'function' ? fetchFile : mutationCall(fetchFile, dispatch);
    return machine.provide({
      actors: {
        fetchFile: fromPromise<File, Request>(({ input, signal }) => call(input, signal)),
        ...(check && { check: fromPromise<string | null, Request>(async ({ input }) => check(input)) }),
      },
      actions: {
        save: (_, file) => app.saveFile(file),
        failed: (_, message) => toast && app.toast('error', message),
      },
    });
  });
  const [state, send] = useMachine(logic);
  const busy = state.hasTag('busy');
  const { key, saved, error } = state.context;
  return { busy, key: busy ? key : null, saved, error, download: (request: Request, key?: string) => send({ type: 'DOWNLOAD', request, key }) };
}
