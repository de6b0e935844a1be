/**
 * The cells the payroll register and its sections' tables share: a person's row header (the name
 * cut to two lines, whole on hover or focus, its ID with it), a row of figures in named money
 * columns with their headers, and the totals' row in the table's foot.
 */
import type { ReactNode } from 'react';
import { formatCount } from '../../../shared/format';
import { ClampText } from '../../components/clamp-text';

const RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** An amount as the register shows it: Indian grouping, no symbol. */
export const registerMoney = (n: number) => RUPEES.format(n);

/** A figure column: its header (and each cell's label on narrow screens) and its value in a row. */
export interface MoneyColumn<R> {
  label: string;
  value: (row: R) => number;
}

export function MoneyHeads<R>({ columns }: { columns: readonly MoneyColumn<R>[] }) {
  return columns.map((c) => (
    <th key={c.label} scope="col" className="table__number">
      {c.label}
    </th>
  ));
}

/** One row's figures; a totals row shows them strong. */
export function MoneyCells<R>({ columns, row, strong = false }: { columns: readonly MoneyColumn<R>[]; row: R; strong?: boolean }) {
  return columns.map((c) => (
    <td key={c.label} className="table__number" data-label={c.label}>
      {strong ? <strong>{registerMoney(c.value(row))}</strong> : registerMoney(c.value(row))}
    </td>
  ));
}

export function PersonHeader({ name, employeeId, nameClassName }: { name: string; employeeId: string; nameClassName: string }) {
  return (
    <th scope="row">
      <ClampText text={`${name} ${employeeId}`}>
        <span className={nameClassName}>{name}</span> <span className="muted">{employeeId}</span>
      </ClampText>
    </th>
  );
}

/**
 * The totals' row: "Total (12)" with how many rows they add up, a blank cell under each column that
 * has no total (hidden on a phone, where each row is a card and a blank would be an empty line),
 * then the totals.
 */
export function TotalsFoot({ label, count, blanks, children }: { label: string; count: number; blanks: number; children: ReactNode }) {
  return (
    <tfoot>
      <tr>
        <th scope="row">
          {label} <span className="muted">({formatCount(count)})</span>
        </th>
        {Array.from({ length: blanks }, (_, i) => (
          <td key={i} className="payroll-register__blank" />
        ))}
        {children}
      </tr>
    </tfoot>
  );
}
