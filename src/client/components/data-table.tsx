/**
 * The app's list table: a real <table> with sortable headers whose body renders only the rows in
 * view (virtualized with @tanstack/react-virtual), so 10,000 rows stay as smooth as ten. Spacer
 * rows keep the scroll height; aria-rowcount and aria-rowindex give assistive tech the full size
 * and each row's place. Column widths come from every row's text (column-widths.ts), so they do
 * not jump while scrolling or filtering, and no word is ever cut. A row is one or two lines: text
 * columns marked `clamp` stop at two lines with an ellipsis (ClampText: whole on hover, and on
 * focus for keyboard and touch); on a phone's cards only free text does. The table scrolls inside its own focusable box, both ways, so the
 * page never scrolls sideways.
 *
 * Sorting is the caller's: the table shows `sort` (aria-sort on the header, an arrow beside its
 * text) and reports clicks through `onSort`; the rows arrive already in order.
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { measureElement as measureRowElement, useVirtualizer } from '@tanstack/react-virtual';
import { ClampText } from './clamp-text';
import { columnStats, distributeWidths, type ColumnSizing } from './column-widths';
import { observeViewport, SpacerRow, windowPadding } from './virtual-rows';
import './data-table.css';

export type SortDirection = 'ascending' | 'descending';

/** Which column the rows are ordered by, and which way. */
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** What a cell may know of its column: room it may fill (an address keeps its domain whole when it fits). */
export interface CellLayout {
  widthEm?: number;
}

export interface DataColumn<T> extends ColumnSizing {
  id: string;
  header: string;
  /** The cell's content; `widthEm` is the column's inner width in em of the table's text, once laid out. */
  cell: (row: T, layout: CellLayout) => ReactNode;
  /** The cell as plain text: sizes the column (and, with `clamp`, names what a cut text holds). */
  text?: (row: T) => string;
  /** Amounts: right-aligned and never wrapped. */
  numeric?: boolean;
  /**
   * Free text (a reason, a description) that stays cut at two lines on phone cards too; other
   * `clamp` columns show in full there, where a card has the room.
   */
  clampOnCards?: boolean;
  /** Stays in view at the right edge while the table scrolls sideways (row actions). */
  stickyEnd?: boolean;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** Name of the scroll box (a landmark of its own, apart from the card the heading names). */
  regionLabel: string;
  sort?: SortState | null;
  onSort?: (column: string) => void;
  /** Rows that size the columns; all of them, so a filter does not make the columns jump. */
  sizingRows?: readonly T[];
  /** Up to this many rows render whole (find-in-page sees them all); virtualized beyond. */
  virtualizeAbove?: number;
  busy?: boolean;
  /** Marks a row whose action is in flight. */
  rowBusy?: (row: T) => boolean;
  /** The first paint's guess of a row's height; rows are measured once rendered. */
  rowEstimatePx?: number;
  /**
   * A box narrower than STACK_BELOW_PX shows the rows as cards (the default); false keeps the
   * columns there, and the table scrolls sideways in its own box.
   */
  cards?: boolean;
  className?: string;
}

/** Rows rendered beyond each edge of the view, so fast scrolling and Tab never meet an empty area. */
const OVERSCAN = 10;
/** Font size and cell padding assumed until the table is laid out (styles of data-table.css). */
const DEFAULT_EM_PX = 16;
const DEFAULT_PADDING_PX = 24;
/**
 * A box narrower than this (a phone) shows each row as a card of "label value" lines instead of
 * columns, once the columns would not fit anyway: no sideways scrolling to reach a row's actions.
 */
const STACK_BELOW_PX = 560;

interface BoxMetrics {
  width: number;
  emPx: number;
  paddingPx: number;
}

/** The scroll box's inner width and the table's font and cell padding, kept current on resize. */
function useBoxMetrics(scrollRef: React.RefObject<HTMLDivElement | null>): BoxMetrics | null {
  const [metrics, setMetrics] = useState<BoxMetrics | null>(null);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => {
      const width = box.clientWidth;
      if (width <= 0) return; // not laid out (hidden, or no layout engine): keep the CSS widths
      const table = box.querySelector('table');
      const th = box.querySelector('th');
      const emPx = table ? parseFloat(getComputedStyle(table).fontSize) || DEFAULT_EM_PX : DEFAULT_EM_PX;
      const style = th ? getComputedStyle(th) : null;
      const paddingPx = style
        ? (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0) + 2
        : DEFAULT_PADDING_PX;
      setMetrics((old) =>
        old && old.width === width && old.emPx === emPx && old.paddingPx === paddingPx ? old : { width, emPx, paddingPx },
      );
    };
    // Measured before the first paint, so the columns never show at a wrong width.
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [scrollRef]);
  return metrics;
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  labelledBy,
  regionLabel,
  sort = null,
  onSort,
  sizingRows = rows,
  virtualizeAbove = 0,
  busy = false,
  rowBusy,
  rowEstimatePx = 48,
  cards = true,
  className,
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const metrics = useBoxMetrics(scrollRef);
  // Sizing walks every row, so it reruns only for new rows or a different set of columns; callers
  // may rebuild `columns` on each render (their cells close over handlers) without paying for it.
  const columnsKey = columns
    .map((c) => `${c.id}:${c.header}:${c.nowrap ? 1 : 0}:${c.clamp ? 1 : 0}:${c.sortable ? 1 : 0}:${c.widthEm?.min}:${c.widthEm?.pref}:${c.widthEm?.grow ? 1 : 0}`)
    .join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by columnsKey, see above
  const stats = useMemo(() => columnStats(columns, sizingRows), [columnsKey, sizingRows]);
  const stacked = cards && metrics !== null && metrics.width < STACK_BELOW_PX;
  const widths = metrics && !stacked ? distributeWidths(stats, metrics.width, metrics.emPx, metrics.paddingPx) : null;
  // As cards the table is laid out as blocks, which some browsers take to mean "not a table"; the
  // roles say it still is one.
  const role = (name: string) => (stacked ? name : undefined);

  const virtual = rows.length > virtualizeAbove;
  // The project does not run the React Compiler; the virtualizer is meant to be read during render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowEstimatePx,
    getItemKey: (index) => rowKey(rows[index]!),
    overscan: OVERSCAN,
    observeElementRect: observeViewport,
    // A row that reports no height (not laid out) keeps the estimate instead of collapsing to 0,
    // which would pull every row into the window.
    measureElement: (element, entry, instance) => measureRowElement(element, entry, instance) || rowEstimatePx,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const visible: readonly { index: number; key: string | number | bigint }[] = virtual
    ? items
    : rows.map((row, index) => ({ index, key: rowKey(row) }));
  const padding = windowPadding(virtualizer, items);
  const tableWidth = widths?.reduce((a, b) => a + b, 0);
  const layouts: CellLayout[] = columns.map((_, i) =>
    widths && metrics ? { widthEm: (widths[i]! - metrics.paddingPx) / metrics.emPx } : {},
  );

  return (
    // Focusable, so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div ref={scrollRef} className={virtual ? 'data-table__scroll data-table__scroll--virtual table-scroll' : 'data-table__scroll table-scroll'} tabIndex={0} role="region" aria-label={regionLabel}>
      <table
        role={role('table')}
        className={`data-table${stacked ? ' data-table--stacked' : ''}${className ? ` ${className}` : ''}`}
        aria-labelledby={labelledBy}
        aria-rowcount={rows.length + 1}
        aria-busy={busy}
        style={tableWidth ? { width: tableWidth } : undefined}
      >
        <colgroup>
          {columns.map((column, i) => (
            <col key={column.id} style={widths ? { width: widths[i] } : undefined} />
          ))}
        </colgroup>
        <thead role={role('rowgroup')}>
          <tr aria-rowindex={1} role={role('row')}>
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} role={role('columnheader')} />
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>
          <SpacerRow height={padding.top} colSpan={columns.length} className="data-table__spacer" />
          {visible.map(({ index, key }) => {
            const row = rows[index]!;
            return (
              <tr
                key={String(key)}
                role={role('row')}
                data-index={index}
                ref={virtual ? virtualizer.measureElement : undefined}
                aria-rowindex={index + 2}
                aria-busy={rowBusy?.(row) || undefined}
                className={index % 2 ? 'data-table__row--alt' : undefined}
              >
                {columns.map((column, i) => {
                  const clampText = column.clamp && (!stacked || column.clampOnCards) ? column.text?.(row) : undefined;
                  const cell = column.cell(row, layouts[i]!);
                  const content = clampText === undefined ? cell : <ClampText text={clampText}>{cell}</ClampText>;
                  return (
                    <td key={column.id} className={cellClass(column)} role={role('cell')}>
                      {!stacked ? (
                        content
                      ) : isBlank(cell) ? null : (
                        <>
                          {/* The column's name on each card line; screen readers have the header. */}
                          <span className="data-table__label" aria-hidden="true">
                            {column.header}
                          </span>
                          <span className="data-table__value">{content}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          <SpacerRow height={padding.bottom} colSpan={columns.length} className="data-table__spacer" />
        </tbody>
      </table>
    </div>
  );
}

/** A cell that renders nothing: on a card it gets no line, rather than a column name with nothing beside it. */
const isBlank = (cell: ReactNode) => cell === null || cell === undefined || cell === false || cell === '';

function cellClass(column: ColumnSizing & { numeric?: boolean; stickyEnd?: boolean }): string | undefined {
  const classes = [
    column.numeric ? 'data-table__number' : column.nowrap ? 'data-table__nowrap' : '',
    column.stickyEnd ? 'data-table__sticky-end' : '',
  ].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

interface HeaderCellProps<T> {
  column: DataColumn<T>;
  sort: SortState | null;
  onSort?: (column: string) => void;
  role?: string;
}

/**
 * A column header. Sortable ones hold a button (keyboard and pointer alike) and, while the rows
 * are ordered by them, aria-sort; the arrow is drawn, not written, so the header's text and the
 * button's name stay the column's name.
 */
function HeaderCell<T>({ column, sort, onSort, role }: HeaderCellProps<T>) {
  const direction = sort?.column === column.id ? sort.direction : null;
  const sortable = column.sortable && onSort;
  return (
    <th
      scope="col"
      role={role}
      className={cellClass(column)}
      aria-sort={direction ?? undefined}
      data-sortable={sortable ? '' : undefined}
    >
      {sortable ? (
        <button type="button" className="data-table__sort" onClick={() => onSort(column.id)}>
          {column.header}
          <SortArrow direction={direction} />
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

function SortArrow({ direction }: { direction: SortDirection | null }) {
  return (
    <svg
      className={`data-table__arrow${direction ? ' data-table__arrow--active' : ''}`}
      viewBox="0 0 10 14"
      width="10"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      {direction !== 'descending' && <path d="M5 1 9 6H1z" />}
      {direction !== 'ascending' && <path d="M5 13 1 8h8z" />}
    </svg>
  );
}
