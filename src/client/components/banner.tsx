/**
 * Message banner: errors interrupt (role="alert"), confirmations and notices wait (role="status").
 * With `onDismiss` it gets a close button (a notice that came with a redirect stays
 * until the person dismisses it).
 */
import type { ReactNode } from 'react';
import './feedback.css';

interface BannerProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
  /** The close button's accessible name. */
  dismissLabel?: string;
}

export function Banner({ tone, children, onDismiss, dismissLabel }: BannerProps) {
  const role = tone === 'error' ? 'alert' : 'status';
  if (!onDismiss) {
    return (
      <div className={`banner banner--${tone}`} role={role}>
        {children}
      </div>
    );
  }
  return (
    <div className={`banner banner--${tone} banner--dismissable`}>
      {/* The live region holds only the message, so the button's name is not read with it. */}
      <p className="banner__text" role={role}>
        {children}
      </p>
      <button type="button" className="banner__dismiss" aria-label={dismissLabel} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
