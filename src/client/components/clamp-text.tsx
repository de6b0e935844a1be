/**
 * Text cut at two lines with an ellipsis, so one long name, address or title cannot make its table
 * row tall. Nothing is lost: the whole text stays in the DOM (screen readers read all of it), and a
 * text that is actually cut becomes a tab stop with the whole text as its tooltip; focused (by Tab,
 * or by a tap on a phone) it opens to its full length until focus moves on.
 *
 * Whether a text is cut is known only after layout, and changes with the column's width, so one
 * ResizeObserver watches every clamped text on the page and sets those attributes directly on the
 * element (React does not own them): a few dozen rows in view cost nothing, and resizing the window
 * re-renders nothing.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Marks `el` as cut (focusable, with its text as tooltip) or not, from its laid-out size. */
function markClamped(el: HTMLElement): void {
  // Focused, it shows in full; its state is decided again once it closes on blur.
  if (el.ownerDocument.activeElement === el) return;
  const cut = el.scrollHeight > el.clientHeight + 1;
  if (cut) {
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    el.title = el.textContent ?? '';
    el.dataset.clamped = '';
  } else if (el.hasAttribute('data-clamped')) {
    el.removeAttribute('tabindex');
    el.removeAttribute('title');
    el.removeAttribute('data-clamped');
  }
}

let observer: ResizeObserver | null = null;

function watch(el: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) markClamped(entry.target as HTMLElement);
  });
  observer.observe(el);
  return () => observer?.unobserve(el);
}

interface ClampTextProps {
  /** The whole text as one string (what the tooltip shows, as the element's text content). */
  text: string;
  /** What to show, when it is more than the plain text (an address with its line-break points). */
  children?: ReactNode;
  className?: string;
}

export function ClampText({ text, children, className }: ClampTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    return el ? watch(el) : undefined;
  }, []);
  // A new text in the same element (a row reused for other data) may be cut where the old was not.
  useLayoutEffect(() => {
    if (ref.current && ref.current.clientHeight > 0) markClamped(ref.current);
  }, [text]);
  return (
    <span
      ref={ref}
      className={`data-table__clamp${className ? ` ${className}` : ''}`}
      onBlur={(e) => {
        // Closed again: the observer sees the size change and decides; this covers no change.
        const el = e.currentTarget;
        requestAnimationFrame(() => el.isConnected && markClamped(el));
      }}
    >
      {children ?? text}
    </span>
  );
}
