/** A form's submit button, with the spinner while its call runs: full width unless `block` is false. */
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function SubmitButton({ busy, block = true, children }: { busy: boolean; block?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={block ? 'button button--block' : 'button'}>
      {busy && <Spinner />} {children}
    </button>
  );
}
