/**
 * The open month's register section for PF, ESI and professional-tax rule versions back-dated into
 * approved months: who is affected, in which month, by how much per component (ESI and PT in a
 * table of their own: the shares as approved and now), the total, and the two ways forward: pay the
 * difference as arrears with this month (its slips and a supplementary ECR), or re-run the approved
 * month from its own register. The employee's share not deducted in its month is the employer's to
 * pay unless the Inspector consented in writing to its recovery (the rule is stated on screen).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { countOf } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { RuleArrears, RuleArrearsBody, RuleArrearsRow } from '../../../shared/schemas/rule-arrears';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { BusyText } from '../../components/busy-text';
import { ColumnHeads } from '../../components/column-heads';
import { ScrollTable } from '../../components/scroll-table';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { MoneyCells, MoneyHeads, PersonHeader, registerMoney as money, TotalsFoot, type MoneyColumn } from './register-cells';
import { payrollRegisterApi } from './payroll-register-api';
import './rule-arrears.css';

const UI = {
  title: 'PF, ESI and PT differences of approved months',
  lead: (s: RuleArrears) =>
    `A PF rule version added since reaches back into ${s.months.map(monthLabel).join(', ')}: ${countOf(s.people, 'person', 'people')}, ${countOf(s.count, 'month')} in all, ₹${money(s.totals.total)} to the fund. The approved months stay as they are.`,
  versions: 'Computed now with',
  caption: 'PF differences per person and month',
  othersCaption: 'ESI/PT differences per person and month',
  othersTitle: 'ESI/PT differences',
  othersLead: (o: NonNullable<RuleArrears['others']>) =>
    `${countOf(o.people, 'person', 'people')}, ${countOf(o.count, 'difference')}: ESI ₹${money(o.totals.esi)}, professional tax ₹${money(o.totals.pt)}, ₹${money(o.totals.total)} in all, paid by the employer.`,
  othersExcess: (n: number, total: number) => `Paid too much for ${countOf(n, 'month')} (₹${money(total)}): claim it from ESIC or the state; nothing is taken from pay.`,
  more: (shown: number, all: number) => `The first ${money(shown)} of ${money(all)} are listed; the register's .xlsx lists all.`,
  total: 'Total',
  was: 'was',
  ways: 'Two ways forward',
  arrearsTitle: (label: string) => `Pay as arrears with ${label}`,
  arrearsText: 'Each slip of this month shows the difference for each month, and why; the supplementary ECR of this month files it once the month is approved.',
  reason: 'Reason printed on the slips',
  share: 'The employee\u2019s share not deducted in its month',
  employer: 'The employer pays it',
  recover: 'Deduct it from this month\u2019s wages: the Inspector consented in writing',
  consentRef: 'Inspector\u2019s consent: reference',
  consentDate: 'Date of the consent',
  pay: (n: number, label: string) => `Add ${countOf(n, 'difference')} to ${label}`,
  paying: 'Adding...',
  confirmTitle: (label: string) => `Pay the differences with ${label}?`,
  confirmText: (s: RuleArrears) =>
    `₹${money(s.totals.total + (s.others?.totals.total ?? 0))} for ${countOf(Math.max(s.people, s.others?.people ?? 0), 'person', 'people')} or more goes on ${s.payMonthLabel}\u2019s slips${s.count ? ' and its supplementary ECR' : ''}. This is audited.`,
  failed: 'Error adding the differences: ',
  fallback: 'Failed to add the differences',
  rerunTitle: 'Or re-run the approved month',
  rerunText: 'A re-run stores revised slips of that month computed with the rules of today; the next bank file pays only what changed. Open the month and choose \u201cRe-run with reason\u201d:',
  open: (m: string) => `Open ${monthLabel(m)}`,
  paid: (n: number, total: number, label: string) => `Already added to ${label}: ${countOf(n, 'difference')}, ₹${money(total)}.`,
  excess: (n: number, total: number) => `PF went down for ${countOf(n, 'month')} (₹${money(total)} remitted in excess): claim it from EPFO; nothing is taken from pay.`,
} as const;

const COLUMNS: readonly MoneyColumn<Pick<RuleArrearsRow, 'employee' | 'employerEpf' | 'eps' | 'edli' | 'admin' | 'total'>>[] = [
  { label: 'PF (employee)', value: (r) => r.employee },
  { label: 'EPF (employer)', value: (r) => r.employerEpf },
  { label: 'EPS', value: (r) => r.eps },
  { label: 'EDLI', value: (r) => r.edli },
  { label: 'Admin', value: (r) => r.admin },
  { label: 'Total', value: (r) => r.total },
];

function DifferencesTable({ section }: { section: RuleArrears }) {
  return (
    <ScrollTable label={UI.caption} className="rule-arrears__scroll" tableClassName="table--cards payroll-register__table rule-arrears__table">
      <thead>
        <tr>
          <th scope="col">Employee</th>
          <th scope="col">Month</th>
          <th scope="col" className="table__number">
            Ceiling
          </th>
          <MoneyHeads columns={COLUMNS} />
        </tr>
      </thead>
      <tbody>
        {section.rows.map((r) => (
          <tr key={`${r.employeeId} ${r.forMonth}`}>
            <PersonHeader name={r.name} employeeId={r.employeeId} nameClassName="rule-arrears__name" />
            <td data-label="Month">{r.forMonthLabel}</td>
            <td className="table__number" data-label="Ceiling">
              {money(r.ceilingApproved)} → {money(r.ceilingNow)}
            </td>
            <MoneyCells columns={COLUMNS} row={r} />
          </tr>
        ))}
      </tbody>
      <TotalsFoot label={UI.total} count={section.count} blanks={2}>
        <MoneyCells columns={COLUMNS} row={section.totals} strong />
      </TotalsFoot>
    </ScrollTable>
  );
}

const SCHEME = { esi: 'ESI', pt: 'PT' } as const;

/** A share as approved and as now, stacked so the table fits a laptop's width; on a phone each row is a card, as the register's. */
function WasNow({ was, now }: { was: number; now: number }) {
  // One element: on a phone's card the cell is a flex row of its label and this.
  return (
    <span>
      {money(now)}
      <span className="rule-arrears__was muted">
        {UI.was} {money(was)}
      </span>
    </span>
  );
}

function OthersTable({ others }: { others: NonNullable<RuleArrears['others']> }) {
  return (
    <ScrollTable label={UI.othersCaption} className="rule-arrears__scroll" tableClassName="table--cards payroll-register__table rule-arrears__table">
      <ColumnHeads names={['Employee', 'Month', 'Scheme', 'Wages added', 'Employee (PT: tax)', 'Employer', 'Difference']} numeric={['Wages added', 'Employee (PT: tax)', 'Employer', 'Difference']} />
      <tbody>
        {others.rows.map((r) => (
          <tr key={`${r.employeeId} ${r.forMonth} ${r.scheme}`}>
            <PersonHeader name={r.name} employeeId={r.employeeId} nameClassName="rule-arrears__name" />
            <td data-label="Month">{r.forMonthLabel}</td>
            <td data-label="Scheme">{SCHEME[r.scheme]}</td>
            <td className="table__number" data-label="Wages added">
              {money(r.wages)}
            </td>
            <td className="table__number" data-label="Employee (PT: tax)">
              <WasNow was={r.employeeApproved} now={r.employeeNow} />
            </td>
            <td className="table__number" data-label="Employer">
              <WasNow was={r.employerApproved} now={r.employerNow} />
            </td>
            <td className="table__number" data-label="Difference">
              {money(r.total)}
            </td>
          </tr>
        ))}
      </tbody>
      <TotalsFoot label={UI.total} count={others.count} blanks={5}>
        <td className="table__number" data-label="Difference">
          <strong>{money(others.totals.total)}</strong>
        </td>
      </TotalsFoot>
    </ScrollTable>
  );
}

function PayForm({ section }: { section: RuleArrears }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const ceiling = section.versions.find((v) => v.key === 'pf.wageCeiling');
  const [reason, setReason] = useState(ceiling ? `PF rule change from ${ceiling.effectiveFrom}` : section.count ? 'PF rule change' : 'Statutory rule change');
  const [share, setShare] = useState<RuleArrearsBody['employeeShare']>('employer');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const due = section.count + (section.others?.count ?? 0);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const signal = new AbortController().signal;
    const yes = await effects.confirm({ title: UI.confirmTitle(section.payMonthLabel), message: UI.confirmText(section), confirmLabel: UI.pay(due, section.payMonthLabel) }, signal);
    if (!yes) return;
    setBusy(true);
    const body: RuleArrearsBody = share === 'recover' ? { reason, employeeShare: share, inspectorConsent: { reference, date } } : { reason, employeeShare: share };
    mutationCall(payrollRegisterApi.endpoints.payRuleArrears, dispatch)({ month: section.payMonth, ...body }, signal)
      .then((a) => effects.toast('success', a.msg))
      .catch((error: unknown) => effects.toast('error', UI.failed + errorMessage(error, UI.fallback)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="rule-arrears__way" onSubmit={submit} aria-labelledby="rule-arrears-pay">
      <h4 id="rule-arrears-pay">{UI.arrearsTitle(section.payMonthLabel)}</h4>
      <p className="muted">{UI.arrearsText}</p>
      <div className="field">
        <label htmlFor="rule-arrears-reason">{UI.reason}</label>
        <input id="rule-arrears-reason" type="text" value={reason} required minLength={3} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </div>
      <fieldset className="rule-arrears__share">
        <legend>{UI.share}</legend>
        <label>
          <input type="radio" name="rule-arrears-share" value="employer" checked={share === 'employer'} onChange={() => setShare('employer')} /> {UI.employer}
        </label>
        <label>
          <input type="radio" name="rule-arrears-share" value="recover" checked={share === 'recover'} onChange={() => setShare('recover')} /> {UI.recover}
        </label>
        <p className="muted">{section.employeeShareRule}</p>
        {share === 'recover' && (
          <div className="rule-arrears__consent">
            <div className="field">
              <label htmlFor="rule-arrears-ref">{UI.consentRef}</label>
              <input id="rule-arrears-ref" type="text" value={reference} required maxLength={100} onChange={(e) => setReference(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="rule-arrears-date">{UI.consentDate}</label>
              <input id="rule-arrears-date" type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
            </div>
          </div>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={busy || due === 0}>
        <BusyText busy={busy} busyText={UI.paying}>
          {UI.pay(due, section.payMonthLabel)}
        </BusyText>
      </button>
    </form>
  );
}

export function RuleArrearsSection({ section }: { section: RuleArrears }) {
  // The PF ceiling stands for the PF rules (they move together); ESI and PT versions are named each.
  const versionsNamed = section.versions.filter((v) => v.key === 'pf.wageCeiling' || !v.key.startsWith('pf.'));
  return (
    <section className="rule-arrears" aria-labelledby="rule-arrears-title">
      <h3 id="rule-arrears-title">{UI.title}</h3>
      {section.count > 0 && <p>{UI.lead(section)}</p>}
      {versionsNamed.length > 0 && (
        <p className="muted">
          {UI.versions} {versionsNamed.map((v) => `${v.label} from ${v.effectiveFrom} (${v.source})`).join('; ')}.
        </p>
      )}
      {section.paid.count > 0 && <p>{UI.paid(section.paid.count, section.paid.total, section.payMonthLabel)}</p>}
      {section.excess.count > 0 && <p>{UI.excess(section.excess.count, section.excess.total)}</p>}
      {section.count > 0 && (
        <>
          <DifferencesTable section={section} />
          {section.rows.length < section.count && <p className="muted">{UI.more(section.rows.length, section.count)}</p>}
        </>
      )}
      {section.others && (
        <>
          <h4>{UI.othersTitle}</h4>
          {section.others.count > 0 && <p>{UI.othersLead(section.others)}</p>}
          <p className="muted">{section.others.rule}</p>
          {section.others.excess.count > 0 && <p>{UI.othersExcess(section.others.excess.count, section.others.excess.total)}</p>}
          {section.others.count > 0 && <OthersTable others={section.others} />}
          {section.others.rows.length < section.others.count && <p className="muted">{UI.more(section.others.rows.length, section.others.count)}</p>}
        </>
      )}
      {section.count + (section.others?.count ?? 0) > 0 && (
        <>
          <h4>{UI.ways}</h4>
          <div className="rule-arrears__ways">
            <PayForm section={section} />
            <div className="rule-arrears__way">
              <h4>{UI.rerunTitle}</h4>
              <p className="muted">{UI.rerunText}</p>
              <ul>
                {section.months.map((m) => (
                  <li key={m}>
                    <Link to={`${PATHS.adminPayrollRegister}?month=${m}`}>{UI.open(m)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
