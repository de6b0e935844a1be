/**
 * /admin/employees/imports: every employee import kept, newest first, each with its report; and
 * /admin/employees/imports/:id: one import's counts, its rows (those with problems first, or all),
 * and its failed rows as a file to fix and upload again.
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ImportReport, ImportRow } from '../../../shared/schemas/import';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { useUrlParam } from '../../components/use-url-state';
import { PATHS } from '../../config/paths';
import { importApi, useGetEmployeeImportsQuery, useGetImportReportQuery } from './import-api';
import { countsText, IMPORT_UI as UI, RESULT_LABEL } from './import-copy';
import { ImportCounts } from './import-counts';
import { ImportProblemsList, problemsText } from './import-problems-list';
import { useFileDownload } from '../../flows/use-file-download';
import { importFileDownload } from './import-machine';
import './employee-import.css';
import '../../components/status-badge.css';

/** A timestamp as the viewer reads it: 26 Nov 2026, 14:05. */
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

const RESULT_TONE = { added: 'success', updated: 'info', unchanged: 'neutral', failed: 'danger' } as const;

export function ImportReportsPage() {
  const { data, error, isLoading, isFetching } = useGetEmployeeImportsQuery();
  const columns = useMemo<DataColumn<ImportReport>[]>(
    () => [
      { id: 'when', header: UI.columnWhen, nowrap: true, text: (r) => when(r.createdAt), cell: (r) => <time dateTime={r.createdAt}>{when(r.createdAt)}</time> },
      // A long file name wraps in a column of its own size, so the counts stay in view beside it.
      { id: 'file', header: UI.columnFile, clamp: true, widthEm: { min: 8, pref: 14, grow: true }, text: (r) => r.fileName, cell: (r) => r.fileName },
      { id: 'by', header: UI.columnBy, clamp: true, text: (r) => r.by, cell: (r) => r.by },
      { id: 'mode', header: UI.columnMode, text: (r) => r.mode, cell: (r) => r.mode },
      { id: 'added', header: UI.columnAdded, numeric: true, text: (r) => String(r.counts.added), cell: (r) => r.counts.added.toLocaleString('en-IN') },
      { id: 'updated', header: UI.columnUpdated, numeric: true, text: (r) => String(r.counts.updated), cell: (r) => r.counts.updated.toLocaleString('en-IN') },
      { id: 'unchanged', header: UI.columnUnchanged, numeric: true, text: (r) => String(r.counts.unchanged), cell: (r) => r.counts.unchanged.toLocaleString('en-IN') },
      { id: 'failed', header: UI.columnFailed, numeric: true, text: (r) => String(r.counts.failed), cell: (r) => r.counts.failed.toLocaleString('en-IN') },
      {
        id: 'report',
        header: UI.columnReport,
        stickyEnd: true,
        nowrap: true,
        text: () => UI.viewReport,
        cell: (r) => (
          <Link to={PATHS.adminImportReport(r._id)} aria-label={UI.viewReportLabel(r.fileName, when(r.createdAt))}>
            {UI.viewReport}
          </Link>
        ),
      },
    ],
    [],
  );
  return (
    <section className="card card--wide" aria-labelledby="imports-title" aria-busy={isFetching}>
      <div className="import-heading">
        <h2 id="imports-title">{UI.reportsTitle}</h2>
        <Link to={PATHS.adminEmployeeImport}>{UI.newImport}</Link>
      </div>
      <p className="muted">{UI.reportsIntro}</p>
      {error ? (
        <Banner tone="error">{UI.loadFailed + errorMessage(error, 'no answer from the server')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : data.length === 0 ? (
        <p className="empty">{UI.reportsEmpty}</p>
      ) : (
        <DataTable rows={data} columns={columns} rowKey={(r) => r._id} labelledBy="imports-title" regionLabel={UI.reportsRegion} />
      )}
    </section>
  );
}

export function ImportReportPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useGetImportReportQuery(id);
  const [show, setShow] = useUrlParam('show');
  const failedRows = useFileDownload(importFileDownload, { fetchFile: importApi.endpoints.downloadFailedRows });
  const all = show === 'all';
  const rows = useMemo(() => (data ? (all ? data.rows : data.rows.filter((r) => r.result === 'failed')) : []), [data, all]);
  const columns = useMemo<DataColumn<ImportRow>[]>(
    () => [
      { id: 'row', header: UI.columnRow, numeric: true, text: (r) => String(r.row), cell: (r) => r.row },
      { id: 'employeeId', header: UI.columnEmployeeId, nowrap: true, text: (r) => r.employeeId ?? '', cell: (r) => r.employeeId ?? '' },
      { id: 'result', header: UI.columnResult, text: (r) => RESULT_LABEL[r.result], cell: (r) => <span className={`badge badge--${RESULT_TONE[r.result]}`}>{RESULT_LABEL[r.result]}</span> },
      { id: 'problems', header: UI.columnProblems, text: problemsText, cell: (r) => <ImportProblemsList row={r} /> },
    ],
    [],
  );
  if (error) {
    return (
      <section className="card card--wide" aria-labelledby="import-report-title">
        <h2 id="import-report-title">{UI.notFound}</h2>
        <Banner tone="error">{errorMessage(error, UI.notFound)}</Banner>
        <Link to={PATHS.adminImportReports}>{UI.backToImports}</Link>
      </section>
    );
  }
  if (isLoading || !data) return <LoadingScreen text={UI.loading} />;
  return (
    <section className="card card--wide" aria-labelledby="import-report-title">
      <div className="import-heading">
        <h2 id="import-report-title">{UI.reportTitle(data.fileName)}</h2>
        <Link to={PATHS.adminImportReports}>{UI.backToImports}</Link>
      </div>
      <p className="muted">{UI.reportMeta(data.by, when(data.createdAt), data.mode)}</p>
      <p>{countsText(data.counts, false)}.</p>
      <ImportCounts counts={data.counts} />
      {data.counts.failed > 0 && (
        <>
          <p className="muted" id="failed-rows-hint">
            {UI.failedHint}
          </p>
          {failedRows.error && <Banner tone="error">{failedRows.error}</Banner>}
          <div className="import-buttons">
            <button type="button" className="button" aria-describedby="failed-rows-hint" aria-busy={failedRows.busy} onClick={() => failedRows.download(data._id)}>
              {failedRows.busy && <Spinner />} {UI.downloadFailed}
            </button>
            <Link className="button button--secondary" to={PATHS.adminEmployeeImport}>
              {UI.uploadFixed}
            </Link>
          </div>
        </>
      )}
      <div className="import-heading import-actions">
        <h3 id="import-rows-title">{all ? UI.showAll : UI.showFailed}</h3>
        <div className="import-buttons" role="group" aria-label={UI.rowsTitle}>
          <button type="button" className="button button--secondary button--small" aria-pressed={!all} onClick={() => setShow('')}>
            {UI.showFailed}
          </button>
          <button type="button" className="button button--secondary button--small" aria-pressed={all} onClick={() => setShow('all')}>
            {UI.showAll}
          </button>
        </div>
      </div>
      {rows.length ? (
        <DataTable rows={rows} columns={columns} rowKey={(r) => String(r.row)} labelledBy="import-rows-title" regionLabel={UI.rowsRegion} virtualizeAbove={200} />
      ) : (
        <p className="empty">{UI.noFailedRows}</p>
      )}
    </section>
  );
}
