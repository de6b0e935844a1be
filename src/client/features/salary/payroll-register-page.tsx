/**
 * /admin/payroll/register: the payroll register of a month that is over, as a preview
 * before a run: per employee the earned gross, each deduction, the employer's contributions and net
 * pay, the totals, the PF and ESI figures that explain them (payroll-register-statutory.tsx), and the
 * warnings to look at (missing PAN or bank details, LOP, joiners). The
 * month lives in the address (by default the last complete one); the .xlsx downloads beside it.
 * Approving it locks the month and emails the slips (payroll-approval-panel.tsx).
 */
import { countOf, formatCount } from '../../../shared/format';
import { useState } from 'react';
import { lastCompleteMonth, MONTH_PATTERN, monthLabel } from '../../../shared/payroll/pay-month';
import type { PayrollRegister, RegisterRow, RegisterWarningKind } from '../../../shared/schemas/payroll-register';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { CountPager } from '../../components/list-controls';
import '../../components/data-table.css';
import { BusyText } from '../../components/busy-text';
import { LoadingScreen } from '../../components/loading-screen';
import { ScrollTable } from '../../components/scroll-table';
import { useToday } from '../../components/use-today';
import { useUrlParam } from '../../components/use-url-state';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { useFileDownload } from '../../flows/use-file-download';
import { MoneyCells, MoneyHeads, PersonHeader, registerMoney as money, TotalsFoot, type MoneyColumn } from './register-cells';
import { payrollRegisterApi, useGetPayrollRegisterQuery, type ApprovalOverride } from './payroll-register-api';
import { PayrollPaymentsPanel } from './payroll-payments-panel';
import { PayrollWarnings } from './payroll-warnings';
import { PayrollApprovalPanel } from './payroll-approval-panel';
import { PayrollFilesGroup } from './payroll-files-group';
import { RuleArrearsSection } from './rule-arrears-section';
import { PayrollRegisterStatutory } from './payroll-register-statutory';

const UI = {
  title: 'Payroll Register',
  intro: 'The month before its slips are sent: what each employee earned, what is deducted, what the company pays on top, and what needs a look. Approving it locks the month and emails every slip.',
  month: 'Month',
  loading: 'Computing the register...',
  loadFailed: 'Error loading the payroll register: ',
  loadFallback: 'Failed to load the payroll register',
  download: 'Download Register (.xlsx)',
  downloading: 'Downloading...',
  downloadFailed: 'Error downloading the payroll register: ',
  empty: (label: string) => `No employees are paid for ${label}.`,
  estimated: 'This financial year has no income-tax table here yet: TDS uses the latest year\u2019s rates.',
  caption: (label: string) => `Payroll register for ${label}`,
  count: (from: number, to: number, total: number) => `Employees ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`,
  pages: 'Pages of the payroll register',
  total: 'Total',
  liveDiffers: (n: number) => `Live data differs for ${countOf(n, 'person', 'people')} since approval.`,
  liveDiffersText:
    'A leave, correction or revision decided after approval changes their slip. Two ways forward: re-run the month with a reason (their revised slips are emailed, and the next bank file pays only the difference), or leave the month as approved and pay the difference as arrears next month.',
} as const;

const PAID_LOP_SHORT = 'Paid / LOP';
const PAID_LOP = `${PAID_LOP_SHORT} days`;
const OVERTIME = 'Overtime';

const COLUMNS: readonly MoneyColumn<Pick<RegisterRow, 'earnedGross' | 'deductions' | 'employer' | 'net'>>[] = [
  { label: 'Earned gross', value: (r) => r.earnedGross },
  { label: 'PF', value: (r) => r.deductions.pf },
  { label: 'ESI', value: (r) => r.deductions.esi },
  { label: 'Prof. tax', value: (r) => r.deductions.professionalTax },
  { label: 'TDS', value: (r) => r.deductions.tds },
  { label: 'Net pay', value: (r) => r.net },
  { label: 'Employer cost', value: (r) => r.employer.total },
];

/** '1:40 · ₹427' (or '1:40 · not paid'): a person's overtime of the month; '–' without any. */
function overtimeText(o: RegisterRow['overtime']): string {
  if (!o) return '–';
  const hours = `${Math.floor(o.minutes / 60)}:${String(o.minutes % 60).padStart(2, '0')}`;
  return o.pay ? `${hours} · ${money(o.pay)}` : `${hours} · not paid`;
}

/**
 * Rows shown at a time: a company of a thousand would otherwise be one table (a thousand cards on a
 * phone), then the statutory table as long again, with the warnings far below both.
 */
const REGISTER_PAGE = 50;

/** The register's and the statutory table's rows a page at a time, one pager for both; the totals stay the month's. */
function RegisterPages({ register }: { register: PayrollRegister }) {
  const [offset, setOffset] = useState(0);
  const total = register.rows.length;
  const rows = register.rows.slice(offset, offset + REGISTER_PAGE);
  const last = offset + rows.length;
  return (
    <>
      {total > REGISTER_PAGE && (
        <CountPager label={UI.pages} count={UI.count(offset + 1, last, total)} offset={offset} last={last} total={total} pageSize={REGISTER_PAGE} busy={false} go={setOffset} />
      )}
      <RegisterTable register={register} rows={rows} />
      <PayrollRegisterStatutory register={register} rows={rows} />
    </>
  );
}

function RegisterTable({ register, rows }: { register: PayrollRegister; rows: readonly RegisterRow[] }) {
  // The overtime column only in a month where someone has overtime.
  const withOvertime = register.rows.some((r) => r.overtime);
  return (
    <ScrollTable label={UI.caption(register.monthLabel)} className="payroll-register__scroll" tableClassName="table--cards payroll-register__table">
      <thead>
        <tr>
          <th scope="col">Employee</th>
          <th scope="col" className="table__number">
            {/* Two lines when the names need the room, never three: "Paid / LOP" stays together. */}
            <span className="nowrap">{PAID_LOP_SHORT}</span> days
          </th>
          {withOvertime && (
            <th scope="col" className="table__number">
              {OVERTIME}
            </th>
          )}
          <MoneyHeads columns={COLUMNS} />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.employeeId}>
            {/* Two lines at most beside eight figures: a long name is cut (whole on hover or focus), its ID with it. */}
            <PersonHeader name={r.name} employeeId={r.employeeId} nameClassName="payroll-register__name" />
            <td className="table__number" data-label={PAID_LOP}>
              {r.paidDays} / {r.lopDays}
            </td>
            {withOvertime && (
              <td className="table__number nowrap" data-label={OVERTIME}>
                {overtimeText(r.overtime)}
              </td>
            )}
            <MoneyCells columns={COLUMNS} row={r} />
          </tr>
        ))}
      </tbody>
      <TotalsFoot label={UI.total} count={register.totals.employees} blanks={withOvertime ? 2 : 1}>
        <MoneyCells columns={COLUMNS} row={register.totals} strong />
      </TotalsFoot>
    </ScrollTable>
  );
}

/** An approved month whose live data now computes other slips: who, and the two ways forward. */
function LiveDiffers({ register }: { register: PayrollRegister }) {
  const live = register.liveDiffers!;
  const net = (n: number | null) => (n === null ? 'not paid' : money(n));
  return (
    <Banner tone="info">
      <strong>{UI.liveDiffers(live.count)}</strong> {UI.liveDiffersText}
      <ul className="payroll-register__live">
        {live.people.map((p) => (
          <li key={p.employeeId}>
            {p.name} <span className="muted">{p.employeeId}</span>: net {net(p.netApproved)} approved, {net(p.netLive)} from today’s data
          </li>
        ))}
      </ul>
    </Banner>
  );
}

const registerDownload = createFileDownloadMachine<string>({
  id: 'payrollRegisterDownload',
  failure: (error) => UI.downloadFailed + errorMessage(error, UI.loadFallback),
});

function DownloadButton({ month }: { month: string }) {
  const { busy, download } = useFileDownload(registerDownload, { fetchFile: payrollRegisterApi.endpoints.downloadPayrollRegister, toast: true });
  return (
    <button type="button" className="button button--secondary" disabled={busy} onClick={() => download(month)}>
      <BusyText busy={busy} busyText={UI.downloading}>
        {UI.download}
      </BusyText>
    </button>
  );
}

export function PayrollRegisterPage() {
  const today = useToday();
  const latest = lastCompleteMonth(today);
  const [monthParam, setMonth] = useUrlParam('month');
  const month = MONTH_PATTERN.test(monthParam) && monthParam <= latest ? monthParam : latest;
  const { currentData: register, error, isFetching } = useGetPayrollRegisterQuery(month, { refetchOnMountOrArgChange: true });
  // Reasons typed for blocking warnings, by kind, for this month's approval.
  const [reasonsOf, setReasonsOf] = useState<{ month: string; reasons: Partial<Record<RegisterWarningKind, string>> }>({ month, reasons: {} });
  const reasons = reasonsOf.month === month ? reasonsOf.reasons : {};
  const setReason = (kind: RegisterWarningKind, reason: string) => setReasonsOf({ month, reasons: { ...reasons, [kind]: reason } });
  const given = (kind: RegisterWarningKind) => (reasons[kind]?.trim().length ?? 0) >= 3;
  const blocking = register && !isFetching && register.source === 'preview' ? register.warnings.filter((w) => w.blocking) : [];
  const overrides: ApprovalOverride[] = [...new Set(blocking.map((w) => w.kind))].filter(given).map((kind) => ({ kind, reason: reasons[kind]!.trim() }));
  const overridden = blocking.filter((w) => given(w.kind)).length;

  let body;
  if (error) body = <Banner tone="error">{UI.loadFailed + errorMessage(error, UI.loadFallback)}</Banner>;
  else if (!register || isFetching) body = <LoadingScreen text={UI.loading} />;
  else if (!register.rows.length) body = <p>{UI.empty(register.monthLabel)}</p>;
  else
    body = (
      <>
        {register.incomeTaxEstimated && <Banner tone="info">{UI.estimated}</Banner>}
        {register.liveDiffers && <LiveDiffers register={register} />}
        {/* A month of its own starts on the first page. */}
        <RegisterPages key={register.month} register={register} />
        <PayrollWarnings warnings={register.warnings} reasons={register.source === 'preview' ? reasons : undefined} onReason={register.source === 'preview' ? setReason : undefined} />
        {register.ruleArrears && <RuleArrearsSection section={register.ruleArrears} />}
      </>
    );

  return (
    <section className="card card--wide payroll-register" aria-labelledby="payroll-register-title">
      <h2 id="payroll-register-title">
        {UI.title}
        {register && <span className="muted"> — {register.monthLabel}</span>}
      </h2>
      <p className="muted">{UI.intro}</p>
      <div className="payroll-register__tools">
        <div className="field">
          <label htmlFor="payroll-register-month">{UI.month}</label>
          <input id="payroll-register-month" type="month" value={month} max={latest} required onChange={(e) => MONTH_PATTERN.test(e.target.value) && setMonth(e.target.value)} />
        </div>
        <DownloadButton month={month} />
      </div>
      <PayrollApprovalPanel
        month={month}
        label={register?.monthLabel ?? monthLabel(month)}
        employees={register && !isFetching ? register.rows.length : undefined}
        blockingOpen={blocking.length - overridden}
        overrides={overrides}
        overridden={overridden}
      />
      <PayrollPaymentsPanel month={month} label={register?.monthLabel ?? monthLabel(month)} />
      <PayrollFilesGroup month={month} />
      {body}
    </section>
  );
}
