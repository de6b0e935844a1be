/**
 * A status shown as a pill (leave requests, tasks): the word carries the meaning and the colour only
 * repeats it, so the status reads the same without colour. Each feature maps its statuses to a tone.
 */
import type { ReactNode } from 'react';
import './status-badge.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
