/**
 * /admin/employees/import: the Import screen. Download the template, choose a .xlsx or CSV file and
 * what it does (add, update or both; invitations; all or nothing), check it (a dry run: every row's
 * result, every bad row with each problem's field), then import; the import's report opens. The flow
 * is importFlowMachine; the server data is RTK Query's.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { IMPORT_MODES, type ImportRow } from '../../../shared/schemas/import';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { fromMutation } from '../../flows/from-mutation';
import { sendOnSubmit } from '../../flows/send-on-submit';
import { importApi, type InviteChoice } from './import-api';
import { countsText, IMPORT_UI as UI } from './import-copy';
import { importBlocked, importFileDownload, importFlowMachine, writableRows } from './import-machine';
import { ImportCounts } from './import-counts';
import { ImportProblemsList, problemsText } from './import-problems-list';
import { useFileDownload } from '../../flows/use-file-download';
import './employee-import.css';

const INVITES: InviteChoice[] = ['default', 'now', 'later'];

export function EmployeeImportPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const app = useEffects();
  const [logic] = useState(() =>
    importFlowMachine.provide({
      actors: { send: fromMutation(importApi.endpoints.importEmployees, dispatch) },
      actions: {
        notify: (_, { tone, message }) => app.toast(tone, message),
        openReport: (_, { reportId }) => navigate(reportId ? PATHS.adminImportReport(reportId) : PATHS.adminImportReports),
      },
    }),
  );
  const [state, send] = useMachine(logic);
  const template = useFileDownload(importFileDownload, { fetchFile: importApi.endpoints.downloadImportTemplate });
  const { file, mode, atomic, invite, fileError, error, preview } = state.context;
  const checking = state.matches('checking');
  const importing = state.matches('importing');
  const busy = state.hasTag('busy') || state.matches('imported');
  const blocked = importBlocked(state.context);
  // The form is disabled while the file is checked, which drops the focus: it goes to what came back.
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (fileError) fileInput.current?.focus();
  }, [fileError]);

  return (
    <>
      <section className="card card--wide" aria-labelledby="import-title">
        <div className="import-heading">
          <h2 id="import-title">{UI.title}</h2>
          <Link to={PATHS.adminImportReports}>{UI.pastImports}</Link>
        </div>
        <p className="muted">{UI.intro}</p>
        <h3>{UI.templateTitle}</h3>
        <p className="muted">{UI.templateIntro}</p>
        {template.error && <Banner tone="error">{template.error}</Banner>}
        <div className="import-buttons">
          {(['xlsx', 'csv'] as const).map((format) => (
            <button key={format} type="button" className="button button--secondary" onClick={() => template.download(format, format)} aria-busy={template.key === format}>
              {template.key === format && <Spinner />} {format === 'xlsx' ? UI.templateXlsx : UI.templateCsv}
            </button>
          ))}
        </div>
      </section>

      <section className="card card--wide" aria-labelledby="import-file-title">
        <h3 id="import-file-title">{UI.fileTitle}</h3>
        {error && <Banner tone="error">{error}</Banner>}
        <form className="form" onSubmit={sendOnSubmit(send, { type: 'CHECK' })} aria-busy={busy} noValidate>
          <fieldset className="form__fields" disabled={busy}>
            <div className="field">
              <label htmlFor="import-file">{UI.file}</label>
              <input
                id="import-file"
                ref={fileInput}
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? 'import-file-error import-file-hint import-file-formats' : 'import-file-hint import-file-formats'}
                onChange={(e) => send({ type: 'SELECT_FILE', file: e.target.files?.[0] ?? null })}
              />
              <p id="import-file-hint" className="field__hint">
                {UI.fileHint}
              </p>
              <p id="import-file-formats" className="field__hint">
                {UI.fileFormats}
              </p>
              {fileError && (
                <p id="import-file-error" className="import-error" role="alert">
                  {fileError}
                </p>
              )}
            </div>
            <fieldset className="import-choices">
              <legend>{UI.mode}</legend>
              {IMPORT_MODES.map((m) => (
                <label key={m} className="import-choice" htmlFor={`import-mode-${m}`}>
                  <input id={`import-mode-${m}`} type="radio" name="import-mode" value={m} checked={mode === m} onChange={() => send({ type: 'SET_MODE', mode: m })} />
                  <span>
                    {UI.modes[m].label}
                    <span className="import-choice__hint">{UI.modes[m].hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="import-choices">
              <legend>{UI.invite}</legend>
              {INVITES.map((i) => (
                <label key={i} className="import-choice" htmlFor={`import-invite-${i}`}>
                  <input id={`import-invite-${i}`} type="radio" name="import-invite" value={i} checked={invite === i} onChange={() => send({ type: 'SET_INVITE', invite: i })} />
                  <span>{UI.invites[i]}</span>
                </label>
              ))}
            </fieldset>
            <label className="import-choice" htmlFor="import-atomic">
              <input id="import-atomic" type="checkbox" checked={atomic} onChange={(e) => send({ type: 'SET_ATOMIC', atomic: e.target.checked })} />
              <span>{UI.atomic}</span>
            </label>
            <SubmitButton busy={checking} busyText={UI.checking} block={false}>
              {UI.check}
            </SubmitButton>
          </fieldset>
        </form>
      </section>

      {preview && (
        <section className="card card--wide" aria-labelledby="import-preview-title">
          <h3 id="import-preview-title" ref={previewHeading} tabIndex={-1}>
            {UI.previewTitle}
          </h3>
          <p role="status">
            {file?.name}: {countsText(preview.counts, true)}. {UI.previewNothingWritten}
          </p>
          <ImportCounts counts={preview.counts} dryRun />
          <BadRows rows={preview.rows} />
          {blocked && (
            <p id="import-blocked" className="import-error">
              {blocked}
            </p>
          )}
          <div className="import-buttons import-actions">
            <button
              type="button"
              className="button"
              disabled={blocked !== null || busy}
              aria-describedby={blocked ? 'import-blocked' : undefined}
              onClick={() => send({ type: 'IMPORT' })}
            >
              <BusyText busy={importing} busyText={UI.importing}>
                {UI.importButton(writableRows(preview))}
              </BusyText>
            </button>
          </div>
        </section>
      )}
    </>
  );
}

/** The preview's rows with problems, every problem with its field. */
function BadRows({ rows }: { rows: readonly ImportRow[] }) {
  const bad = useMemo(() => rows.filter((r) => r.result === 'failed'), [rows]);
  const columns = useMemo<DataColumn<ImportRow>[]>(
    () => [
      { id: 'row', header: UI.columnRow, numeric: true, text: (r) => String(r.row), cell: (r) => r.row },
      { id: 'employeeId', header: UI.columnEmployeeId, nowrap: true, text: (r) => r.employeeId ?? '', cell: (r) => r.employeeId ?? '' },
      { id: 'problems', header: UI.columnProblems, text: problemsText, cell: (r) => <ImportProblemsList row={r} /> },
    ],
    [],
  );
  if (!bad.length) return <p className="muted">{UI.noBadRows}</p>;
  return (
    <>
      <h4 id="import-bad-rows-title">{UI.badRowsTitle(bad.length)}</h4>
      <DataTable rows={bad} columns={columns} rowKey={(r) => String(r.row)} labelledBy="import-bad-rows-title" regionLabel={UI.rowsRegion} virtualizeAbove={200} />
    </>
  );
}
