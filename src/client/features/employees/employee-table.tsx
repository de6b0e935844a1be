/**
 * The employee table (spec: Employee ID, Name, Email, Position, Salary, Actions) on the shared
 * virtualized DataTable: every data column sorts from its header, and only the rows in view are in
 * the DOM, so 10,000 employees scroll smoothly. Up to VIRTUALIZE_ABOVE rows render whole: that is
 * cheap, and the browser's find-in-page then sees every employee.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../shared/format';
import { EMPLOYEE_UI } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { DataTable, type DataColumn, type SortState } from '../../components/data-table';
import { EmailText, emailSizingText } from '../../components/email-text';
import { PATHS } from '../../config/paths';
import { StatusBadge } from '../../components/status-badge';
import { EMPLOYEE_LIST_UI } from './employee-list-copy';
import './employee-list.css';

/** Up to this many rows the table renders them all; virtualization pays off only beyond it. */
export const VIRTUALIZE_ABOVE = 200;
/** One line of text with small buttons; rows are measured once rendered, this only seeds the layout. */
const ROW_ESTIMATE_PX = 53;

interface EmployeeTableProps {
  /** The rows to show, already filtered and ordered. */
  employees: readonly Employee[];
  /** The whole roster, which sizes the columns (so they hold still while filtering). */
  roster: readonly Employee[];
  /** Id of the heading that names the table. */
  labelledBy: string;
  sort: SortState | null;
  onSort: (column: string) => void;
  /** The `_id` or `employeeId` an action is running for, if any. */
  busyWith: string | null;
  onDelete: (id: string) => void;
  onEmailSlip: (employeeId: string) => void;
}

const salaryText = (e: Employee) => formatRupees(e.salary);

/** The name, and for someone on notice or gone, a badge saying so with the day (the list answers `status` and `leftOn`). */
function NameCell({ employee }: { employee: Employee }) {
  const { status, leftOn } = employee as Employee & { status?: string; leftOn?: string | null };
  if ((status !== 'on-notice' && status !== 'left') || !leftOn) return <>{employee.name}</>;
  return (
    <>
      {employee.name}{' '}
      <span className="employee-name__badge">
        <StatusBadge tone={status === 'left' ? 'neutral' : 'warning'}>{EMPLOYEE_LIST_UI.badge[status](leftOn)}</StatusBadge>
      </span>
    </>
  );
}

export function EmployeeTable({ employees, roster, labelledBy, sort, onSort, busyWith, onDelete, onEmailSlip }: EmployeeTableProps) {
  const columns = useMemo(
    (): DataColumn<Employee>[] => [
      { id: 'employeeId', header: EMPLOYEE_UI.employeeId, sortable: true, nowrap: true, text: (e) => e.employeeId, cell: (e) => e.employeeId },
      // Name, address and position stop at two lines (the rare longer one ends in an ellipsis and
      // opens on hover or focus), so every row stays one or two lines at laptop widths.
      { id: 'name', header: EMPLOYEE_UI.name, sortable: true, clamp: true, text: (e) => e.name, cell: (e) => <NameCell employee={e} /> },
      // An address wraps only at its joints, and before the '@' when its domain fits the column:
      // "asha.rao" over "@example.com".
      {
        id: 'email',
        header: EMPLOYEE_UI.email,
        sortable: true,
        clamp: true,
        text: (e) => emailSizingText(e.email),
        cell: (e, { widthEm }) => <EmailText email={e.email} wholeDomainEm={widthEm} />,
      },
      { id: 'position', header: EMPLOYEE_UI.position, sortable: true, clamp: true, text: (e) => e.position, cell: (e) => e.position },
      { id: 'salary', header: EMPLOYEE_UI.salary, sortable: true, numeric: true, nowrap: true, text: salaryText, cell: salaryText },
      {
        id: 'actions',
        header: EMPLOYEE_UI.actions,
        // Narrowest: Edit and Delete over the widest button ('Email Salary Slip'); preferred: all on
        // one line, once the text columns have their two lines (em of the table's text; the
        // buttons' own text is smaller, see employee-list.css).
        widthEm: { min: 9.75, pref: 18.25 },
        stickyEnd: true,
        cell: (employee) => (
          <div className="button-row employee-actions">
            <Link className="button button--small button--secondary" to={PATHS.adminEditEmployee(employee._id)}>
              {EMPLOYEE_UI.edit}
              <span className="visually-hidden"> {employee.name}</span>
            </Link>
            <button type="button" className="button button--small button--danger" onClick={() => onDelete(employee._id)}>
              {EMPLOYEE_UI.delete}
              <span className="visually-hidden"> {employee.name}</span>
            </button>
            <button type="button" className="button button--small button--secondary" onClick={() => onEmailSlip(employee.employeeId)}>
              {EMPLOYEE_UI.emailSalarySlip}
              <span className="visually-hidden"> {employee.name}</span>
            </button>
          </div>
        ),
      },
    ],
    [onDelete, onEmailSlip],
  );

  return (
    <DataTable
      rows={employees}
      sizingRows={roster}
      columns={columns}
      rowKey={(e) => e._id}
      labelledBy={labelledBy}
      regionLabel={EMPLOYEE_UI.tableRegion}
      sort={sort}
      onSort={onSort}
      virtualizeAbove={VIRTUALIZE_ABOVE}
      rowEstimatePx={ROW_ESTIMATE_PX}
      busy={busyWith !== null}
      className="employee-table"
    />
  );
}
