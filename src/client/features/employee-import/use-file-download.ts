/** A file download as the screen uses it: fileDownloadMachine with the app's fetch and save. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import type { DownloadedFile } from '../../api/download';
import { saveFile } from '../../api/download';
import { useAppDispatch } from '../../app/hooks';
import { fromMutation } from '../../flows/from-mutation';
import { fileDownloadMachine } from './file-download-machine';

interface FileEndpoint<Arg> {
  initiate: Parameters<typeof fromMutation<DownloadedFile, Arg, DownloadedFile>>[0]['initiate'];
}

export function useFileDownload<Arg extends string>(endpoint: FileEndpoint<Arg>) {
  const dispatch = useAppDispatch();
  const [logic] = useState(() =>
    fileDownloadMachine.provide({
      actors: { fetchFile: fromMutation<DownloadedFile, Arg, DownloadedFile, string>(endpoint, dispatch, (key) => key as Arg) },
      actions: { save: (_, { file }) => saveFile(file) },
    }),
  );
  const [state, send] = useMachine(logic);
  return { pending: state.context.pending, error: state.context.error, download: (key: Arg) => send({ type: 'DOWNLOAD', key }) };
}
