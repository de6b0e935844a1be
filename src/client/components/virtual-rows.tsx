/**
 * What the virtualized tables share (DataTable, the attendance register): a size observer that
 * never reports an empty box, and the spacer rows that keep the scroll height of the rows not rendered.
 */
import { observeElementRect, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';

/** The height assumed for a scroll box that reports none (not laid out yet, or no layout engine). */
const UNMEASURED_VIEWPORT_PX = 600;

/**
 * The library's size observer, except that a box reporting zero height counts as one screenful:
 * the virtualizer would otherwise render no rows at all until layout says otherwise.
 */
export const observeViewport = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_VIEWPORT_PX }));

/** The heights of the rows above and below the rendered window (0 and 0 when nothing is virtualized). */
export function windowPadding(virtualizer: Virtualizer<HTMLDivElement, Element>, items: readonly VirtualItem[]) {
  if (!items.length) return { top: 0, bottom: 0 };
  return { top: items[0]!.start, bottom: virtualizer.getTotalSize() - items[items.length - 1]!.end };
}

/** An empty row standing for `height` px of rows not rendered; nothing when there are none. */
export function SpacerRow({ height, colSpan, className }: { height: number; colSpan: number; className: string }) {
  if (height <= 0) return null;
  return (
    <tr className={className} aria-hidden="true">
      {/* A computed height set through the CSSOM, which the style-src 'self' policy allows. */}
      <td colSpan={colSpan} style={{ height }} />
    </tr>
  );
}
