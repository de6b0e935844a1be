/**
 * A modal alert dialog (WAI-ARIA APG "Alert and Message Dialogs"): role="alertdialog" named by its
 * title and described by its message. It opens as a native modal <dialog> (showModal), so the page
 * behind is inert and the browser draws the backdrop; on top of that, Tab and Shift+Tab wrap
 * inside it (the APG's trap; the native dialog would let focus leave for the browser's toolbar),
 * Escape cancels, and the element that had focus before it opened gets it back when it closes.
 * It renders what it is given and decides nothing: the feedback host passes the answers on.
 */
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './feedback.css';

interface DialogProps {
  title: string;
  /** The message the dialog asks about or tells (its accessible description). */
  message: ReactNode;
  /** Escape, or the browser's own cancel request. */
  onCancel: () => void;
  /** Focused when the dialog opens; else its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  tone?: 'default' | 'danger';
  /** The fields and buttons. */
  children: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab moves between, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden],[inert]'));
}

export function Dialog({ title, message, onCancel, initialFocus, tone = 'default', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;

  // Layout effect: the dialog must hold the focus before the browser paints, and must give it back
  // in the same commit that removes it, before anything else re-renders (a disabled opener cannot
  // take focus back).
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; there the open attribute shows it and the keyboard trap still holds.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (initialFocus?.current ?? focusableIn(dialog)[0] ?? dialog).focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // The dialog is keyed by request: it opens once and closes once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(ref.current!);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    const inside = ref.current!.contains(active) && active !== ref.current;
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${tone}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={onKeyDown}
      // The browser's cancel (Escape, or a phone's back gesture) closes nothing by itself: the
      // answer goes through the feedback actor like any other.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={messageId} className="dialog__message">
        {message}
      </div>
      {children}
    </dialog>
  );
}
