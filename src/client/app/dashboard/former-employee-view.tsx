/**
 * What a leaver sees from the day after their leaving date (the server's former-employee scope): their
 * salary slips, their full-and-final settlement (its state, and its statement once approved) and their
 * tax statements, read-only, until the company's access date, and sign-out. Nothing else is offered,
 * because the server would refuse it.
 */
import { LoadingLine } from '../../components/loading-line';
import { LABELS, TITLES } from '../../copy';
import type { AccessScope } from '../../../shared/schemas/company';
import type { OwnSettlement } from '../../../shared/schemas/exit';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { formatRupees } from '../../../shared/format';
import { DashboardShell } from '../../components/dashboard-shell';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import type { NavItem } from '../../components/sidebar';
import { PATHS } from '../../config/paths';
import { errorMessage } from '../../api/error-message';
import { taxApi } from '../../api/tax-api';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { useFileDownload } from '../../flows/use-file-download';
import { SalarySlipPage } from '../../features/salary/salary-slip-page';
import { useGetAvailableSlipsQuery } from '../../features/salary/salary-api';
import { exitsApi, useGetMySettlementQuery } from '../../features/exits/exits-api';
import { settlementPdfDownload } from '../../features/exits/exit-machines';
import { useSession, useSessionSelector } from '../../features/session/session-context';
import { checkToken, ownUserId } from '../../features/session/token';
import './former-employee-view.css';
import { useGetMeQuery } from './dashboard-api';

const FORMER_UI = {
  sidebar: 'Former Employee',
  notice: (leftOn: string, until: string) =>
    `You left on ${leftOn}. Until ${until} you can download your salary slips, your full-and-final statement and your tax statements here; everything else has closed.`,
  settlementTitle: 'Full-and-final statement',
  settlementNote: 'Your last pay, leave encashment, gratuity and recoveries.',
  settlementLoading: 'Loading your settlement…',
  settlementLoadFailed: 'Could not load the state of your settlement: ',
  settlementState: 'State',
  settlementStates: { preparing: 'Being prepared', 'before-go-live': 'Settled before going live', approved: 'Approved', paid: 'Paid' },
  approvedOn: 'Approved on',
  paidOn: 'Paid on',
  notPaidYet: 'Not yet: HR records it once the bank has paid it',
  netPayable: 'Net payable',
  owedByYou: 'Owed by you after recoveries',
  settlementPreparing: (dueOn: string | null) =>
    `HR is preparing your settlement${dueOn ? ` (due by ${dueOn})` : ''}. You can download the statement here once it is approved.`,
  settlementBeforeGoLive: 'You left before the company started using this portal, and your settlement was made then. Ask HR for its statement.',
  settlementDownload: 'Download full-and-final statement (PDF)',
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

const STATE_TONE = { preparing: 'warning', 'before-go-live': 'neutral', approved: 'info', paid: 'success' } as const satisfies Record<string, BadgeTone>;

/**
 * The settlement's state, read when the screen opens and when the tab regains focus (HR may approve
 * it meanwhile), and its PDF once it can be downloaded: before approval the card says why there is
 * nothing yet instead of offering a download the server would refuse. Should the download still be
 * refused, the answer stays under the button (a toast on a phone would sit over the cards below)
 * until the next try. Without the state (it did not load) the button is offered and the server decides.
 */
function SettlementStatement() {
  const pdf = useFileDownload(settlementPdfDownload, { fetchFile: exitsApi.endpoints.downloadSettlementPdf });
  const status = useGetMySettlementQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const id = useSessionSelector((snapshot) => ownUserId(snapshot.context.token));
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const download = () => id && employeeId && pdf.download({ id, employeeId });
  const s = status.data;
  // A leaver always has a leaving date; 'none' reads as not approved yet all the same.
  const state = !s || s.state === 'none' ? 'preparing' : s.state;
  return (
    <section className="card card--narrow" aria-labelledby="former-settlement-title">
      <h2 id="former-settlement-title">{FORMER_UI.settlementTitle}</h2>
      <p className="field__hint">{FORMER_UI.settlementNote}</p>
      {status.isLoading && (
        <LoadingLine>{FORMER_UI.settlementLoading}</LoadingLine>
      )}
      {status.error !== undefined && <Banner tone="error">{FORMER_UI.settlementLoadFailed + errorMessage(status.error, '')}</Banner>}
      {s && <SettlementFacts settlement={s} state={state} />}
      {/* Neither has a statement here to download: the server would refuse it. */}
      {s && state === 'preparing' ? (
        <p>{FORMER_UI.settlementPreparing(s.dueOn)}</p>
      ) : s && state === 'before-go-live' ? (
        <p>{FORMER_UI.settlementBeforeGoLive}</p>
      ) : (
        !status.isLoading && (
          <button type="button" className="button button--secondary" disabled={pdf.busy || !id} onClick={download}>
            {pdf.busy && <Spinner />} {FORMER_UI.settlementDownload}
          </button>
        )
      )}
      {pdf.error && <Banner tone="error">{pdf.error}</Banner>}
    </section>
  );
}

/** The state as a badge and, once approved, its days and the net amount. */
function SettlementFacts({ settlement: s, state }: { settlement: OwnSettlement; state: keyof typeof STATE_TONE }) {
  const owed = (s.owedByEmployee ?? 0) > 0;
  return (
    <dl className="details former-settlement__facts">
      <dt>{FORMER_UI.settlementState}</dt>
      <dd>
        <StatusBadge tone={STATE_TONE[state]}>{FORMER_UI.settlementStates[state]}</StatusBadge>
      </dd>
      {state !== 'preparing' && state !== 'before-go-live' && (
        <>
          <dt>{FORMER_UI.approvedOn}</dt>
          <dd>{s.approvedOn}</dd>
          <dt>{FORMER_UI.paidOn}</dt>
          <dd>{s.paidOn ?? FORMER_UI.notPaidYet}</dd>
          <dt>{owed ? FORMER_UI.owedByYou : FORMER_UI.netPayable}</dt>
          <dd>{formatRupees((owed ? s.owedByEmployee : s.payable) ?? 0)}</dd>
        </>
      )}
    </dl>
  );
}

const taxStatementDownload = createFileDownloadMachine<{ employeeId: string; financialYear: string }>({
  id: 'formerTaxStatement',
  failure: (error) => FORMER_UI.failed + errorMessage(error, ''),
});

/**
 * A statement per financial year that has a slip, newest first. A refused download is told under
 * the buttons, as the settlement's is: a toast on a phone would sit over the very button.
 */
function TaxStatements() {
  const statement = useFileDownload(taxStatementDownload, { fetchFile: taxApi.endpoints.downloadTaxStatement });
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const { currentData } = useGetAvailableSlipsQuery(employeeId ?? '', { skip: !employeeId });
  const years = [...new Set((currentData?.slips ?? []).map((s) => financialYearOf(s.month)))].sort().reverse();
  const download = (financialYear: string) => employeeId && statement.download({ employeeId, financialYear }, financialYear);
  return (
    <section className="card card--narrow" aria-labelledby="former-tax-title">
      <h2 id="former-tax-title">{FORMER_UI.taxTitle}</h2>
      <p className="field__hint">{FORMER_UI.taxNote}</p>
      {!years.length ? (
        <p className="muted">{FORMER_UI.taxNone}</p>
      ) : (
        <ul className="salary-slips__list salary-slips__list--buttons">
          {years.map((year) => (
            <li key={year}>
              <button type="button" className="button button--secondary" disabled={statement.busy} onClick={() => download(year)}>
                {statement.key === year && <Spinner />} {FORMER_UI.download(year)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {statement.error && <Banner tone="error">{statement.error}</Banner>}
    </section>
  );
}
