/**
 * The employee table, virtualized so 10,000 rows stay responsive: only the rows in view (plus
 * OVERSCAN) are in the DOM, between two spacer rows that keep the scroll height. It stays a real
 * <table>: aria-rowcount gives the full size and each row its aria-rowindex, so assistive tech
 * reports "row 5,002 of 10,001" although most rows are not rendered. A roster up to
 * VIRTUALIZE_ABOVE rows renders whole: that is cheap, and the browser's find-in-page then sees
 * every employee.
 */
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatRupees } from '../../../shared/format';
import { EMPLOYEE_UI } from '../../../shared/messages';
import type { Employee } from '../../../shared/schemas/employee';
import { PATHS } from '../../config/paths';

/** A row with one line of text and small buttons; rows are measured after render, this only seeds the layout. */
const ROW_ESTIMATE_PX = 53;
/** Rows rendered beyond each edge of the view, so fast scrolling and Tab never meet an empty area. */
const OVERSCAN = 10;
const COLUMNS = 6;
/** Up to this many rows the table renders them all; virtualization pays off only beyond it. */
export const VIRTUALIZE_ABOVE = 200;

interface EmployeeTableProps {
  employees: readonly Employee[];
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** The `_id` or `employeeId` an action is running for, if any. */
  busyWith: string | null;
  onDelete: (id: string) => void;
  onEmailSlip: (employeeId: string) => void;
}

export function EmployeeTable({ employees, labelledBy, busyWith, onDelete, onEmailSlip }: EmployeeTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = employees.length > VIRTUALIZE_ABOVE;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design.
  const virtualizer = useVirtualizer({
    count: employees.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => employees[index]!._id,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const rows: readonly { index: number; key: string | number | bigint }[] = virtual
    ? items
    : employees.map((employee, index) => ({ index, key: employee._id }));
  const paddingTop = items.length ? items[0]!.start : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    // Focusable so keyboard users can scroll it with the arrow and page keys; named apart from the
    // card around it, which the heading already names.
    <div ref={scrollRef} className="table-scroll" tabIndex={0} role="region" aria-label={EMPLOYEE_UI.tableRegion}>
      <table
        className="table table--employees"
        aria-labelledby={labelledBy}
        aria-rowcount={employees.length + 1}
        aria-busy={busyWith !== null}
      >
        <colgroup>
          <col className="col-id" />
          <col className="col-name" />
          <col className="col-email" />
          <col />
          <col className="col-salary" />
          <col className="col-actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{EMPLOYEE_UI.employeeId}</th>
            <th scope="col">{EMPLOYEE_UI.name}</th>
            <th scope="col">{EMPLOYEE_UI.email}</th>
            <th scope="col">{EMPLOYEE_UI.position}</th>
            <th scope="col" className="table__number">
              {EMPLOYEE_UI.salary}
            </th>
            <th scope="col">{EMPLOYEE_UI.actions}</th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <Spacer height={paddingTop} />}
          {rows.map((row) => {
            const employee = employees[row.index]!;
            return (
              <tr
                key={String(row.key)}
                data-index={row.index}
                ref={virtual ? virtualizer.measureElement : undefined}
                aria-rowindex={row.index + 2}
              >
                <td>{employee.employeeId}</td>
                <td>{employee.name}</td>
                <td>{employee.email}</td>
                <td>{employee.position}</td>
                <td className="table__number">{formatRupees(employee.salary)}</td>
                <td>
                  <div className="button-row">
                    <Link className="button button--small button--secondary" to={PATHS.adminEditEmployee(employee._id)}>
                      {EMPLOYEE_UI.edit}
                      <span className="visually-hidden"> {employee.name}</span>
                    </Link>
                    <button type="button" className="button button--small button--danger" onClick={() => onDelete(employee._id)}>
                      {EMPLOYEE_UI.delete}
                      <span className="visually-hidden"> {employee.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => onEmailSlip(employee.employeeId)}
                    >
                      {EMPLOYEE_UI.emailSalarySlip}
                      <span className="visually-hidden"> {employee.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 && <Spacer height={paddingBottom} />}
        </tbody>
      </table>
    </div>
  );
}

/** Stands in for the rows out of view; hidden from assistive tech, which counts rows by aria-rowcount. */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="table__spacer" aria-hidden="true">
      {/* A style property set from script, which the CSP (style-src 'self') allows, unlike inline markup. */}
      <td colSpan={COLUMNS} style={{ height }} />
    </tr>
  );
}
