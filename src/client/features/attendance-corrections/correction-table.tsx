/**
 * A table of attendance corrections on the shared DataTable: the day, the asked-for times beside
 * what was recorded, what happened and why, and the status badge. The admin's pending list adds the
 * employee and Approve / Reject. Badges read as the leave list's: green approved, red rejected,
 * yellow pending.
 */
import type { Correction } from '../../../shared/schemas/attendance-correction';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DecisionButtons, type Decision } from '../../components/decision-buttons';
import { EmployeeRef } from '../../components/employee-ref';
// After the table's and the reference's: the order every list imports the styles in (one CSS order for the chunks).
import { StatusBadge } from '../../components/status-badge';
import { capitalise } from '../../../shared/format';
import { CORRECTION_UI, KIND_LABELS } from './corrections-copy';

interface CorrectionTableProps {
  corrections: readonly Correction[];
  labelledBy: string;
  regionLabel: string;
  /** Admin: the employee column and the decision buttons; the decision in flight, one at a time. */
  decide?: { pendingId: string | null; onDecide: (correction: Correction, status: Decision) => void };
}

const recorded = (c: Correction) => (c.original ? CORRECTION_UI.times(c.original.inTime, c.original.outTime) : CORRECTION_UI.noRecord);
const requested = (c: Correction) => CORRECTION_UI.times(c.inTime, c.outTime);

export function CorrectionTable({ corrections, labelledBy, regionLabel, decide }: CorrectionTableProps) {
  const busy = Boolean(decide?.pendingId);
  const columns: DataColumn<Correction>[] = [
    ...(decide
      ? [
          {
            id: 'employee',
            header: CORRECTION_UI.employee,
            clamp: true,
            text: (c: Correction) => `${c.employeeId} ${c.name}`,
            cell: (c: Correction) => <EmployeeRef employeeId={c.employeeId} name={c.name} />,
          },
        ]
      : []),
    { id: 'date', header: CORRECTION_UI.date, nowrap: true, text: (c) => c.date, cell: (c) => c.date },
    { id: 'requested', header: CORRECTION_UI.requested, nowrap: true, text: requested, cell: requested },
    { id: 'recorded', header: CORRECTION_UI.recorded, nowrap: true, text: recorded, cell: recorded },
    {
      id: 'reason',
      header: CORRECTION_UI.reason,
      clamp: true,
      clampOnCards: true,
      text: (c) => `${KIND_LABELS[c.kind]}: ${c.reason}`,
      cell: (c) => (
        <>
          <strong>{KIND_LABELS[c.kind]}</strong>: {c.reason}
        </>
      ),
    },
    ...(decide
      ? [
          {
            id: 'actions',
            header: CORRECTION_UI.actions,
            widthEm: { min: 6.5, pref: 11.5 },
            cell: (c: Correction) =>
              c.status === 'pending' && (
                <DecisionButtons
                  className="corrections__actions"
                  busy={busy}
                  labels={CORRECTION_UI}
                  names={{ approved: CORRECTION_UI.approveFor(c.name, c.date), rejected: CORRECTION_UI.rejectFor(c.name, c.date) }}
                  onDecide={(decision) => decide.onDecide(c, decision)}
                />
              ),
          },
        ]
      : [{ id: 'status', header: CORRECTION_UI.status, widthEm: { min: 6.5 }, cell: (c: Correction) => <StatusBadge tone={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'danger' : 'warning'}>{capitalise(c.status)}</StatusBadge> }]),
  ];

  return (
    <DataTable
      rows={corrections}
      columns={columns}
      rowKey={(c) => c._id}
      labelledBy={labelledBy}
      regionLabel={regionLabel}
      virtualizeAbove={200}
      busy={busy}
      rowBusy={(c) => c._id === decide?.pendingId}
    />
  );
}
