/**
 * The admin frame's compact Attendance Overview: on every admin screen but the dashboard
 * home, one line of today's figures — present, absent, on leave — that a click expands into the
 * full overview (a disclosure button with aria-expanded). The home screen shows the overview in
 * full instead, so it is never on screen twice.
 *
 * Present is live: it reads the same 10-second poll of today's records as the overview and the
 * header's 'Last updated' (one cache entry, one request). The four figures add up to the people
 * employed today (stripFigures): on leave and the day's kind come from the figure cards' summary.
 */
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { ATTENDANCE_POLL_MS } from '../../../shared/constants';
import { LOADING } from '../../copy';
import { LoadingScreen } from '../../components/loading-screen';
import { useGetAttendanceQuery, useGetAttendanceSummaryQuery } from '../../features/attendance/attendance-api';
import { CHART_DAYS } from '../../features/attendance/attendance-chart';
import { useSessionSelector } from '../../features/session/session-context';
import { stripFigures } from './attendance-strip-figures';
import { SUMMARY_POLL_MS, useGetDashboardSummaryQuery } from './dashboard-figures-api';
import { STRIP_UI } from './strip-copy';

// Loaded on the first expand only; same chunk as the frame, so no extra request.
const AttendanceOverview = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../../features/attendance/attendance-overview').then((m) => ({ default: m.AttendanceOverview })),
);

function Figure({ value, label, tone }: { value: number | null; label: string; tone: 'present' | 'absent' | 'leave' | 'off' }) {
  return (
    <span className={`strip__figure strip__figure--${tone}`}>
      <strong>{value ?? STRIP_UI.pending}</strong> {label}
    </span>
  );
}

export function AttendanceStrip({ date }: { date: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // As in the overview: no poll may outlive the admin session.
  const skip = !useSessionSelector((s) => s.matches({ signedIn: 'admin' }));
  const records = useGetAttendanceQuery({ date }, { pollingInterval: ATTENDANCE_POLL_MS, skip });
  // The chart's own query (same argument), loaded here so expanding the overview is instant.
  useGetAttendanceSummaryQuery(CHART_DAYS, { skip });
  // The figure cards' counts (one cache entry): leave decisions refresh it through its tags.
  const counts = useGetDashboardSummaryQuery(undefined, { skip, pollingInterval: SUMMARY_POLL_MS });
  const figures = useMemo(
    () => stripFigures(date, records.data, counts.data),
    [date, records.data, counts.data],
  );

  return (
    <section className="strip" aria-label={STRIP_UI.label}>
      <button
        type="button"
        className="strip__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="strip__title">{STRIP_UI.title}</span>
        <span className="strip__figures">
          <Figure value={figures.present} label={STRIP_UI.present} tone="present" />
          <Figure value={figures.absent} label={STRIP_UI.absent} tone="absent" />
          <Figure value={figures.onLeave} label={STRIP_UI.onLeave} tone="leave" />
          <Figure value={figures.off} label={STRIP_UI.off} tone="off" />
        </span>
        <span className="strip__action">
          <span className="strip__action-text">{open ? STRIP_UI.hide : STRIP_UI.show}</span>
          <span className="strip__chevron" aria-hidden="true" />
        </span>
      </button>
      {/* Always in the DOM, so aria-controls names an element; the overview mounts on first open. */}
      <div id={panelId} className="strip__panel" hidden={!open}>
        {open && (
          <Suspense fallback={<LoadingScreen text={LOADING.dashboard} />}>
            <AttendanceOverview date={date} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
