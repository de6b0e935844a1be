/**
 * What a leaver sees from the day after their leaving date (the server's former-employee scope): their
 * salary slips, their full-and-final statement and their tax statements, read-only, until the
 * company's access date, and sign-out.
 * Nothing else is offered, because the server would refuse it.
 */
import { useState } from 'react';
import { LABELS, TITLES } from '../../copy';
import type { AccessScope } from '../../../shared/schemas/company';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { DashboardShell } from '../../components/dashboard-shell';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import type { NavItem } from '../../components/sidebar';
import { PATHS } from '../../config/paths';
import { errorMessage } from '../../api/error-message';
import { taxApi } from '../../api/tax-api';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { SalarySlipPage } from '../../features/salary/salary-slip-page';
import { useGetAvailableSlipsQuery } from '../../features/salary/salary-api';
import { exitsApi } from '../../features/exits/exits-api';
import { useSession, useSessionSelector } from '../../features/session/session-context';
import { checkToken, ownUserId } from '../../features/session/token';
import { useAppDispatch } from '../hooks';
import { useGetMeQuery } from './dashboard-api';

const FORMER_UI = {
  sidebar: 'Former Employee',
  notice: (leftOn: string, until: string) =>
    `You left on ${leftOn}. Until ${until} you can download your salary slips, your full-and-final statement and your tax statements here; everything else has closed.`,
  settlementTitle: 'Full-and-final statement',
  settlementNote: 'Your last pay, leave encashment, gratuity and recoveries, once HR has approved the settlement.',
  settlementDownload: 'Download full-and-final statement (PDF)',
  settlementFailed: 'Error downloading the full-and-final statement: ',
  taxTitle: 'Tax statements',
  taxNote: 'One statement per financial year you were paid in: salary, deductions, tax and TDS by month.',
  taxNone: 'No financial year with an approved slip yet.',
  download: (year: string) => `Download statement ${year} (PDF)`,
  failed: 'Error downloading the statement: ',
} as const;

const NAV: readonly NavItem[] = [{ label: 'Salary slips and tax statements', to: PATHS.employeeSalary }];

export function FormerEmployeeView({ access }: { access: AccessScope }) {
  const session = useSession();
  const { data } = useGetMeQuery();
  const name = data?.name?.trim() || TITLES.employeeFallbackName;
  return (
    <DashboardShell
      sidebarTitle={FORMER_UI.sidebar}
      nav={NAV}
      heading={<h1>{TITLES.welcomeEmployee(name)}</h1>}
      actions={
        <button type="button" className="button" onClick={() => session.send({ type: 'LOGOUT' })}>
          {LABELS.logout}
        </button>
      }
    >
      <Banner tone="info">{FORMER_UI.notice(access.leftOn ?? '', access.accessUntil ?? '')}</Banner>
      {/* The settlement first: it is what a leaver comes back for. */}
      <SettlementStatement />
      <SalarySlipPage />
      <TaxStatements />
    </DashboardShell>
  );
}

/**
 * The settlement's PDF; before HR approves it the server says so, and that answer stays under the
 * button (a toast on a phone would sit over the cards below) until the next try.
 */
function SettlementStatement() {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useSessionSelector((snapshot) => ownUserId(snapshot.context.token));
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const download = () => {
    if (!id || !employeeId) return;
    setBusy(true);
    setFailure(null);
    mutationCall(exitsApi.endpoints.downloadSettlementPdf, dispatch)({ id, employeeId }, new AbortController().signal)
      .then((file) => effects.saveFile(file))
      .catch((error: unknown) => setFailure(FORMER_UI.settlementFailed + errorMessage(error, '')))
      .finally(() => setBusy(false));
  };
  return (
    <section className="card card--narrow" aria-labelledby="former-settlement-title">
      <h2 id="former-settlement-title">{FORMER_UI.settlementTitle}</h2>
      <p className="field__hint">{FORMER_UI.settlementNote}</p>
      <button type="button" className="button button--secondary" disabled={busy || !id} onClick={download}>
        {busy && <Spinner />} {FORMER_UI.settlementDownload}
      </button>
      {failure && <Banner tone="error">{failure}</Banner>}
    </section>
  );
}

/** A statement per financial year that has a slip, newest first. */
function TaxStatements() {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [busy, setBusy] = useState<string | null>(null);
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const { currentData } = useGetAvailableSlipsQuery(employeeId ?? '', { skip: !employeeId });
  const years = [...new Set((currentData?.slips ?? []).map((s) => financialYearOf(s.month)))].sort().reverse();
  const download = (financialYear: string) => {
    if (!employeeId) return;
    setBusy(financialYear);
    mutationCall(taxApi.endpoints.downloadTaxStatement, dispatch)({ employeeId, financialYear }, new AbortController().signal)
      .then((file) => effects.saveFile(file))
      .catch((error: unknown) => effects.toast('error', FORMER_UI.failed + errorMessage(error, '')))
      .finally(() => setBusy(null));
  };
  return (
    <section className="card card--narrow" aria-labelledby="former-tax-title">
      <h2 id="former-tax-title">{FORMER_UI.taxTitle}</h2>
      <p className="field__hint">{FORMER_UI.taxNote}</p>
      {!years.length ? (
        <p className="muted">{FORMER_UI.taxNone}</p>
      ) : (
        <ul className="salary-slips__list">
          {years.map((year) => (
            <li key={year}>
              <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => download(year)}>
                {busy === year && <Spinner />} {FORMER_UI.download(year)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
