/** A form's full-width submit button, with the spinner while its call runs. */
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--block">
      {busy && <Spinner />} {children}
    </button>
  );
}
