/**
 * The toast stack. An error toast is a role="alert" (assertive; an alert is announced when it is
 * inserted) and stays until dismissed; a success or note is a role="status" inside a polite live
 * container that is always in the page (a polite region must exist before its content arrives, or
 * screen readers miss the first message). The container is non-atomic, so only the toast that
 * arrives is read, not the whole stack again; it has no role of its own, so an empty stack is not
 * a status anyone can find.
 * Every toast has a Dismiss button; Escape on a focused toast dismisses it too. While the pointer or
 * focus is on the stack the owner holds the timers (onHold / onRelease).
 * On a phone the toast spans an edge of the screen; `data-edge` says which (feedback.css).
 */
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Toast } from '../feedback/feedback-machine';
import './feedback.css';

interface ToastRegionProps {
  label: string;
  toasts: readonly Toast[];
  dismissLabel: (message: string) => string;
  onDismiss: (id: string) => void;
  onHold: () => void;
  onRelease: () => void;
}

/**
 * The screen edge away from where the person is working: the focused control (the button whose
 * outcome the toast tells, the field after it) in the lower half sends the toast to the top, else
 * it sits at the bottom. Worked out once as a toast arrives, never while it shows, so it does not jump.
 */
function edgeAwayFromFocus(region: HTMLElement | null): 'top' | 'bottom' | null {
  const active = document.activeElement;
  if (!active || active === document.body || region?.contains(active)) return null;
  const box = active.getBoundingClientRect();
  return box.top + box.height / 2 > window.innerHeight / 2 ? 'top' : 'bottom';
}

export function ToastRegion({ label, toasts, dismissLabel, onDismiss, onHold, onRelease }: ToastRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Where the keyboard came from, to go back there once the last toast it reached is gone.
  const cameFrom = useRef<HTMLElement | null>(null);
  const [edge, setEdge] = useState<'top' | 'bottom'>('bottom');
  const newest = toasts[toasts.length - 1]?.id;
  // Before paint, so the toast never shows at one edge and then moves to the other.
  useLayoutEffect(() => {
    if (newest) setEdge((kept) => edgeAwayFromFocus(ref.current) ?? kept);
  }, [newest]);

  const onFocus = (event: FocusEvent) => {
    if (!ref.current?.contains(event.relatedTarget as Node | null)) {
      cameFrom.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
      onHold();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!ref.current?.contains(event.relatedTarget as Node | null)) onRelease();
  };

  // A dismissal by keyboard must not drop the focus on <body>: the next toast's button takes it,
  // or, after the last one, the element the keyboard came from.
  const dismiss = (id: string, byKeyboard: boolean) => {
    if (byKeyboard) {
      const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('.toast__dismiss') ?? []);
      const index = buttons.findIndex((b) => b.dataset.toast === id);
      const next = buttons[index + 1] ?? buttons[index - 1];
      if (next) next.focus();
      else if (cameFrom.current?.isConnected) cameFrom.current.focus();
    }
    onDismiss(id);
  };

  const item = (toast: Toast) => (
    <div
      key={toast.id}
      className={`toast toast--${toast.tone}`}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          dismiss(toast.id, true);
        }
      }}
    >
      {/* Only the message is live: the button's name is not read out with it. */}
      <p className="toast__message" role={toast.tone === 'error' ? 'alert' : 'status'}>
        {toast.message}
      </p>
      <button
        type="button"
        className="toast__dismiss"
        data-toast={toast.id}
        aria-label={dismissLabel(toast.message)}
        // detail 0: a click made with the keyboard (Enter or Space), not the pointer.
        onClick={(event) => dismiss(toast.id, event.detail === 0)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );

  const errors = toasts.filter((t) => t.tone === 'error');
  const notes = toasts.filter((t) => t.tone !== 'error');

  return (
    <div
      ref={ref}
      className="toast-region"
      data-edge={edge}
      // A landmark only while there is something to find in it.
      role={toasts.length ? 'region' : undefined}
      aria-label={toasts.length ? label : undefined}
      onMouseEnter={onHold}
      onMouseLeave={onRelease}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="toast-region__list">{errors.map(item)}</div>
      <div aria-live="polite" aria-atomic="false" className="toast-region__list">
        {notes.map(item)}
      </div>
    </div>
  );
}
