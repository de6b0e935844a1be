/**
 * The tools above a list: a search box, select filters, the count line and room for actions such
 * as Export CSV, and the pager of a list shown a page at a time. Each field has a visible label; the
 * count is announced politely as it changes.
 */
import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import { LIST_UI } from './list-copy';
import './list-controls.css';

/** The row of tools; `label` names it for assistive tech (a search landmark). */
export function ListToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="list-toolbar" role="search" aria-label={label}>
      {children}
    </div>
  );
}

interface SearchFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

export function SearchField({ id, label, value, onChange, placeholder }: SearchFieldProps) {
  return (
    <div className="list-toolbar__field list-toolbar__field--search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

interface SelectFilterProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, meaning "no filter" (value ''). */
  allLabel: string;
  options: readonly FilterOption[];
}

export function SelectFilter({ id, label, value, onChange, allLabel, options }: SelectFilterProps) {
  // A value from the address that is not among the options still shows, so the view explains itself.
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <div className="list-toolbar__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Buttons at the end of the toolbar (Export CSV). */
export function ToolbarActions({ children }: { children: ReactNode }) {
  return <div className="list-toolbar__actions">{children}</div>;
}

interface ResultCountProps {
  shown: number;
  total: number;
  /** Offered while a filter hides rows (or `filtered` says one is set). */
  onClear?: () => void;
  /** A filter is set, though the count may not show it (the server applied it). */
  filtered?: boolean;
}

/** "Showing 12 of 10,000", with a Clear filters button while some rows are hidden. */
export function ResultCount({ shown, total, onClear, filtered = shown < total }: ResultCountProps) {
  return (
    <div className="list-count">
      <p className="list-count__text" aria-live="polite" aria-atomic="true">
        {LIST_UI.showing(shown, total)}
      </p>
      {onClear && filtered && (
        <button type="button" className="list-count__clear" onClick={onClear}>
          {LIST_UI.clearFilters}
        </button>
      )}
    </div>
  );
}

/**
 * Where a paged list stands ("Showing 1–50 of 1,200", a spinner while the next page loads) and, when
 * there is more than one page, Previous and Next; `go` is given the offset of the page to show.
 */
export function CountPager({ label, count, offset, last, total, pageSize, busy, go }: { label: string; count: string; offset: number; last: number; total: number; pageSize: number; busy: boolean; go: (offset: number) => void }) {
  return (
    <div className="count-pager" role="navigation" aria-label={label}>
      <p className="count-pager__count" aria-live="polite" aria-atomic="true">
        {count}
        {busy && <Spinner />}
      </p>
      {total > pageSize && (
        <div className="button-row">
          <button type="button" className="button button--secondary button--small" disabled={offset === 0 || busy} onClick={() => go(Math.max(0, offset - pageSize))}>
            {LIST_UI.previous}
          </button>
          <button type="button" className="button button--secondary button--small" disabled={last >= total || busy} onClick={() => go(offset + pageSize)}>
            {LIST_UI.next}
          </button>
        </div>
      )}
    </div>
  );
}
