/** Runs the report download machine with the real endpoint and the browser's save, for one button. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromMutation } from '../../flows/from-mutation';
import { saveFile } from '../../api/download';
import { useAppDispatch } from '../../app/hooks';
import { attendanceApi } from './attendance-api';
import { reportDownloadMachine } from './report-download-machine';

/** `requireDates`: the dashboard's range report (true) or the full history (false). */
export function useReportDownload(requireDates: boolean) {
  const dispatch = useAppDispatch();
  const [logic] = useState(() =>
    reportDownloadMachine.provide({
      actors: {
        fetchReport: fromMutation(attendanceApi.endpoints.downloadAttendance, dispatch),
      },
      actions: { save: (_, { file }) => saveFile(file) },
    }),
  );
  return useMachine(logic, { input: { requireDates } });
}
