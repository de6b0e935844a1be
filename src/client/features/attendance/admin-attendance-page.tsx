/**
 * Attendance, admin view (product.md, Screens): 'Attendance Overview', 'Download Attendance'
 * (every record, attendance.csv) and 'All Attendance' for a date range — the last 30 days unless
 * the admin picks another — in a virtualized table, so a year of a large company stays usable.
 * Role checks (product.md, Input rules) are the /admin area guard's.
 */
import { Link } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { PATHS } from '../../config/paths';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import { EMPTY, FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/base-api';
import { Banner } from '../../components/banner';
import { DateRangeFields } from '../../components/date-range-fields';
import { Spinner } from '../../components/spinner';
import { useGetAttendanceQuery } from './attendance-api';
import { ATTENDANCE_TABLE, recordKey, SCREEN_COLUMNS } from './attendance-columns';
import { DataTable } from '../../components/data-table';
import { defaultRange } from './attendance-view';
import { rangeFormMachine, type RangeFormContext, type RangeFormEvent } from './range-form-machine';
import { useReportDownload } from './use-report-download';
import { useToday } from '../../components/use-today';
import { sendOnSubmit } from '../../flows/send-on-submit';

function DownloadAll() {
  const [state, send] = useReportDownload(false);
  const downloading = state.matches('downloading');
  return (
    <>
      <div className="button-row">
        <button type="button" className="button" disabled={downloading} onClick={() => send({ type: 'DOWNLOAD' })}>
          {downloading && <Spinner />} {downloading ? ATTENDANCE_UI.downloading : ATTENDANCE_UI.downloadAttendance}
        </button>
        <Link className="button button--secondary" to={PATHS.adminAttendanceRegister}>
          {ATTENDANCE_EXTRA_UI.registerLink}
        </Link>
        <Link className="button button--secondary" to={PATHS.adminDevices}>
          {ATTENDANCE_EXTRA_UI.devicesLink}
        </Link>
      </div>
      {state.context.error && <Banner tone="error">{state.context.error}</Banner>}
    </>
  );
}

/** The range form: renders the machine's draft and problem, and sends what is typed and Show Records. */
function RangeForm({ form, send }: { form: RangeFormContext; send: (event: RangeFormEvent) => void }) {
  const onSubmit = sendOnSubmit(send, { type: 'APPLY' });

  return (
    <form className="form range-form" noValidate onSubmit={onSubmit}>
      <DateRangeFields
        idPrefix="range"
        labels={ATTENDANCE_UI}
        value={form.draft}
        onChange={(field, value) => send({ type: 'CHANGE', field, value })}
        problem={form.problem}
      />
      <div className="button-row">
        <button type="submit" className="button button--secondary">
          {ATTENDANCE_UI.showRange}
        </button>
      </div>
    </form>
  );
}

export function AdminAttendancePage() {
  const today = useToday();
  const [form, send] = useMachine(rangeFormMachine, { input: { range: defaultRange(today) } });
  const range = form.context.applied;
  // Fresh on every visit: the dashboard's poll covers only today, not the range shown here.
  const { currentData, error, isFetching } = useGetAttendanceQuery(range, { refetchOnMountOrArgChange: true });

  return (
    <section className="card card--wide attendance-screen" aria-labelledby="attendance-title">
      <h2 id="attendance-title">{ATTENDANCE_UI.overview}</h2>
      <DownloadAll />
      <h3 id="all-attendance-title">{ATTENDANCE_UI.all}</h3>
      <RangeForm form={form.context} send={send} />
      {error ? (
        <Banner tone="error">{PREFIX.fetchAttendance + errorMessage(error, FALLBACK.fetchAttendance)}</Banner>
      ) : !currentData ? (
        isFetching && (
          <p role="status" className="muted loading-line">
            <Spinner /> {ATTENDANCE_UI.loading}
          </p>
        )
      ) : (
        <>
          <p role="status" className="muted">
            {ATTENDANCE_UI.rangeShown(range.startDate, range.endDate, currentData.length)}
          </p>
          {currentData.length === 0 ? (
            <p className="empty">{EMPTY.attendance}</p>
          ) : (
            <DataTable
              {...ATTENDANCE_TABLE}
              labelledBy="all-attendance-title"
              regionLabel={ATTENDANCE_UI.tableRegion(ATTENDANCE_UI.all)}
              rows={currentData}
              columns={SCREEN_COLUMNS}
              rowKey={recordKey}
            />
          )}
        </>
      )}
    </section>
  );
}
