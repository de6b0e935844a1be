/** 'Upload Employees via CSV' (product.md, Screens): a .csv-only picker, Upload CSV, progress, result. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { EMPLOYEE_UI } from '../../copy';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../config/paths';
import { fromMutation } from '../../flows/from-mutation';
import { csvUploadMachine, rowErrorsText, uploadPercent } from './csv-upload-machine';
import { employeesApi } from './employees-api';
import { TextField } from '../../components/text-field';
import { sendOnSubmit } from '../../flows/send-on-submit';

export function CsvUploadSection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    csvUploadMachine.provide({
      actors: { upload: fromMutation(employeesApi.endpoints.uploadEmployeesCsv, dispatch) },
      actions: { redirect: () => navigate(PATHS.adminEmployeeList) },
    }),
  );
  const [state, send] = useMachine(logic);
  const { error, message, rowErrors, progress } = state.context;
  const uploading = state.matches('uploading');
  const done = state.matches('success') || state.matches('redirected');
  const percent = uploadPercent(progress);
  const problems = rowErrorsText(rowErrors);

  const onSubmit = sendOnSubmit(send, { type: 'UPLOAD' });

  return (
    <section className="card" aria-labelledby="csv-upload-title">
      <h2 id="csv-upload-title">{EMPLOYEE_UI.uploadTitle}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div role="status">
        {message && <p className="form-success">{message}</p>}
        {problems && <p className="form-error">{problems}</p>}
      </div>
      {uploading && (
        <div className="upload-progress">
          <label htmlFor="csv-upload-progress">
            {state.matches({ uploading: 'processing' }) || percent === null
              ? EMPLOYEE_UI.importing
              : EMPLOYEE_UI.uploading(percent)}
          </label>
          {/* No value while the server imports (or before the first report): an indeterminate bar. */}
          <progress
            id="csv-upload-progress"
            max={100}
            value={state.matches({ uploading: 'sending' }) && percent !== null ? percent : undefined}
          />
        </div>
      )}
      <form className="form" onSubmit={onSubmit} aria-busy={uploading} noValidate>
        <fieldset className="form__fields" disabled={uploading || done}>
          <TextField
            id="csv-upload-file"
            label={EMPLOYEE_UI.csvFile}
            hint={EMPLOYEE_UI.csvHint}
            type="file"
            accept=".csv"
            onChange={(e) => send({ type: 'SELECT_FILE', file: e.target.files?.[0] ?? null })}
          />
          <div>
            <button type="submit" className="button">
              {EMPLOYEE_UI.uploadCsv}
            </button>
          </div>
        </fieldset>
      </form>
      <p className="muted">
        {EMPLOYEE_UI.importScreenIntro} <Link to={PATHS.adminEmployeeImport}>{EMPLOYEE_UI.importScreenLink}</Link> ·{' '}
        <Link to={PATHS.adminImportReports}>{EMPLOYEE_UI.pastImportsLink}</Link>
      </p>
    </section>
  );
}
