/** Message banner: errors interrupt (role="alert"), confirmations and notices wait (role="status"). */
import type { ReactNode } from 'react';

export function Banner({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
