/**
 * My Team's leave requests: the team's requests as `GET /api/leave?scope=team` lists them (newest
 * first), each with its days, status and what became of it (who decided, who cancelled, when and
 * why), and Cancel leave on approved leave the caller may cancel (`cancelAction`), which asks first in
 * the cancel dialog with a required reason. The rows come from My Team's own query; nothing here shows pay.
 */
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmployeeRef } from '../../components/employee-ref';
import type { Leave, LeaveCancelAction } from '../../../shared/schemas/leave';
import { LoadingLine } from '../../components/loading-line';
import { LEAVE_UI } from '../../features/leaves/leave-copy';
import { LeaveCancelButton } from '../../features/leaves/leave-cancel-dialog';
import { leaveWhat } from '../../features/leaves/leave-decision-machine';
import { LeaveStatusBadge } from '../../features/leaves/leave-status-badge';
import { TEAM_UI } from '../../features/team/team-copy';

// Up to the server's default cap of rows come; beyond this many only those in view render.
const VIRTUALIZE_ABOVE = 200;

interface TeamLeaveProps {
  leaves: readonly Leave[] | undefined;
  loading: boolean;
  /** A decision or cancellation of My Team is in flight: one at a time. */
  busy: boolean;
  busyId: string | null;
  onCancel: (leave: Leave, action: LeaveCancelAction) => void;
}

const who = (l: Leave) => l.requester ?? { employeeId: l.employeeId, name: l.name };

export function TeamLeaveSection({ leaves, loading, busy, busyId, onCancel }: TeamLeaveProps) {
  const columns: DataColumn<Leave>[] = [
    { id: 'employee', header: TEAM_UI.pendingColumns.employee, clamp: true, text: (l) => `${who(l).employeeId} ${who(l).name}`, cell: (l) => <EmployeeRef {...who(l)} /> },
    { id: 'leave', header: TEAM_UI.teamLeaveColumns.leave, clamp: true, text: leaveWhat, cell: leaveWhat },
    { id: 'status', header: LEAVE_UI.status, widthEm: { min: 6.5 }, cell: (l) => <LeaveStatusBadge status={l.status} /> },
    // Whole on a phone's card, where there is room for who cancelled, when and why.
    { id: 'decision', header: LEAVE_UI.decision, clamp: true, text: LEAVE_UI.decisionText, cell: LEAVE_UI.decisionText },
    {
      id: 'actions',
      header: TEAM_UI.pendingColumns.actions,
      widthEm: { min: 8, pref: 9 },
      cell: (l) =>
        l.cancelAction === 'cancel' && (
          <div className="button-row team-actions">
            <LeaveCancelButton leave={l} action="cancel" busy={busy} onOpen={onCancel} />
          </div>
        ),
    },
  ];
  return (
    <section className="card card--wide" aria-labelledby="team-leave-title">
      <h2 id="team-leave-title">{TEAM_UI.teamLeaveTitle}</h2>
      <p className="muted">{TEAM_UI.teamLeaveIntro}</p>
      {loading ? (
        <LoadingLine>{TEAM_UI.loading}</LoadingLine>
      ) : !leaves || leaves.length === 0 ? (
        <p>{TEAM_UI.noTeamLeave}</p>
      ) : (
        <DataTable
          rows={leaves}
          columns={columns}
          rowKey={(l) => l._id}
          labelledBy="team-leave-title"
          regionLabel={TEAM_UI.teamLeaveRegion}
          virtualizeAbove={VIRTUALIZE_ABOVE}
          busy={busy}
          rowBusy={(l) => l._id === busyId}
        />
      )}
    </section>
  );
}
