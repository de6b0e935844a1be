/**
 * Attendance, employee view (product.md, Screens): Punch In and Punch Out, then 'Your
 * Attendance'. The 'Welcome, {name}' greeting (fallback 'Employee') and the sidebar come from the
 * employee frame around this screen; its role checks (product.md, Input rules) are the /employee area guard's.
 * A punch runs through the punch machine; the list refreshes by the mutation's tag invalidation.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { ATTENDANCE_UI } from './attendance-copy';
import { EMPTY, FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/base-api';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useEffects } from '../../feedback/effects-context';
import { attendanceApi, useGetOwnAttendanceQuery } from './attendance-api';
import { ATTENDANCE_TABLE, recordKey, SCREEN_COLUMNS } from './attendance-columns';
import { DataTable } from '../../components/data-table';
import { punchAvailability } from './attendance-view';
import { punchMachine } from './punch-machine';
import { PunchStatus } from './punch-status';
import { useToday } from '../../components/use-today';

export function EmployeeAttendancePage() {
  const dispatch = useAppDispatch();
  const feedback = useEffects();
  const [logic] = useState(() =>
    punchMachine.provide({
      actors: {
        punchIn: fromMutation(attendanceApi.endpoints.punchIn, dispatch),
        punchOut: fromMutation(attendanceApi.endpoints.punchOut, dispatch),
      },
      actions: { notify: (_, { tone, message }) => feedback.toast(tone, message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const punching = !state.matches('idle');
  const { data, error, isLoading } = useGetOwnAttendanceQuery(undefined, { refetchOnMountOrArgChange: true });
  // Each button only when today's record allows it (a list that failed to load leaves both on: the server judges).
  const today = useToday();
  const { record, canPunchIn, canPunchOut } = punchAvailability(data, today, !!error && !data);

  return (
    <section className="card card--wide" aria-labelledby="own-attendance-title">
      <PunchStatus known={!!data} record={record} />
      <div className="button-row punch-buttons" aria-busy={punching}>
        <button type="button" className="button" disabled={punching || !canPunchIn} onClick={() => send({ type: 'PUNCH_IN' })}>
          {state.matches('punchingIn') && <Spinner />} {ATTENDANCE_UI.punchIn}
        </button>
        <button type="button" className="button" disabled={punching || !canPunchOut} onClick={() => send({ type: 'PUNCH_OUT' })}>
          {state.matches('punchingOut') && <Spinner />} {ATTENDANCE_UI.punchOut}
        </button>
      </div>
      <h2 id="own-attendance-title">{ATTENDANCE_UI.yours}</h2>
      {error && !data ? (
        <Banner tone="error">{PREFIX.fetchAttendance + errorMessage(error, FALLBACK.fetchAttendance)}</Banner>
      ) : isLoading ? (
        <p role="status" className="muted loading-line">
          <Spinner /> {ATTENDANCE_UI.loading}
        </p>
      ) : data && data.length === 0 ? (
        <p className="empty">{EMPTY.attendance}</p>
      ) : (
        data && (
          <DataTable
            {...ATTENDANCE_TABLE}
            labelledBy="own-attendance-title"
            regionLabel={ATTENDANCE_UI.tableRegion(ATTENDANCE_UI.yours)}
            rows={data}
            columns={SCREEN_COLUMNS}
            rowKey={recordKey}
          />
        )
      )}
    </section>
  );
}
