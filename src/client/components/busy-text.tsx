/**
 * A button's words while its call runs: the spinner and what is under way ("Saving…"), else the
 * button's own label. The label stays in the button so the button keeps its width and its name.
 */
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function BusyText({ busy, busyText, children }: { busy: boolean; busyText: ReactNode; children: ReactNode }) {
  return (
    <>
      {busy && <Spinner />} {busy ? busyText : children}
    </>
  );
}
