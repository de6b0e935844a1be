/**
 * The cells the payroll register and its sections' tables share: a person's row header (the name
 * cut to two lines, whole on hover or focus, its ID with it), a row of figures in named money
 * columns with their headers, and the totals' row header.
 */
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

/** "Total (12)": the totals' row header with how many rows they add up. */
export function TotalHeader({ label, count }: { label: string; count: number }) {
  return (
    <th scope="row">
      {label} <span className="muted">({formatCount(count)})</span>
    </th>
  );
}
