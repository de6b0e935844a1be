/**
 * The employee's "Punches reviewed by an admin" card, under their attendance: each punch of theirs
 * that was held for review (in the future, too old, in an approved month), why it was held, and
 * whether an admin applied or discarded it, with the reason they gave. Shown only when there is one.
 */
import { useGetMyHeldPunchesQuery } from './attendance-api';
import type { MyHeldPunch } from '../../../shared/schemas/device';
import { HELD_PUNCHES_UI as UI } from './attendance-copy';
import './attendance-screens.css';

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

function outcome(p: MyHeldPunch): string {
  if (p.state === 'applied') return UI.applied(p.decisionReason ?? '');
  if (p.state === 'discarded') return UI.discarded(p.decisionReason ?? '');
  return UI.waiting;
}

export function HeldPunchesCard() {
  // A failure to load leaves the card out, as when there is nothing to show: the punch screen above
  // is what the employee came for, and a reviewed punch also shows in their day's record.
  const { data } = useGetMyHeldPunchesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data?.length) return null;
  return (
    <section className="card" aria-labelledby="held-punches-title">
      <h2 id="held-punches-title">{UI.title}</h2>
      <p className="muted">{UI.intro}</p>
      <ul className="held-punches" aria-labelledby="held-punches-title">
        {data.map((p) => (
          <li key={p._id} className="held-punches__item">
            <strong>{when(p.punchedAt)}</strong>
            {p.deviceName && <span className="muted"> · {p.deviceName}</span>}
            <br />
            {p.heldReason && <span>{UI.heldBecause(p.heldReason)} </span>}
            <span className={`held-punches__outcome held-punches__outcome--${p.state}`}>{outcome(p)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
