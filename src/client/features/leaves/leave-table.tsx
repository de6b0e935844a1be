/**
 * The leave requests table (spec: Employee ID (admin), Start Date, End Date, Reason, Status badge,
 * Actions (admin); beyond the spec, each request's type and working days, and on the employee's own
 * list who decided and their remark) on the shared DataTable: columns sized from every row's text, so dates never
 * break at their hyphens and a row is one or two lines (a long name or reason is cut at two lines,
 * whole on hover, on focus and for assistive tech). Admins see the name beside the ID, Approve
 * and Reject on pending requests and Cancel leave on approved ones; an employee sees Withdraw on a
 * pending request and Ask to cancel on approved leave that has not started.
 */
import { LEAVE_UI } from './leave-copy';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DecisionButtons, type Decision } from '../../components/decision-buttons';
import { EmployeeRef } from '../../components/employee-ref';
import { LEAVE_REQUEST_UI } from './leave-request-copy';
import { LeaveStatusBadge } from './leave-status-badge';
import { LeaveCancelButton } from './leave-cancel-dialog';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
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
  /** The request whose decision or cancellation is in flight, if any: one at a time. */
  pendingId: string | null;
  onDecide: (leave: Leave, status: Decision) => void;
  /** Opens the cancel dialog for a row the server says the caller may cancel (`cancelAction`). */
  onCancel: (leave: Leave, action: LeaveCancelAction) => void;
}

export function LeaveTable({ leaves, isAdmin, labelledBy, regionLabel, pendingId, onDecide, onCancel }: LeaveTableProps) {
  const busy = pendingId !== null;
  const cancelButton = (l: Leave) =>
    l.cancelAction && (
      <div className="button-row leave-actions">
        <LeaveCancelButton leave={l} action={l.cancelAction} busy={busy} onOpen={onCancel} />
      </div>
    );
  // The employee's list gets an Actions column only while one of its rows can be withdrawn or asked
  // to be cancelled; otherwise it stays the spec's table.
  const ownActions = !isAdmin && leaves.some((l) => l.cancelAction);
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
    // A badge: the word plus its padding and border. On the admin's list (which has no Decision
    // column) a cancellation, or a requester's ask to cancel, shows under it: who, when and why.
    {
      id: 'status',
      header: LEAVE_UI.status,
      // Fixed, so the badge always fits; on the admin's list room for the note when there is some.
      widthEm: isAdmin ? { min: 6.5, pref: 12 } : { min: 6.5 },
      cell: (l) => {
        const note = isAdmin ? LEAVE_UI.cancelNote(l) : null;
        return (
          <>
            <LeaveStatusBadge status={l.status} />
            {note && <span className="leave-note">{note}</span>}
          </>
        );
      },
    },
    // The employee's own list: who decided (a manager, a stand-in, HR) and the remark they left,
    // whole on a phone's card, where there is room for it.
    ...(isAdmin ? [] : [{ id: 'decision', header: LEAVE_UI.decision, clamp: true, text: (l: Leave) => LEAVE_UI.decisionText(l), cell: (l: Leave) => LEAVE_UI.decisionText(l) }]),
    ...(isAdmin
      ? [
          {
            id: 'actions',
            header: LEAVE_UI.actions,
            // Approve over Reject at the narrowest, side by side when there is room; "Cancel leave"
            // (one line) sets the narrowest.
            widthEm: { min: 8, pref: 11.5 },
            cell: (l: Leave) =>
              l.status === 'pending' ? (
                <DecisionButtons
                  className="leave-actions"
                  busy={busy}
                  labels={LEAVE_UI}
                  names={{ approved: LEAVE_UI.approveFor(l.employeeId, l.startDate, l.endDate), rejected: LEAVE_UI.rejectFor(l.employeeId, l.startDate, l.endDate) }}
                  onDecide={(decision) => onDecide(l, decision)}
                />
              ) : (
                cancelButton(l)
              ),
          },
        ]
      : []),
    ...(ownActions ? [{ id: 'actions', header: LEAVE_UI.actions, widthEm: { min: 8, pref: 9 }, cell: cancelButton }] : []),
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
