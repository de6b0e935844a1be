/**
 * Salary history beside Edit Employee: the salary in force today (the form's Salary field), each
 * revision with the day it took effect, the salary structure in force from it (assigned by it, or
 * kept from before) with its split of that gross, why and who entered it, and the arrears paid for revisions
 * dated back into approved months. A changed Salary on the form is the next revision; under a salary
 * structure, one of its components can be overridden for this person (structure-override-form.tsx).
 */
import { ColumnHeads } from '../../components/column-heads';
import { ScrollTable } from '../../components/scroll-table';
import { Banner } from '../../components/banner';
import { errorMessage } from '../../api/error-message';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { ARREAR_COMPONENT_LABELS } from '../../../shared/payroll/arrear-lines';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import { useGetSalaryHistoryQuery } from './salary-history-api';
import { StructureOverrideForm } from './structure-override-form';
import './salary-history.css';

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number) => `₹${RUPEES.format(n)}`;

export const SALARY_HISTORY_UI = {
  title: 'Salary history',
  loading: 'Loading salary history…',
  loadFailed: 'Could not load the salary history: ',
  inForce: (salary: string) => `In force today: ${salary} a month.`,
  nextChange: (day: string) => `A changed Salary above takes effect from ${day} (the first day of the earliest month not yet approved); approved months are never re-priced.`,
  none: 'No revision yet: the salary has been the same since joining.',
  effectiveFrom: 'Effective from',
  monthly: 'Monthly gross',
  reason: 'Reason',
  enteredBy: 'Entered by',
  structure: 'Structure',
  defaultSplit: 'Default: Basic 50% of gross, HRA 40% of Basic',
  kept: '(kept)',
  override: (text: string) => `Override for this person: ${text}`,
  split: (st: NonNullable<SalaryHistory['revisions'][number]['structure']>) =>
    [
      st.basicMonthly !== null ? `Basic (fixed): ${money(st.basic)}` : `Basic ${st.basicPercentOfGross}% of gross: ${money(st.basic)}`,
      `HRA ${st.hraPercentOfBasic}% of Basic: ${money(st.hra)}`,
      ...st.fixedAllowances.map((a) => `${a.name} ${money(a.monthly)}`),
      `Special: ${money(st.special)}`,
    ].join(', '),
  backDated: (month: string) => `back-dated: months before ${month} stay as approved; any difference is paid as arrears in ${month}`,
  arrearsTitle: 'Arrears',
  paidIn: 'Paid in',
  forMonth: 'For',
  component: 'Component',
  amount: 'Amount',
} as const;
const UI = SALARY_HISTORY_UI;

export function SalaryHistoryCard({ id }: { id: string }) {
  const { data, error, isLoading } = useGetSalaryHistoryQuery(id);
  return (
    <section className="card card--wide" aria-labelledby="salary-history-title">
      <h2 id="salary-history-title">{UI.title}</h2>
      {error ? (
        <Banner tone="error">{UI.loadFailed + errorMessage(error, '')}</Banner>
      ) : isLoading || !data ? (
        <p role="status">{UI.loading}</p>
      ) : (
        <>
          <p>{UI.inForce(money(data.salary))}</p>
          <p className="muted">{UI.nextChange(data.defaultEffectiveFrom)}</p>
          {!data.revisions.length ? (
            <p>{UI.none}</p>
          ) : (
            <ScrollTable label={UI.title} tableClassName="table--cards salary-history__table">
              <ColumnHeads names={[UI.effectiveFrom, UI.monthly, UI.structure, UI.reason, UI.enteredBy]} numeric={[UI.monthly]} />
              <tbody>
                {data.revisions.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" className="salary-history__date" data-label={UI.effectiveFrom}>{r.effectiveFrom}</th>
                    <td className="table__number" data-label={UI.monthly}>{money(r.salary)}</td>
                    <td data-label={UI.structure} className="salary-history__structure">
                      {r.structure ? (
                        <span>
                          {r.structure.name}
                          {!r.structure.assigned && <span className="muted"> {UI.kept}</span>}
                          {r.structure.override && <span className="salary-history__override">{UI.override(r.structure.override)}</span>}
                          <span className="muted salary-history__split">{UI.split(r.structure)}</span>
                        </span>
                      ) : (
                        <span className="muted">{UI.defaultSplit}</span>
                      )}
                    </td>
                    <td data-label={UI.reason}>
                      <span>
                        {r.reason}
                        {r.appliesFrom && <span className="muted"> ({UI.backDated(monthLabel(r.appliesFrom))})</span>}
                      </span>
                    </td>
                    <td data-label={UI.enteredBy}>
                      <span>
                        {r.enteredBy ?? '—'} <span className="muted salary-history__date">{r.enteredAt.slice(0, 10)}</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          {data.revisions[0]?.structure && <StructureOverrideForm id={id} structure={data.revisions[0].structure} defaultEffectiveFrom={data.defaultEffectiveFrom} />}
          {data.arrears.length > 0 && (
            <>
              <h3 id="salary-arrears-title">{UI.arrearsTitle}</h3>
              <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="salary-arrears-title">
                <table className="table table--cards salary-history__table">
                  <ColumnHeads names={[UI.paidIn, UI.forMonth, UI.component, UI.amount]} numeric={[UI.amount]} />
                  <tbody>
                    {data.arrears.map((a) => (
                      <tr key={a.id}>
                        <th scope="row" data-label={UI.paidIn}>{monthLabel(a.payMonth)}</th>
                        <td data-label={UI.forMonth}>{monthLabel(a.forMonth)}</td>
                        <td data-label={UI.component}>{ARREAR_COMPONENT_LABELS[a.component]}</td>
                        <td className="table__number" data-label={UI.amount}>{money(a.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
