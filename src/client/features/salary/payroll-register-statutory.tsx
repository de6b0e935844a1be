/**
 * The payroll register's "PF and ESI" section, under the register table: the PF wage ceiling the month
 * used (and how a month it changed in was split), the administration charges with the establishment's
 * minimum, each employee's EPF, EPS and EDLI wages (what the ECR reports) and ESI coverage with why,
 * and every statutory rule version the month's slips used with its source.
 */
import { formatRupees } from '../../../shared/format';
import type { PayrollRegister, RegisterRow } from '../../../shared/schemas/payroll-register';
import { ColumnHeads } from '../../components/column-heads';
import { ScrollTable } from '../../components/scroll-table';
import { PersonHeader, registerMoney } from './register-cells';
import '../../components/data-table.css';

const UI = {
  title: 'PF and ESI',
  ceiling: 'PF wage ceiling used',
  adminCharges: 'PF administration charges',
  topUp: (n: string) => ` (includes ${n} to reach the monthly minimum)`,
  caption: (label: string) => `PF wages and ESI coverage for ${label}`,
  employee: 'Employee',
  epf: 'EPF wages',
  eps: 'EPS wages',
  edli: 'EDLI wages',
  esi: 'ESI coverage',
  notRecorded: 'not recorded',
  rules: (n: number) => `Statutory rules used (${n})`,
  from: 'from',
} as const;

const money = (n: number | undefined) => (n === undefined ? UI.notRecorded : registerMoney(n));

/** The month's PF facts and, for `rows` (the register's page), each person's PF wages and ESI coverage. */
export function PayrollRegisterStatutory({ register, rows }: { register: PayrollRegister; rows: readonly RegisterRow[] }) {
  const pf = register.pf;
  const versions = register.ruleVersions ?? [];
  return (
    <section className="payroll-register__statutory" aria-labelledby="payroll-register-statutory-title">
      <h3 id="payroll-register-statutory-title">{UI.title}</h3>
      {pf && (
        <dl className="payroll-register__facts">
          <div>
            <dt>{UI.ceiling}</dt>
            <dd>
              {formatRupees(pf.ceiling)}
              {pf.ceilingNote && <span className="muted"> — {pf.ceilingNote}</span>}
            </dd>
          </div>
          <div>
            <dt>{UI.adminCharges}</dt>
            <dd>
              {formatRupees(pf.adminCharges)}
              {pf.adminMinimumTopUp > 0 && <span className="muted">{UI.topUp(formatRupees(pf.adminMinimumTopUp))}</span>}
            </dd>
          </div>
        </dl>
      )}
      <ScrollTable label={UI.caption(register.monthLabel)} className="payroll-register__scroll" tableClassName="table--cards payroll-register__table">
        <ColumnHeads names={[UI.employee, UI.epf, UI.eps, UI.edli, UI.esi]} numeric={[UI.epf, UI.eps, UI.edli]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.employeeId}>
              <PersonHeader name={r.name} employeeId={r.employeeId} nameClassName="payroll-register__name" />
              <td className="table__number" data-label={UI.epf}>
                {money(r.pfWages?.epf)}
              </td>
              <td className="table__number" data-label={UI.eps}>
                {money(r.pfWages?.eps)}
              </td>
              <td className="table__number" data-label={UI.edli}>
                {money(r.pfWages?.edli)}
              </td>
              <td data-label={UI.esi}>{r.esiCoverage ?? UI.notRecorded}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {versions.length > 0 && (
        <details className="payroll-register__rules">
          <summary>{UI.rules(versions.length)}</summary>
          <ul>
            {versions.map((v) => (
              <li key={`${v.key} ${v.effectiveFrom}`}>
                <strong>{v.label}</strong> {UI.from} {v.effectiveFrom}: {v.source}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
