/**
 * A section's "Loading…" line while its list is fetched: the spinner and the words in one muted
 * status line, so the section keeps its heading and a screen reader hears the words once.
 */
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="muted loading-line">
      <Spinner /> {children}
    </p>
  );
}
