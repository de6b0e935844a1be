/**
 * Attendance, admin view (product.md, Screens): 'Attendance Overview', 'Download Attendance'
 * (every record, attendance.csv) and 'All Attendance' for a date range — the last 30 days unless
 * the admin picks another. The table is a page of the range at a time, narrowed and paged by the
 * server (GET /api/attendance/page), so a year of a large company never travels to the browser.
 * Beside the spec's columns each row names the person (Name, Employee ID); the range can be
 * narrowed to a person (name, email or ID, asked after a pause in typing) or to present, absent,
 * late or left-early days, and 'Download this range' saves the range through the spec's
 * ?startDate&endDate report. Today's absentees are listed by name in a fold above the records.
 * Role checks (product.md, Input rules) are the /admin area guard's.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { BusyText } from '../../components/busy-text';
import { LoadingLine } from '../../components/loading-line';
import { PATHS } from '../../config/paths';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import { EMPTY, FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/base-api';
import { Banner } from '../../components/banner';
import { DateRangeFields } from '../../components/date-range-fields';
import { useGetAttendancePageQuery } from './attendance-api';
import { ADMIN_SCREEN_COLUMNS, recordKey, SCREEN_TABLE } from './attendance-columns';
import { DataTable } from '../../components/data-table';
import { defaultRange } from './attendance-view';
import { RECORD_SHOWS, type RecordFilter } from './record-filter';
import type { ReportRange } from './attendance-api';
import { ListToolbar, ResultCount, SearchField, SelectFilter } from '../../components/list-controls';
import { rangeFormMachine, type RangeFormContext, type RangeFormEvent } from './range-form-machine';
import { useReportDownload } from './use-report-download';
import { useToday } from '../../components/use-today';
import { sendOnSubmit } from '../../flows/send-on-submit';
import { AbsentTodayPanel } from './absent-today-panel';
import { useDebounced } from '../../components/use-debounced';

function DownloadAll() {
  const [state, send] = useReportDownload(false);
  const downloading = state.matches('downloading');
  return (
    <>
      <div className="button-row">
        <button type="button" className="button" disabled={downloading} onClick={() => send({ type: 'DOWNLOAD' })}>
          <BusyText busy={downloading} busyText={ATTENDANCE_UI.downloading}>
            {ATTENDANCE_UI.downloadAttendance}
          </BusyText>
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
        <BusyText busy={downloading} busyText={ATTENDANCE_UI.downloading}>
          {ATTENDANCE_EXTRA_UI.downloadRange}
        </BusyText>
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

/** Records per page of the table: a few screens of rows, one small answer. */
const PAGE_SIZE = 100;

/** Where the page stands in the matches, and the way to the pages before and after it. */
function Pager({ offset, shown, total, onOffset }: { offset: number; shown: number; total: number; onOffset: (offset: number) => void }) {
  if (total <= PAGE_SIZE) return null;
  return (
    <nav className="attendance-pager" aria-label={ATTENDANCE_EXTRA_UI.pagesLabel}>
      <button type="button" className="button button--secondary button--small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
        {ATTENDANCE_EXTRA_UI.previousPage}
      </button>
      <p className="attendance-pager__line" aria-live="polite">
        {ATTENDANCE_EXTRA_UI.pageLine(offset + 1, offset + shown, total)}
      </p>
      <button type="button" className="button button--secondary button--small" disabled={offset + PAGE_SIZE >= total} onClick={() => onOffset(offset + PAGE_SIZE)}>
        {ATTENDANCE_EXTRA_UI.nextPage}
      </button>
    </nav>
  );
}

export function AdminAttendancePage() {
  const today = useToday();
  const [form, send] = useMachine(rangeFormMachine, { input: { range: defaultRange(today) } });
  const range = form.context.applied;
  const [filter, setFilter] = useState<RecordFilter>(NO_FILTER);
  // The server is asked once typing pauses, not on every key.
  const person = useDebounced(filter.person.trim(), 300);
  // A new range or filter starts at the first page (state keyed by what it belongs to).
  const key = `${range.startDate}|${range.endDate}|${person}|${filter.show}`;
  const [at, setAt] = useState({ key, offset: 0 });
  const offset = at.key === key ? at.offset : 0;
  // Fresh on every visit: the dashboard's poll covers only today, not the range shown here.
  // The last answer stays on screen while the next page or filter loads, so the filters keep
  // their focus and the table does not blink.
  const { data: currentData, error, isFetching } = useGetAttendancePageQuery(
    { ...range, q: person, ...(filter.show ? { show: filter.show } : {}), offset, limit: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const filtered = person !== '' || filter.show !== '';

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
          <LoadingLine>{ATTENDANCE_UI.loading}</LoadingLine>
        )
      ) : (
        <>
          <p role="status" className="muted">
            {ATTENDANCE_UI.rangeShown(currentData.startDate, currentData.endDate, currentData.rangeTotal)}
          </p>
          {currentData.rangeTotal === 0 ? (
            <p className="empty">{EMPTY.attendance}</p>
          ) : (
            <>
              <ListToolbar label={ATTENDANCE_EXTRA_UI.filtersLabel}>
                <SearchField
                  id="attendance-person"
                  label={ATTENDANCE_EXTRA_UI.personFilter}
                  placeholder={ATTENDANCE_EXTRA_UI.personHint}
                  value={filter.person}
                  onChange={(value) => setFilter((f) => ({ ...f, person: value }))}
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
              <ResultCount shown={currentData.total} total={currentData.rangeTotal} filtered={filtered} onClear={() => setFilter(NO_FILTER)} />
              {currentData.total === 0 ? (
                <p className="empty">{ATTENDANCE_EXTRA_UI.noMatch}</p>
              ) : (
                <>
                  <DataTable
                    {...SCREEN_TABLE}
                    busy={isFetching}
                    labelledBy="all-attendance-title"
                    regionLabel={ATTENDANCE_UI.tableRegion(ATTENDANCE_UI.all)}
                    rows={currentData.records}
                    columns={ADMIN_SCREEN_COLUMNS}
                    rowKey={recordKey}
                  />
                  <Pager offset={currentData.offset} shown={currentData.records.length} total={currentData.total} onOffset={(next) => setAt({ key, offset: next })} />
                </>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
