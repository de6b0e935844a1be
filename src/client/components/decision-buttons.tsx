/**
 * A pending request's Approve and Reject buttons in a table row (leave requests, attendance
 * corrections): each button's accessible name says whose request it decides, since every row has
 * the same two words.
 */
export type Decision = 'approved' | 'rejected';

interface DecisionButtonsProps {
  /** The row-actions class of the table (`button-row` is added). */
  className: string;
  /** While any decision runs: one at a time. */
  busy: boolean;
  labels: { approve: string; reject: string };
  /** The buttons' accessible names, naming the request. */
  names: Record<Decision, string>;
  onDecide: (decision: Decision) => void;
}

const BUTTONS = [
  { decision: 'approved', className: 'button button--small', label: 'approve' },
  { decision: 'rejected', className: 'button button--small button--danger', label: 'reject' },
] as const;

export function DecisionButtons({ className, busy, labels, names, onDecide }: DecisionButtonsProps) {
  return (
    <div className={`button-row ${className}`}>
      {BUTTONS.map((b) => (
        <button key={b.decision} type="button" className={b.className} disabled={busy} aria-label={names[b.decision]} onClick={() => onDecide(b.decision)}>
          {labels[b.label]}
        </button>
      ))}
    </div>
  );
}
