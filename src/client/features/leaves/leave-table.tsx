/**
 * The leave requests table (spec: Employee ID (admin), Start Date, End Date, Reason, Status badge,
 * Actions (admin); beyond the spec, each request's type and working days, and on the employee's own
 * list who decided and their remark) on the shared DataTable: columns sized from every row's text, so dates never
 * break at their hyphens and a row is one or two lines (a long name or reason is cut at two lines,
 * whole on hover, on focus and for assistive tech). Admins see the name beside the ID, and Approve
 * and Reject on pending requests.
 */
import { LEAVE_UI } from './leave-copy';
import type { Leave } from '../../../shared/schemas/leave';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DecisionButtons, type Decision } from '../../components/decision-buttons';
import { EmployeeRef } from '../../components/employee-ref';
import { LEAVE_REQUEST_UI } from './leave-request-copy';
import { LeaveStatusBadge } from './leave-status-badge';
import './leave-list.css';

const formatDays = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** "Casual", or "Casual, first half" for a half day. */
const leaveTypeText = (l: Leave) => (l.dayPart ? `${l.leaveType}, ${LEAVE_REQUEST_UI.partName(l.dayPart)}` : l.leaveType);

/** Beyond this many rows only those in view are rendered (the server sends up to 2,000). */
const VIRTUALIZE_ABOVE = 200;

interface LeaveTableProps {
  leaves: readonly Leave[];
  isAdmin: boolean;
  labelledBy: string;
  regionLabel: string;
  /** The request whose decision is in flight, if any: one at a time. */
  pendingId: string | null;
  onDecide: (leave: Leave, status: Decision) => void;
}

export function LeaveTable({ leaves, isAdmin, labelledBy, regionLabel, pendingId, onDecide }: LeaveTableProps) {
  const busy = pendingId !== null;
  const columns: DataColumn<Leave>[] = [
    ...(isAdmin
      ? [
          {
            id: 'employee',
            header: LEAVE_UI.employeeId,
            clamp: true,
            text: (l: Leave) => `${l.employeeId} ${l.name}`,
            cell: (l: Leave) => <EmployeeRef employeeId={l.employeeId} name={l.name} />,
          },
        ]
      : []),
    { id: 'startDate', header: LEAVE_UI.startDate, nowrap: true, text: (l) => l.startDate, cell: (l) => l.startDate },
    { id: 'endDate', header: LEAVE_UI.endDate, nowrap: true, text: (l) => l.endDate, cell: (l) => l.endDate },
    // Beyond the spec, for the admin who decides and the employee who asked: the type (and half
    // day) and the working days it takes.
    { id: 'type', header: LEAVE_REQUEST_UI.leaveType, clamp: true, text: (l: Leave) => leaveTypeText(l), cell: (l: Leave) => leaveTypeText(l) },
    { id: 'days', header: LEAVE_REQUEST_UI.days, nowrap: true, text: (l: Leave) => formatDays(l.days), cell: (l: Leave) => formatDays(l.days) },
    {
      id: 'reason',
      header: LEAVE_UI.reason,
      clamp: true,
      clampOnCards: true,
      text: (l) => l.reason,
      cell: (l) => l.reason,
    },
    // A badge: the word plus its padding and border.
    { id: 'status', header: LEAVE_UI.status, widthEm: { min: 6.5 }, cell: (l) => <LeaveStatusBadge status={l.status} /> },
    // The employee's own list: who decided (a manager, a stand-in, HR) and the remark they left.
    ...(isAdmin ? [] : [{ id: 'decision', header: LEAVE_UI.decision, clamp: true, clampOnCards: true, text: (l: Leave) => LEAVE_UI.decisionText(l), cell: (l: Leave) => LEAVE_UI.decisionText(l) }]),
    ...(isAdmin
      ? [
          {
            id: 'actions',
            header: LEAVE_UI.actions,
            // Approve over Reject at the narrowest, side by side when there is room.
            widthEm: { min: 6.5, pref: 11.5 },
            cell: (l: Leave) =>
              l.status === 'pending' && (
                <DecisionButtons
                  className="leave-actions"
                  busy={busy}
                  labels={LEAVE_UI}
                  names={{ approved: LEAVE_UI.approveFor(l.employeeId, l.startDate, l.endDate), rejected: LEAVE_UI.rejectFor(l.employeeId, l.startDate, l.endDate) }}
                  onDecide={(decision) => onDecide(l, decision)}
                />
              ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      rows={leaves}
      columns={columns}
      rowKey={(l) => l._id}
      labelledBy={labelledBy}
      regionLabel={regionLabel}
      virtualizeAbove={VIRTUALIZE_ABOVE}
      busy={busy}
      rowBusy={(l) => l._id === pendingId}
    />
  );
}
