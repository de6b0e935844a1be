/**
 * Attendance, admin view (product.md, Screens): 'Attendance Overview', 'Download Attendance'
 * (every record, attendance.csv) and 'All Attendance' for a date range — the last 30 days unless
 * the admin picks another — in a virtualized table, so a year of a large company stays usable.
 * Beside the spec's columns each row names the person (Name, Employee ID); the range shown can be
 * narrowed to a person (name, email or ID) or to present, absent, late or left-early days, and
 * 'Download this range' saves that range through the spec's ?startDate&endDate report. Today's
 * absentees are listed by name in a fold above the records.
 * Role checks (product.md, Input rules) are the /admin area guard's.
 */
import { useDeferredValue, useMemo, useState } from 'react';
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
import { ADMIN_SCREEN_COLUMNS, recordKey, SCREEN_TABLE } from './attendance-columns';
import { DataTable } from '../../components/data-table';
import { defaultRange } from './attendance-view';
import { filterRecords, RECORD_SHOWS, type RecordFilter } from './record-filter';
import type { ReportRange } from './attendance-api';
import { ListToolbar, ResultCount, SearchField, SelectFilter } from '../../components/list-controls';
import { rangeFormMachine, type RangeFormContext, type RangeFormEvent } from './range-form-machine';
import { useReportDownload } from './use-report-download';
import { useToday } from '../../components/use-today';
import { sendOnSubmit } from '../../flows/send-on-submit';
import { AbsentTodayPanel } from './absent-today-panel';

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

/** 'Download this range': the spec's ?startDate&endDate report of the range on screen. */
function DownloadRange({ range }: { range: ReportRange }) {
  const [state, send] = useReportDownload(true);
  const downloading = state.matches('downloading');
  const start = () => {
    send({ type: 'CHANGE', field: 'startDate', value: range.startDate });
    send({ type: 'CHANGE', field: 'endDate', value: range.endDate });
    send({ type: 'DOWNLOAD' });
  };
  return (
    <>
      <button type="button" className="button button--secondary" disabled={downloading} onClick={start}>
        {downloading && <Spinner />} {downloading ? ATTENDANCE_UI.downloading : ATTENDANCE_EXTRA_UI.downloadRange}
      </button>
      {state.context.error && <Banner tone="error">{state.context.error}</Banner>}
    </>
  );
}

const NO_FILTER: RecordFilter = { person: '', show: '' };

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
        <DownloadRange range={form.applied} />
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
  const [filter, setFilter] = useState<RecordFilter>(NO_FILTER);
  // Deferred: typing a name re-filters a year of records in a background render, never under the keys.
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => (currentData ? filterRecords(currentData, deferredFilter) : []), [currentData, deferredFilter]);

  return (
    <section className="card card--wide attendance-screen" aria-labelledby="attendance-title">
      <h2 id="attendance-title">{ATTENDANCE_UI.overview}</h2>
      <DownloadAll />
      <AbsentTodayPanel />
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
            <>
              <ListToolbar label={ATTENDANCE_EXTRA_UI.filtersLabel}>
                <SearchField
                  id="attendance-person"
                  label={ATTENDANCE_EXTRA_UI.personFilter}
                  placeholder={ATTENDANCE_EXTRA_UI.personHint}
                  value={filter.person}
                  onChange={(person) => setFilter((f) => ({ ...f, person }))}
                />
                <SelectFilter
                  id="attendance-show"
                  label={ATTENDANCE_EXTRA_UI.statusFilter}
                  allLabel={ATTENDANCE_EXTRA_UI.statusAll}
                  options={RECORD_SHOWS}
                  value={filter.show}
                  onChange={(show) => setFilter((f) => ({ ...f, show: show as RecordFilter['show'] }))}
                />
              </ListToolbar>
              <ResultCount shown={shown.length} total={currentData.length} onClear={() => setFilter(NO_FILTER)} />
              {shown.length === 0 ? (
                <p className="empty">{ATTENDANCE_EXTRA_UI.noMatch}</p>
              ) : (
                <DataTable
                  {...SCREEN_TABLE}
                  labelledBy="all-attendance-title"
                  regionLabel={ATTENDANCE_UI.tableRegion(ATTENDANCE_UI.all)}
                  rows={shown}
                  columns={ADMIN_SCREEN_COLUMNS}
                  rowKey={recordKey}
                />
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
