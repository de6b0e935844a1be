/**
 * The tools above the leave and task lists: a search over the rows in hand (?q=) and a status
 * filter the server applies (?status=), both kept in the address so a filtered list can be shared
 * or reloaded, and the "Showing 3 of 40" line with its way back to everything.
 */
import { useDeferredValue } from 'react';
import { ListToolbar, ResultCount, SearchField, SelectFilter, type FilterOption } from './list-controls';
import { LIST_UI } from './list-copy';
import { useUrlParam, useUrlText } from './use-url-state';

/** The list's status (one of `statuses`, or '' for all) and search text, read from the address. */
export function useStatusSearch<const S extends string>(statuses: readonly S[]) {
  const [statusParam, setStatus] = useUrlParam('status');
  const status: S | '' = (statuses as readonly string[]).includes(statusParam) ? (statusParam as S) : '';
  const [query, setQuery] = useUrlText('q');
  return {
    status,
    setStatus,
    query,
    setQuery,
    /** The text the rows are filtered by: deferred, so typing stays quick over long lists. */
    searched: useDeferredValue(query),
    filtering: Boolean(status || query),
    clear: () => setQuery('', { status: '' }),
  };
}

export type StatusSearch<S extends string> = ReturnType<typeof useStatusSearch<S>>;

interface StatusSearchToolsProps<S extends string> {
  /** Prefix of the fields' ids: `${idPrefix}-search`, `${idPrefix}-status-filter`. */
  idPrefix: string;
  /** The toolbar's accessible name. */
  label: string;
  searchLabel: string;
  searchHint?: string;
  options: readonly FilterOption[];
  filter: StatusSearch<S>;
  /** Rows shown after filtering, and rows in hand. */
  shown: number;
  total: number;
  loading: boolean;
}

export function StatusSearchTools<S extends string>({ idPrefix, label, searchLabel, searchHint, options, filter, shown, total, loading }: StatusSearchToolsProps<S>) {
  return (
    <>
      {/* An empty list has nothing to search, unless a filter is what emptied it. */}
      {(filter.filtering || total > 0) && (
        <ListToolbar label={label}>
          <SearchField id={`${idPrefix}-search`} label={searchLabel} placeholder={searchHint} value={filter.query} onChange={filter.setQuery} />
          <SelectFilter
            id={`${idPrefix}-status-filter`}
            label={LIST_UI.filterByStatus}
            allLabel={LIST_UI.allStatuses}
            value={filter.status}
            onChange={filter.setStatus}
            options={options}
          />
        </ListToolbar>
      )}
      {!loading && filter.filtering && <ResultCount shown={shown} total={total} filtered onClear={filter.clear} />}
    </>
  );
}
