/** The admin header's 'Last updated' time, machine-readable for assistive tech. */
import { LABELS } from '../../copy';

export function LastUpdated({ at }: { at: Date }) {
  return (
    <p className="topbar__meta">
      {LABELS.lastUpdated}: <time dateTime={at.toISOString()}>{at.toLocaleTimeString()}</time>
    </p>
  );
}
