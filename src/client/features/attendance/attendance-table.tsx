/**
 * The attendance tables: a real <table> whose body renders only the rows in view (virtualized with
 * @tanstack/react-virtual), so a year of a 10,000-person company never puts millions of rows in the
 * DOM. Spacer rows keep the scroll height; aria-rowcount/aria-rowindex tell assistive tech the full
 * size and each row's place. Rows are one or two lines (CSS): each rendered row is measured, and
 * the first one's height estimates the rows not yet seen.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { ATTENDANCE_UI } from './attendance-copy';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sets the column's width class (fixed table layout). */
  className?: string;
}

interface AttendanceTableProps<T> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** The heading's text, for the scroll region's name. */
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
}

/** Until a row is measured: 1.5 line-height at 16px plus the cell padding and border of styles.css. */
const DEFAULT_ROW_PX = 41;
/** Rows rendered beyond the visible ones, so fast scrolling does not flash blank space. */
const OVERSCAN = 10;
/** The height assumed for a scroll box that reports none (not laid out yet, hidden, or no layout engine). */
const UNMEASURED_VIEWPORT_PX = 600;

/**
 * The library's size observer, except that a box reporting zero height counts as one screenful:
 * the virtualizer would otherwise render no rows at all until layout says otherwise.
 */
const observeViewport = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_VIEWPORT_PX }));

export function AttendanceTable<T>({ labelledBy, title, rows, columns, rowKey }: AttendanceTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [rowPx, setRowPx] = useState(DEFAULT_ROW_PX);
  // The project does not run the React Compiler; the virtualizer is meant to be read during render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowPx,
    getItemKey: (index) => rowKey(rows[index]!),
    overscan: OVERSCAN,
    observeElementRect: observeViewport,
    // A row that reports no height (not laid out, or no layout engine) keeps the estimate.
    measureElement: (row) => row.getBoundingClientRect().height || rowPx,
  });
  const items = virtualizer.getVirtualItems();

  // The real row height depends on the user's font size; measure one row and size the rest alike.
  useLayoutEffect(() => {
    // The shortest row on screen (one line): a two-line row would overestimate every unseen one.
    const rows = scrollRef.current?.querySelectorAll('tbody tr[data-index]') ?? [];
    const height = Math.min(Infinity, ...[...rows].map((row) => row.getBoundingClientRect().height).filter((h) => h > 0));
    if (!Number.isFinite(height)) return;
    if (height > 0 && Math.abs(height - rowPx) > 0.5) setRowPx(height);
  }, [rowPx, items.length]);

  // The estimate changed: the rows not yet seen are re-estimated. Not on mount, where the rows have
  // just been measured as they attached: forgetting and re-measuring them there cost a forced layout
  // and another render of the table in the same task as the first one.
  const measuredPx = useRef(rowPx);
  useLayoutEffect(() => {
    if (measuredPx.current === rowPx) return;
    measuredPx.current = rowPx;
    virtualizer.measure();
    // measure() forgets the rows' own heights too; take them again from the rows on screen.
    scrollRef.current?.querySelectorAll<HTMLTableRowElement>('tbody tr[data-index]').forEach((row) => virtualizer.measureElement(row));
  }, [virtualizer, rowPx]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const spacer = (height: number) =>
    height > 0 && (
      <tr className="table__spacer" aria-hidden="true">
        {/* A computed height set through the CSSOM, which the style-src 'self' policy allows. */}
        <td colSpan={columns.length} style={{ height }} />
      </tr>
    );

  return (
    // Focusable, so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div ref={scrollRef} className="table-scroll" tabIndex={0} role="region" aria-label={ATTENDANCE_UI.tableRegion(title)}>
      <table className="table table--attendance" aria-labelledby={labelledBy} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(paddingTop)}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              // Measured as rendered: a long name or address makes its row two lines tall.
              <tr key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                {columns.map((column) => (
                  <td key={column.id}>{column.cell(row)}</td>
                ))}
              </tr>
            );
          })}
          {spacer(paddingBottom)}
        </tbody>
      </table>
    </div>
  );
}
