/**
 * /admin/audit-log: the audit log, newest first, filtered by person, action, entity and days (kept in
 * the address), read a page at a time as the list is scrolled (keyset pages of the server), shown
 * in the virtualized table so 100,000 entries scroll as smoothly as 100, and exported as CSV with
 * the same filters.
 */
import { EmailText, emailSizingText } from '../../components/email-text';
import { useMemo, type UIEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/error-message';
import { FilterButtons } from '../../components/filter-buttons';
import { FilterDateFields } from '../../components/filter-date-fields';
import { useFilterForm } from '../../flows/use-filter-form';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { readRuntimeConfig } from '../../config/runtime-config';
import { useFileDownload } from '../../flows/use-file-download';
import { formatCount } from '../../../shared/format';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { auditApi, NO_FILTERS, useGetAuditFacetsQuery, useGetAuditLogInfiniteQuery, type AuditFilters } from './audit-api';
import { changeSummary } from './audit-change';
import { AUDIT_UI as UI } from './audit-copy';
import { auditExportMachine, auditFilterMachine, type AuditFilterField } from './audit-machines';
import './audit-log.css';

// Closer than this to the end of what is loaded, the next page is asked for.
const LOAD_AHEAD_PX = 800;

const FIELDS = Object.keys(NO_FILTERS) as AuditFilterField[];

function useFiltersInAddress(): [AuditFilters, (f: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters, [params]);
  const set = (f: AuditFilters) =>
    setParams(
      () => {
        const next = new URLSearchParams();
        for (const k of FIELDS) if (f[k]) next.set(k, f[k]);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

const whenFormat = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) });

function columns(when: Intl.DateTimeFormat): DataColumn<AuditEntryView>[] {
  // Sized by the address's joints, and drawn so it may wrap there: a long address takes two lines
  // instead of pushing the Changes column out of the box at 1366 px.
  const whoWords = (e: AuditEntryView) => (e.actor ? `${e.actor.name} (${emailSizingText(e.actor.email)})` : UI.system);
  const whoCell = (e: AuditEntryView) =>
    e.actor ? (
      <>
        {e.actor.name} (<EmailText email={e.actor.email} />)
      </>
    ) : (
      UI.system
    );
  return [
    { id: 'when', header: UI.columns.when, cell: (e) => when.format(new Date(e.at)), widthEm: { min: 11, pref: 13 } },
    { id: 'who', header: UI.columns.who, cell: whoCell, text: whoWords, clamp: true },
    { id: 'action', header: UI.columns.action, cell: (e) => e.action, text: (e) => e.action, nowrap: true },
    { id: 'entity', header: UI.columns.entity, cell: (e) => e.entity, text: (e) => e.entity, nowrap: true },
    { id: 'record', header: UI.columns.record, cell: (e) => e.entityId ?? '—', text: (e) => e.entityId ?? '—', nowrap: true },
    { id: 'change', header: UI.columns.change, cell: (e) => changeSummary(e.before, e.after), text: (e) => changeSummary(e.before, e.after), clamp: true, clampOnCards: true },
  ];
}

function FilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const facets = useGetAuditFacetsQuery();
  const { draft, problems, send, change, submit } = useFilterForm(auditFilterMachine, applied, onApply);
  const select = (field: 'action' | 'entity', label: string, all: string, options: readonly string[] = []) => (
    <div className="field">
      <label htmlFor={`audit-${field}`}>{label}</label>
      <select id={`audit-${field}`} value={draft[field]} onChange={change(field)}>
        <option value="">{all}</option>
        {draft[field] && !options.includes(draft[field]) && <option value={draft[field]}>{draft[field]}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="audit__filters" role="search" aria-label={UI.filters} noValidate onSubmit={submit}>
      <div className="field audit__person">
        <label htmlFor="audit-person">{UI.person}</label>
        <input id="audit-person" type="search" autoComplete="off" spellCheck={false} maxLength={100} value={draft.person} onChange={change('person')} />
      </div>
      {select('action', UI.action, UI.allActions, facets.data?.actions)}
      {select('entity', UI.entity, UI.allEntities, facets.data?.entities)}
      <FilterDateFields idPrefix="audit" labels={UI} value={draft} problems={problems} onChange={change} />
      <FilterButtons className="audit__filter-actions" apply={UI.apply} clear={UI.clear} onClear={() => send({ type: 'CLEAR' })} />
    </form>
  );
}

function ExportButton({ filters }: { filters: AuditFilters }) {
  const { busy, error, download } = useFileDownload(auditExportMachine, { fetchFile: auditApi.endpoints.exportAuditLog });
  return (
    <div className="audit__export">
      <button type="button" className="button button--secondary" aria-busy={busy} disabled={busy} onClick={() => download(filters)}>
        {busy ? UI.exporting : UI.exportCsv}
      </button>
      {error && <Banner tone="error">{error}</Banner>}
    </div>
  );
}

export function AuditLogPage() {
  const [filters, setFilters] = useFiltersInAddress();
  const log = useGetAuditLogInfiniteQuery(filters);
  // The current filters' entries only: the last filters' stay out of view while the new ones load.
  const data = log.currentData;
  const rows = useMemo(() => data?.pages.flat() ?? [], [data]);
  const firstPage = data?.pages[0];
  const cols = useMemo(() => columns(whenFormat(readRuntimeConfig().timeZone)), []);
  const filtered = FIELDS.some((k) => filters[k] !== '');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = log;

  // The table's own scroll box scrolls; near its end the next page is read.
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const box = e.target as HTMLElement;
    if (hasNextPage && !isFetchingNextPage && box.scrollHeight - box.scrollTop - box.clientHeight < LOAD_AHEAD_PX) void fetchNextPage();
  };

  return (
    <section className="card card--wide audit" aria-labelledby="audit-title">
      <h2 id="audit-title">{UI.title}</h2>
      <p className="muted">{UI.intro}</p>
      <FilterForm applied={filters} onApply={setFilters} />
      <div className="audit__bar">
        <p className="audit__count" aria-live="polite">
          {data ? UI.loaded(formatCount(rows.length), hasNextPage) : ''}
        </p>
        <ExportButton filters={filters} />
      </div>
      {log.error ? (
        <Banner tone="error">{errorMessage(log.error, UI.loadFailed)}</Banner>
      ) : !data ? (
        <p role="status">{UI.loading}</p>
      ) : rows.length === 0 ? (
        <p className="audit__empty">{filtered ? UI.emptyFiltered : UI.empty}</p>
      ) : (
        <div className="audit__table" onScrollCapture={onScroll}>
          <DataTable rows={rows} sizingRows={firstPage} columns={cols} rowKey={(e) => e._id} labelledBy="audit-title" regionLabel={UI.region} busy={log.isFetching} rowEstimatePx={44} />
        </div>
      )}
      {hasNextPage && rows.length > 0 && (
        <button type="button" className="button button--secondary audit__more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? UI.loadingMore : UI.loadMore}
        </button>
      )}
    </section>
  );
}
