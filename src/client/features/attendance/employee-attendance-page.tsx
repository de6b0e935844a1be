/**
 * Attendance, employee view (product.md, Screens): Punch In and Punch Out, then 'Your
 * Attendance'. The 'Welcome, {name}' greeting (fallback 'Employee') and the sidebar come from the
 * employee frame around this screen; its role checks (product.md, Input rules) are the /employee area guard's.
 * A punch runs through the punch machine; the list refreshes by the mutation's tag invalidation.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LoadingLine } from '../../components/loading-line';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI, PUNCH_POSITION_UI } from './attendance-copy';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import type { DataColumn } from '../../components/data-table';

import { EMPTY, FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/base-api';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useEffects } from '../../feedback/effects-context';
import { attendanceApi, useGetMyPunchRuleQuery, useGetOwnAttendanceQuery } from './attendance-api';
import { browserPosition } from './browser-position';
import { recordKey, SCREEN_COLUMNS, SCREEN_TABLE } from './attendance-columns';
import { DataTable } from '../../components/data-table';
import { punchAvailability } from './attendance-view';
import { punchMachine } from './punch-machine';
import { PunchStatus } from './punch-status';
import { useToday } from '../../components/use-today';

/** The day a correction is asked for, and what its form starts with ('What happened'). */
export interface FixStart {
  date: string;
  kind: 'missed-punch-out' | 'missed-punch-in' | 'other';
}

/** What probably happened on a day, for the form's 'What happened'. */
const fixStart = (row: AttendanceRecord): FixStart => ({
  date: row.date,
  kind: row.punchIn && !row.punchOut ? 'missed-punch-out' : !row.punchIn ? 'missed-punch-in' : 'other',
});

/** The latest day before today with a punch in and no punch out. */
const missedPunchOut = (rows: readonly AttendanceRecord[] | undefined, today: string) =>
  rows?.filter((r) => r.date < today && r.punchIn && !r.punchOut).reduce<AttendanceRecord | null>((a, r) => (!a || r.date > a.date ? r : a), null) ?? null;

/**
 * `fixForm`: the correction request form for a day, composed in by the app (features do not import
 * each other); without it the screen shows no 'Fix this day'.
 */
export function EmployeeAttendancePage({ fixForm }: { fixForm?: (start: FixStart) => ReactNode } = {}) {
  const [fixing, setFixing] = useState<FixStart | null>(null);
  const fixRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fixing) fixRef.current?.focus();
  }, [fixing]);
  const columns = useMemo<readonly DataColumn<AttendanceRecord>[]>(
    () => !fixForm ? SCREEN_COLUMNS : [
      ...SCREEN_COLUMNS,
      {
        id: 'fix',
        header: ATTENDANCE_EXTRA_UI.fixDayColumn,
        widthEm: { min: 7 },
        cell: (r) => (
          <button type="button" className="button button--secondary" aria-label={ATTENDANCE_EXTRA_UI.fixDayFor(r.date)} onClick={() => setFixing(fixStart(r))}>
            {ATTENDANCE_EXTRA_UI.fixDay}
          </button>
        ),
      },
    ],
    [fixForm],
  );
  const dispatch = useAppDispatch();
  const feedback = useEffects();
  const [logic] = useState(() =>
    punchMachine.provide({
      actors: {
        punchIn: fromMutation(attendanceApi.endpoints.punchIn, dispatch),
        punchOut: fromMutation(attendanceApi.endpoints.punchOut, dispatch),
        locate: fromPromise(() => browserPosition()),
      },
      actions: { notify: (_, { tone, message }) => feedback.toast(tone, message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const punching = !state.matches('idle');
  const { data, error, isLoading } = useGetOwnAttendanceQuery(undefined, { refetchOnMountOrArgChange: true });
  // Read afresh on each visit: an admin may have turned on a site check since. Unknown (still
  // loading, or failed), the punch goes without a position and the server says if one is needed.
  const { data: rule } = useGetMyPunchRuleQuery(undefined, { refetchOnMountOrArgChange: true });
  const needsPosition = rule?.geofenceRequired === true;
  const webOff = rule?.webAllowed === false;
  // Each button only when today's record allows it (a list that failed to load leaves both on: the server judges).
  const today = useToday();
  const { record, canPunchIn, canPunchOut } = punchAvailability(data, today, !!error && !data, rule?.allowBreaks === true);
  const missed = fixForm ? missedPunchOut(data, today) : null;

  return (
    <section className="card card--wide attendance-screen" aria-labelledby="own-attendance-title">
      <PunchStatus known={!!data} record={record} />
      <div className="button-row punch-buttons" aria-busy={punching}>
        <button type="button" className="button" disabled={punching || webOff || !canPunchIn} onClick={() => send({ type: 'PUNCH_IN', needsPosition })}>
          {(state.matches('locatingIn') || state.matches('punchingIn')) && <Spinner />} {ATTENDANCE_UI.punchIn}
        </button>
        <button type="button" className="button" disabled={punching || webOff || !canPunchOut} onClick={() => send({ type: 'PUNCH_OUT', needsPosition })}>
          {(state.matches('locatingOut') || state.matches('punchingOut')) && <Spinner />} {ATTENDANCE_UI.punchOut}
        </button>
      </div>
      {(webOff || needsPosition) && <p className="muted punch-hint">{webOff ? PUNCH_POSITION_UI.webOff : PUNCH_POSITION_UI.asked}</p>}
      <h2 id="own-attendance-title">{ATTENDANCE_UI.yours}</h2>
      {missed && !fixing && (
        <Banner tone="info">
          {ATTENDANCE_EXTRA_UI.missedPunchOut(missed.date)}{' '}
          <button type="button" className="button button--secondary" aria-label={ATTENDANCE_EXTRA_UI.fixDayFor(missed.date)} onClick={() => setFixing(fixStart(missed))}>
            {ATTENDANCE_EXTRA_UI.fixDay}
          </button>
        </Banner>
      )}
      {fixing && fixForm && (
        <div className="corrections attendance-fix" ref={fixRef} tabIndex={-1}>
          {fixForm(fixing)}
          <button type="button" className="button button--secondary" onClick={() => setFixing(null)}>
            {ATTENDANCE_EXTRA_UI.closeFix}
          </button>
        </div>
      )}
      {error && !data ? (
        <Banner tone="error">{PREFIX.fetchAttendance + errorMessage(error, FALLBACK.fetchAttendance)}</Banner>
      ) : isLoading ? (
        <LoadingLine>{ATTENDANCE_UI.loading}</LoadingLine>
      ) : data && data.length === 0 ? (
        <p className="empty">{EMPTY.attendance}</p>
      ) : (
        data && (
          <DataTable
            {...SCREEN_TABLE}
            labelledBy="own-attendance-title"
            regionLabel={ATTENDANCE_UI.tableRegion(ATTENDANCE_UI.yours)}
            rows={data}
            columns={columns}
            rowKey={recordKey}
          />
        )
      )}
    </section>
  );
}
