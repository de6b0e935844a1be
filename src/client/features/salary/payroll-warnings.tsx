/**
 * The Payroll Register's warnings, grouped by kind with a count per kind, the employee ID beside every
 * name, and a filter by kind and by name or ID. Blocking kinds (no bank account, a state without a
 * PT table, PF without a UAN) come first: before approval each has a field for the reason to approve
 * anyway (sent with the approval and audited); after it, an overridden row says what it was left out of.
 */
import { useId, useState } from 'react';
import { countOf } from '../../../shared/format';
import { BLOCKING_WARNING_KINDS, OVERRIDE_LEAVES_OUT, REGISTER_WARNING_KINDS, WARNING_KIND_LABELS, type RegisterWarning, type RegisterWarningKind } from '../../../shared/schemas/payroll-register';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';

const UI = {
  heading: (n: number) => countOf(n, 'warning'),
  none: 'No warnings.',
  kind: 'Show',
  allKinds: 'All kinds',
  search: 'Find by name or ID',
  blocking: 'Blocking',
  noMatch: 'No warning matches the filter.',
  reason: 'Reason to approve anyway',
  reasonHint: (leftOut: string) => `Audited. Approved this way, they are ${leftOut}. Or resolve each one (Edit Employee) and reload.`,
  overridden: (reason: string, leftOut: string) => `Approved anyway: \u201c${reason}\u201d; ${leftOut}.`,
  showAll: (n: number, label: string) => `Show all ${countOf(n, 'warning')}: ${label}`,
} as const;

/** A kind with more rows than this lists the first of them until asked: 600 people without a PAN are one finding, not a page. */
const FOLDED_AFTER = 10;

interface Props {
  warnings: readonly RegisterWarning[];
  /** Draft months: the reasons typed per blocking kind (approval sends them). */
  reasons?: Partial<Record<RegisterWarningKind, string>>;
  onReason?: (kind: RegisterWarningKind, reason: string) => void;
}

export function PayrollWarnings({ warnings, reasons, onReason }: Props) {
  const id = useId();
  const [kind, setKind] = useState<RegisterWarningKind | ''>('');
  const [query, setQuery] = useState('');
  const [unfolded, setUnfolded] = useState<ReadonlySet<RegisterWarningKind>>(new Set());
  const counts = new Map<RegisterWarningKind, number>();
  for (const w of warnings) counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
  const q = query.trim().toLowerCase();
  const shown = warnings.filter((w) => (!kind || w.kind === kind) && (!q || w.name.toLowerCase().includes(q) || w.employeeId.toLowerCase().includes(q)));
  const kinds = REGISTER_WARNING_KINDS.filter((k) => counts.has(k));

  return (
    <section className="payroll-register__warnings payroll-warnings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{warnings.length ? UI.heading(warnings.length) : UI.none}</h3>
      {warnings.length > 0 && (
        <>
          <div className="payroll-warnings__filters">
            <div className="field">
              <label htmlFor={`${id}-kind`}>{UI.kind}</label>
              <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as RegisterWarningKind | '')}>
                <option value="">
                  {UI.allKinds} ({warnings.length})
                </option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {WARNING_KIND_LABELS[k]} ({counts.get(k)})
                  </option>
                ))}
              </select>
            </div>
            <TextField id={`${id}-search`} label={UI.search} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          {!shown.length && <p className="muted">{UI.noMatch}</p>}
          {kinds.map((k) => {
            const list = shown.filter((w) => w.kind === k);
            if (!list.length) return null;
            const blocking = BLOCKING_WARNING_KINDS.includes(k);
            const open = blocking && list.some((w) => !w.overridden);
            const folded = list.length > FOLDED_AFTER && !unfolded.has(k);
            return (
              <section key={k} className="payroll-warnings__group" aria-labelledby={`${id}-${k}`}>
                <h4 id={`${id}-${k}`}>
                  {WARNING_KIND_LABELS[k]} <span className="muted">({counts.get(k)})</span> {blocking && <StatusBadge tone={open ? 'danger' : 'neutral'}>{UI.blocking}</StatusBadge>}
                </h4>
                {open && onReason && (
                  <div className="payroll-warnings__reason">
                    <TextField
                      id={`${id}-${k}-reason`}
                      label={`${UI.reason}: ${WARNING_KIND_LABELS[k]}`}
                      hint={UI.reasonHint(OVERRIDE_LEAVES_OUT[k] ?? '')}
                      maxLength={300}
                      value={reasons?.[k] ?? ''}
                      onChange={(e) => onReason(k, e.target.value)}
                    />
                  </div>
                )}
                <ul>
                  {(folded ? list.slice(0, FOLDED_AFTER) : list).map((w, i) => (
                    <li key={`${w.employeeId}-${i}`}>
                      <span className="payroll-warnings__id">{w.employeeId}</span> {w.text}
                      {w.overridden && <span className="payroll-warnings__overridden"> {UI.overridden(w.overridden.reason, w.overridden.leftOut)}</span>}
                    </li>
                  ))}
                </ul>
                {folded && (
                  <button type="button" className="button button--secondary button--small" onClick={() => setUnfolded(new Set(unfolded).add(k))}>
                    {UI.showAll(list.length, WARNING_KIND_LABELS[k])}
                  </button>
                )}
              </section>
            );
          })}
        </>
      )}
    </section>
  );
}
