/** Runs the register download machine with the real endpoint and the browser's save. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { saveFile } from '../../api/download';
import { useAppDispatch } from '../../app/hooks';
import { fromMutation } from '../../flows/from-mutation';
import { registerApi } from './register-api';
import { registerDownloadMachine } from './register-download-machine';

export function useRegisterDownload() {
  const dispatch = useAppDispatch();
  const [logic] = useState(() =>
    registerDownloadMachine.provide({
      actors: { fetchRegister: fromMutation(registerApi.endpoints.downloadAttendanceRegister, dispatch) },
      actions: { save: (_, { file }) => saveFile(file) },
    }),
  );
  return useMachine(logic);
}
