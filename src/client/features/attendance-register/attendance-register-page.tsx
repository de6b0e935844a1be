/**
 * /admin/attendance/register: the monthly attendance register. The month (by default the
 * last complete one) and the search live in the address; the server answers a page of employees
 * at a time, shown in a virtualized grid; the whole month downloads as CSV or Excel through the
 * download machine. The view only renders: data from RTK Query, the download flow from XState.
 */
import { useState } from 'react';
import { lastCompleteMonth } from '../../../shared/payroll/pay-month';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { CountPager, ListToolbar, SearchField, ToolbarActions } from '../../components/list-controls';
import { LoadingScreen } from '../../components/loading-screen';
import { useToday } from '../../components/use-today';
import { useUrlParam, useUrlText } from '../../components/use-url-state';
import { registerApi, useGetAttendanceRegisterQuery, type RegisterFormat } from './register-api';
import { REGISTER_UI as UI } from './register-copy';
import { RegisterLegend } from './register-legend';
import { RegisterTable } from './register-table';
import { DayEditDialog, type ChosenDay } from './day-edit-dialog';
import { MarkDaysDialog } from './mark-days-dialog';
import { useDebounced } from '../../components/use-debounced';
import { useFileDownload } from '../../flows/use-file-download';
import { registerDownloadMachine } from './register-download-machine';
// The data tables' styles first: the register's names reuse their clamp and narrow it.
import '../../components/data-table.css';
import './register.css';

/** Employees per page of the screen (the server allows up to 500). */
export const REGISTER_SCREEN_PAGE = 200;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A search goes to the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 250;

function DownloadButtons({ month, q }: { month: string; q: string }) {
  const { busy, key, error, download } = useFileDownload(registerDownloadMachine, { fetchFile: registerApi.endpoints.downloadAttendanceRegister });
  const button = (format: RegisterFormat, label: string) => {
    const mine = key === format;
    return (
      <button type="button" className="button button--secondary" disabled={busy || !month} onClick={() => download({ month, q: q || undefined, format }, format)}>
        <BusyText busy={mine} busyText={UI.downloading}>
          {label}
        </BusyText>
      </button>
    );
  };
  return (
    <>
      <ToolbarActions>
        {button('csv', UI.downloadCsv)}
        {button('xlsx', UI.downloadXlsx)}
      </ToolbarActions>
      {error && (
        <div className="register-message">
          <Banner tone="error">{error}</Banner>
        </div>
      )}
    </>
  );
}

export function AttendanceRegisterPage() {
  const today = useToday();
  const [monthParam, setMonth] = useUrlParam('month');
  const month = MONTH_RE.test(monthParam) ? monthParam : lastCompleteMonth(today);
  const [query, setQuery] = useUrlText('q');
  const q = useDebounced(query.trim(), SEARCH_PAUSE_MS);
  const [paging, setPaging] = useState({ key: '', offset: 0 });
  // A new month or search starts again at the first page.
  const key = `${month}|${q}`;
  const offset = paging.key === key ? paging.offset : 0;
  const { currentData, error, isFetching } = useGetAttendanceRegisterQuery({ month, q, offset, limit: REGISTER_SCREEN_PAGE }, { refetchOnMountOrArgChange: true });
  const page = currentData;
  const [day, setDay] = useState<ChosenDay | null>(null);
  const [marking, setMarking] = useState(false);
  // Marking starts on the register's month, to today at most.
  const monthEnd = page?.days.at(-1)?.date ?? `${month}-28`;
  const markRange = { from: `${month}-01`, to: monthEnd < today ? monthEnd : today };

  let body;
  if (error) body = <Banner tone="error">{UI.loadFailed + errorMessage(error, UI.loadFallback)}</Banner>;
  else if (!page) body = <LoadingScreen text={UI.loading} />;
  else if (!page.total) body = <p className="register-empty">{q ? UI.noMatch : UI.empty(page.monthLabel)}</p>;
  else {
    const last = Math.min(page.offset + page.rows.length, page.total);
    body = (
      <>
        <CountPager label={UI.pages} count={UI.count(page.offset + 1, last, page.total)} offset={page.offset} last={last} total={page.total} pageSize={REGISTER_SCREEN_PAGE} busy={isFetching} go={(next) => setPaging({ key, offset: next })} />
        <RegisterTable page={page} labelledBy="register-title" onDay={setDay} />
        <RegisterLegend leaveTypes={page.leaveTypes} />
      </>
    );
  }

  return (
    <section className="card card--wide register-screen" aria-labelledby="register-title">
      <h2 id="register-title">
        {UI.title}
        {page && <span className="register-screen__month"> — {page.monthLabel}</span>}
      </h2>
      <p className="muted">{UI.intro}</p>
      <ListToolbar label={UI.tools}>
        <div className="list-toolbar__field register-month">
          <label htmlFor="register-month">{UI.month}</label>
          <input id="register-month" type="month" value={month} max={today.slice(0, 7)} required onChange={(e) => MONTH_RE.test(e.target.value) && setMonth(e.target.value)} />
        </div>
        <SearchField id="register-search" label={UI.search} value={query} onChange={setQuery} />
        <DownloadButtons month={month} q={q} />
        <button type="button" className="button" disabled={!page?.rows.length} onClick={() => setMarking(true)}>
          {UI.markDays}
        </button>
      </ListToolbar>
      <p className="muted register-note">{UI.editHint}</p>
      {body}
      <p className="muted register-note">{UI.lateMarksNote}</p>
      {day && <DayEditDialog key={`${day.employeeId}|${day.date}`} day={day} onClose={() => setDay(null)} />}
      {marking && page && <MarkDaysDialog input={{ pageCodes: page.rows.map((r) => r.employeeId), ...markRange }} onClose={() => setMarking(false)} />}
    </section>
  );
}
