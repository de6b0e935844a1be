/**
 * The admin dashboard's 'Attendance Overview (Today: date)' section (product.md, Screens):
 * today's records polled every ATTENDANCE_POLL_MS (only today's, so a poll's cost does not grow
 * with history), sorted by email and named from the employee list; the range report download; and
 * the 30-day present/absent chart. Polling runs only while an admin session does: the query is
 * skipped the moment the session leaves signedIn.admin, and unmounting ends it as well.
 *
 * At 10,000 employees each answer is 10,000 rows. The section's heading and report form paint at
 * once and 'Loading Dashboard...' stands in for the table until both lists are here, so the page
 * is not blank while 3 MB of JSON arrive on a slow link. The rows render from deferred copies of
 * the answers: React builds the table in a background render it can interrupt, instead of one
 * long task the moment a poll lands.
 */
import { useDeferredValue, useMemo } from 'react';
import { ATTENDANCE_POLL_MS } from '../../../shared/constants';
import { BusyText } from '../../components/busy-text';
import { LoadingLine } from '../../components/loading-line';
import { ATTENDANCE_UI } from './attendance-copy';
import { EMPTY, FALLBACK, LOADING, PREFIX, TITLES } from '../../copy';
import { errorMessage } from '../../api/base-api';
import { Banner } from '../../components/banner';
import { DateRangeFields } from '../../components/date-range-fields';
import { useGetEmployeesQuery } from '../../api/employee-api';
import { useSessionSelector } from '../session/session-context';
import { useGetAttendanceQuery } from './attendance-api';
import { AttendanceChart } from './attendance-chart';
import { DataTable } from '../../components/data-table';
import { ATTENDANCE_TABLE, OVERVIEW_COLUMNS, recordKey } from './attendance-columns';
import { overviewRows } from './attendance-view';
import { useReportDownload } from './use-report-download';
import { sendOnSubmit } from '../../flows/send-on-submit';

interface AttendanceOverviewProps {
  /** Today, YYYY-MM-DD (see useToday); the layout passes the same day to the 'Last updated' header. */
  date: string;
  /** How often today's records are fetched again; tests shorten it, the app never sets it. */
  pollingInterval?: number;
}

/** The spec's fatal dashboard error: the message replaces the section's content. */
function FatalError({ text }: { text: string }) {
  return (
    <section className="card" role="alert" aria-labelledby="overview-error-title">
      <h2 id="overview-error-title">{TITLES.appError}</h2>
      <p>{text}</p>
    </section>
  );
}

function ReportForm() {
  const [state, send] = useReportDownload(true);
  const downloading = state.hasTag('busy');
  const { error, dates } = state.context;

  const onSubmit = sendOnSubmit(send, { type: 'DOWNLOAD' });

  // noValidate: the browser's own bubble would pre-empt the spec's message, so the machine checks.
  return (
    <form className="form report-form" noValidate onSubmit={onSubmit} aria-busy={downloading}>
      <DateRangeFields
        idPrefix="report"
        labels={ATTENDANCE_UI}
        value={dates}
        onChange={(field, value) => send({ type: 'CHANGE', field, value })}
        problem={error}
        invalid={(field) => !dates[field]}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={downloading}>
          <BusyText busy={downloading} busyText={ATTENDANCE_UI.downloading}>
            {ATTENDANCE_UI.downloadReport}
          </BusyText>
        </button>
      </div>
    </form>
  );
}

export function AttendanceOverview({ date, pollingInterval = ATTENDANCE_POLL_MS }: AttendanceOverviewProps) {
  // The session can end while this is on screen (logout, 401, another tab); no poll may outlive it.
  const skip = !useSessionSelector((s) => s.matches({ signedIn: 'admin' }));
  const attendance = useGetAttendanceQuery({ date }, { pollingInterval, skip });
  const employees = useGetEmployeesQuery(undefined, { skip });
  const records = useDeferredValue(attendance.data);
  const roster = useDeferredValue(employees.data);
  const rows = useMemo(() => (records && roster ? overviewRows(records, roster) : null), [records, roster]);

  // Spec: a failed first load shows the error in place of the dashboard; the roster comes first.
  if (employees.error && !employees.data) {
    return <FatalError text={PREFIX.fetchEmployees + errorMessage(employees.error, FALLBACK.fetchEmployees)} />;
  }
  if (attendance.error && !attendance.data) {
    return <FatalError text={PREFIX.fetchAttendance + errorMessage(attendance.error, FALLBACK.fetchAttendance)} />;
  }

  const title = ATTENDANCE_UI.overviewToday(date);
  return (
    <section className="card card--wide overview" aria-labelledby="overview-title" aria-busy={!rows}>
      <h2 id="overview-title">{title}</h2>
      <ReportForm />
      {/* A failed poll after a good one keeps the rows on screen and says they may be stale. */}
      {rows && attendance.isError && (
        <Banner tone="error">
          {PREFIX.fetchAttendance + errorMessage(attendance.error, FALLBACK.fetchAttendance)} {ATTENDANCE_UI.refreshFailed}
        </Banner>
      )}
      {!rows ? (
        <LoadingLine>{LOADING.dashboard}</LoadingLine>
      ) : rows.length === 0 ? (
        <p className="empty">{EMPTY.todayAttendance}</p>
      ) : (
        <DataTable
          {...ATTENDANCE_TABLE}
          labelledBy="overview-title"
          regionLabel={ATTENDANCE_UI.tableRegion(title)}
          rows={rows}
          columns={OVERVIEW_COLUMNS}
          rowKey={recordKey}
        />
      )}
      {/* Today's bar from these same live records, so the chart never contradicts the table above it. */}
      {rows && <AttendanceChart skip={skip} date={date} todayRecords={records} />}
    </section>
  );
}
