/** What a download machine (flows/file-download-machine.ts) tells when its fetch or build throws `thrown`. */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../api/download';
import type { FileDownloadMachine } from '../flows/file-download-machine';

export async function downloadFailure<Request>(machine: FileDownloadMachine<Request>, request: Request, thrown: unknown): Promise<string[]> {
  const failed: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: { fetchFile: fromPromise<DownloadedFile, Request>(() => Promise.reject(thrown)) },
      actions: { failed: (_, message) => failed.push(message) },
    }),
  ).start();
  actor.send({ type: 'DOWNLOAD', request });
  await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
  actor.stop();
  return failed;
}
