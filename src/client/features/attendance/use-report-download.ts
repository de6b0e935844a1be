/** Runs the report download machine with the real endpoint and the browser's save, for one button. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { cancellable } from '../../api/cancellable';
import { saveFile, type DownloadedFile } from '../../api/download';
import { useAppDispatch } from '../../app/hooks';
import { attendanceApi, type ReportRange } from './attendance-api';
import { reportDownloadMachine } from './report-download-machine';

/** `requireDates`: the dashboard's range report (true) or the full history (false). */
export function useReportDownload(requireDates: boolean) {
  const dispatch = useAppDispatch();
  const [logic] = useState(() =>
    reportDownloadMachine.provide({
      actors: {
        fetchReport: fromPromise<DownloadedFile, ReportRange | null>(({ input, signal }) =>
          cancellable(dispatch(attendanceApi.endpoints.downloadAttendance.initiate(input, { track: false })), signal),
        ),
      },
      actions: { save: (_, { file }) => saveFile(file) },
    }),
  );
  return useMachine(logic, { input: { requireDates } });
}
