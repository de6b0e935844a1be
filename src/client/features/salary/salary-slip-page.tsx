/**
 * Salary Slip (product.md, Screens, employee): a month picker and 'Download Salary Slip', disabled until
 * a month is chosen; the employee's own slip for that month is saved as an .xlsx. Beside it 'Download
 * PDF' saves the same slip as a PDF. A refused month (not approved, before joining) is said in an alert
 * under the buttons, not in a toast: on a phone the toast would cover the list of available months,
 * which is what the person needs next.
 */
import { useCallback } from 'react';
import { BusyText } from '../../components/busy-text';
import { LABELS, MSG } from '../../copy';
import { SALARY_UI } from './salary-copy';
import { companyToday } from '../../../shared/format';
import { readRuntimeConfig } from '../../config/runtime-config';
import { useAppDispatch } from '../../app/hooks';
import { mutationCall } from '../../flows/from-mutation';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useSessionSelector } from '../session/session-context';
import { checkToken } from '../session/token';
import { salaryApi, useGetAvailableSlipsQuery, type SlipRequest } from './salary-api';
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { useFileDownload } from '../../flows/use-file-download';
import { useSlipDownload, type SlipFetcher } from './use-slip-download';
import { sendOnSubmit } from '../../flows/send-on-submit';

/** A call that fails at once, for a token without an employee id (the server would refuse it too). */
const refused = (msg: string) => Promise.reject({ status: 'CUSTOM_ERROR', error: msg, data: { msg } });

export function SalarySlipPage() {
  const dispatch = useAppDispatch();
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const fetchSlip = useCallback<SlipFetcher>(
    ({ month, format }, signal) =>
      employeeId && month
        ? mutationCall(salaryApi.endpoints.downloadSalarySlip, dispatch)({ employeeId, month, format }, signal)
        : refused(MSG.invalidSession),
    [dispatch, employeeId],
  );
  const [state, send] = useSlipDownload(fetchSlip, true, 'inline');

  const downloading = state.matches('downloading');
  const { month, savedAs, format, error } = state.context;
  const canDownload = state.can({ type: 'DOWNLOAD' });
  // The picker offers no future month; the server also refuses months before joining.
  const currentMonth = companyToday(readRuntimeConfig().timeZone).slice(0, 7);

  const onSubmit = sendOnSubmit(send, { type: 'DOWNLOAD' });

  return (
    <section className="card card--narrow" aria-labelledby="salary-slip-title">
      <h2 id="salary-slip-title">{SALARY_UI.slipTitle}</h2>
      <form className="form" onSubmit={onSubmit} aria-busy={downloading}>
        <div className="form__fields">
          <TextField
            id="salary-slip-month"
            label={SALARY_UI.month}
            hint={SALARY_UI.monthHint}
            type="month"
            required
            max={currentMonth}
            value={month}
            onChange={(e) => send({ type: 'CHOOSE_MONTH', month: e.target.value })}
          />
          <button type="submit" className="button button--block" disabled={!canDownload}>
            <BusyText busy={downloading && format === 'xlsx'} busyText={SALARY_UI.downloading}>
              {LABELS.downloadSalarySlip}
            </BusyText>
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={!canDownload}
            aria-describedby="salary-slip-formats-hint"
            onClick={() => send({ type: 'DOWNLOAD', format: 'pdf' })}
          >
            <BusyText busy={downloading && format === 'pdf'} busyText={SALARY_UI.downloading}>
              {SALARY_UI.downloadPdf}
            </BusyText>
          </button>
          <p id="salary-slip-formats-hint" className="field__hint">
            {SALARY_UI.formatsHint}
          </p>
        </div>
      </form>
      {error && state.matches('error') && <Banner tone="error">{error}</Banner>}
      {savedAs && state.matches('done') && <Banner tone="success">{SALARY_UI.saved(savedAs)}</Banner>}
      {employeeId && <AvailableSlipList employeeId={employeeId} />}
    </section>
  );
}

const AVAILABLE_UI = {
  title: 'Available slips',
  loading: 'Loading the available months...',
  none: 'No slip is available yet: a month\u2019s slip appears here once its payroll is approved and released.',
  hint: 'Choose one of these months above, or download a version here. A revised slip keeps its earlier versions.',
  revised: (n: number) => `revised, version ${n}`,
  version: (v: number, latest: boolean) => `Version ${v}${latest ? ' (latest)' : ''} PDF`,
  failed: 'Error downloading the slip: ',
} as const;

const slipVersionDownload = createFileDownloadMachine<SlipRequest>({
  id: 'slipVersion',
  failure: (error) => AVAILABLE_UI.failed + errorMessage(error, MSG.invalidSession),
});

/**
 * The months whose slips the employee can have, newest first, each revised one with its versions. A
 * refused version is told under the list: a toast on a phone sat over the version buttons.
 */
function AvailableSlipList({ employeeId }: { employeeId: string }) {
  const { currentData, isFetching } = useGetAvailableSlipsQuery(employeeId, { refetchOnMountOrArgChange: true });
  const { busy, key, error, download: fetch } = useFileDownload(slipVersionDownload, { fetchFile: salaryApi.endpoints.downloadSalarySlip });
  const download = (month: string, version: number) => fetch({ employeeId, month, format: 'pdf', version }, `${month}/${version}`);
  return (
    <section className="salary-slips" aria-labelledby="salary-slips-title">
      <h3 id="salary-slips-title">{AVAILABLE_UI.title}</h3>
      {!currentData ? (
        <p className="muted">{isFetching ? AVAILABLE_UI.loading : ''}</p>
      ) : !currentData.slips.length ? (
        <p className="muted">{AVAILABLE_UI.none}</p>
      ) : (
        <>
          <p className="field__hint">{AVAILABLE_UI.hint}</p>
          <ul className="salary-slips__list">
            {currentData.slips.map((s) => (
              <li key={s.month}>
                <strong>{s.monthLabel}</strong>
                {s.version > 1 && <span className="muted"> ({AVAILABLE_UI.revised(s.version)})</span>}
                {s.versions.length > 1 && (
                  <span className="salary-slips__versions">
                    {s.versions.map((v) => (
                      <button key={v.version} type="button" className="button button--secondary button--small" disabled={busy} aria-busy={key === `${s.month}/${v.version}`} onClick={() => download(s.month, v.version)}>
                        {key === `${s.month}/${v.version}` && <Spinner />} {AVAILABLE_UI.version(v.version, v.version === s.version)}
                      </button>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <Banner tone="error">{error}</Banner>}
    </section>
  );
}
