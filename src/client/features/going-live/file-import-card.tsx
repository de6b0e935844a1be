/**
 * One import on the Going live screen: choose a file, check it (a dry run), read what would happen,
 * then import. The flow is file-import-machine.ts; this renders its state. After a real import with
 * errors, the rows with errors download as a file ready to fix and upload again.
 */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { ImportAnswer } from '../../../shared/schemas/import';
import { BusyText } from '../../components/busy-text';
import { Spinner } from '../../components/spinner';
import { fromMutation } from '../../flows/from-mutation';
import { useFileDownload } from '../../flows/use-file-download';
import { useAppDispatch } from '../../app/hooks';
import { failedRowsDownload, fileImportMachine, writable, type FileImportInput } from './file-import-machine';
import { GOING_LIVE_UI as UI } from './going-live-copy';
import { goingLiveApi, type ImportKind } from './going-live-api';

const SHOWN_ERRORS = 20;

function Counts({ answer }: { answer: ImportAnswer }) {
  const items: [string, number][] = [
    [UI.added, answer.counts.added],
    [UI.updated, answer.counts.updated],
    [UI.unchanged, answer.counts.unchanged],
    [UI.failed, answer.counts.failed],
  ];
  return (
    <dl className="import-counts">
      {items.map(([label, n]) => (
        <div key={label} className={label === UI.failed && n > 0 ? 'import-counts__item import-counts__item--bad' : 'import-counts__item'}>
          <dt>{label}</dt>
          <dd>{n.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowErrors({ answer }: { answer: ImportAnswer }) {
  if (!answer.errors.length) return null;
  const failed = answer.counts.failed;
  return (
    <ul className="row-errors">
      {answer.errors.slice(0, SHOWN_ERRORS).map((e) => (
        <li key={e}>{e}</li>
      ))}
      {failed > SHOWN_ERRORS && <li>{UI.moreErrors(failed - SHOWN_ERRORS)}</li>}
    </ul>
  );
}

export function FileImportCard({ kind, title, help }: { kind: ImportKind; title: string; help: string }) {
  const dispatch = useAppDispatch();
  const [logic] = useState(() =>
    fileImportMachine.provide({ actors: { send: fromMutation(goingLiveApi.endpoints.importFile, dispatch, (input: FileImportInput) => ({ kind, ...input })) } }),
  );
  const [state, send] = useMachine(logic);
  const failedRows = useFileDownload(failedRowsDownload, { fetchFile: goingLiveApi.endpoints.downloadFailedRows, toast: true });
  const { preview, result, error, atomic } = state.context;
  const busy = state.matches('checking') || state.matches('importing');
  const id = `import-${kind}`;
  const blocked = preview && state.matches('previewed') ? (writable(preview) === 0 ? UI.nothingToWrite : atomic && preview.counts.failed > 0 ? UI.atomicBlocked : null) : null;

  return (
    <section className="card card--wide" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="hint" id={`${id}-help`}>
        {help}
      </p>
      {error && (
        <div className="banner banner--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <form
        className="form import-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'CHECK' });
        }}
      >
        <fieldset className="form__fields" disabled={busy}>
          <div className="field">
            <label htmlFor={`${id}-file`}>{UI.file}</label>
            <input id={`${id}-file`} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-describedby={`${id}-help ${id}-formats`} onChange={(e) => send({ type: 'FILE', file: e.target.files?.[0] ?? null })} />
            <p className="field__hint" id={`${id}-formats`}>
              {UI.fileFormats}
            </p>
          </div>
          <div className="field">
            <label className="check-field" htmlFor={`${id}-atomic`}>
              <input id={`${id}-atomic`} type="checkbox" checked={atomic} onChange={(e) => send({ type: 'ATOMIC', atomic: e.target.checked })} /> {UI.atomic}
            </label>
          </div>
          <div className="button-row">
            <button type="submit" className="button button--secondary" disabled={!state.context.file}>
              <BusyText busy={state.matches('checking')} busyText={UI.checking}>
                {UI.check}
              </BusyText>
            </button>
            {(state.matches('previewed') || state.matches('importing')) && (
              <button type="button" className="button" disabled={blocked !== null} onClick={() => send({ type: 'IMPORT' })}>
                <BusyText busy={state.matches('importing')} busyText={UI.importing}>
                  {UI.importButton}
                </BusyText>
              </button>
            )}
          </div>
        </fieldset>
      </form>
      <div role="status" aria-live="polite">
        {preview && !result && (
          <div className="import-answer">
            <h3>{UI.previewTitle}</h3>
            <p>{preview.msg}</p>
            <Counts answer={preview} />
            {blocked && <p className="hint">{blocked}</p>}
            <RowErrors answer={preview} />
          </div>
        )}
        {result && (
          <div className="import-answer">
            <h3>{UI.resultTitle}</h3>
            <p className="form-success">{result.msg}</p>
            <Counts answer={result} />
            <RowErrors answer={result} />
            {result.reportId && result.counts.failed > 0 && (
              <button type="button" className="button button--secondary" disabled={failedRows.busy} onClick={() => failedRows.download(result.reportId!)}>
                {failedRows.busy && <Spinner />} {UI.failedRows}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
