/**
 * List state kept in the address (?q=, ?status=, ?sort=&order=), so a filtered, sorted view can be
 * bookmarked, shared, and survives a reload or Back. Changes replace the history entry: typing a
 * search must not fill the Back button with one entry per letter.
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SortDirection, SortState } from './data-table';

/**
 * Sets several search parameters in one navigation ('' removes one). One call per change matters:
 * the router builds each update from the address as last rendered, so two calls in one event
 * would each undo the other's change.
 */
export function useUrlPatch(): (changes: Record<string, string>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value) params.set(name, value);
            else params.delete(name);
          }
          return params;
        },
        { replace: true },
      ),
    [setParams],
  );
}

/** One search parameter as a string ('' when absent) and its setter ('' removes it). */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const patch = useUrlPatch();
  const set = useCallback((next: string) => patch({ [name]: next }), [name, patch]);
  return [params.get(name) ?? '', set];
}

/**
 * A text box's value mirrored into the address. The box keeps its own state, because the router
 * applies address changes in a transition: a box bound straight to the address would lag a
 * keystroke behind and lose the caret. An address change the box did not write (Back, a link to
 * the same screen) replaces what is typed.
 */
export function useUrlText(name: string): [string, (value: string, also?: Record<string, string>) => void] {
  const [params] = useSearchParams();
  const urlValue = params.get(name) ?? '';
  const patch = useUrlPatch();
  const [state, setState] = useState({ text: urlValue, seen: urlValue, pending: [] as string[] });
  if (urlValue !== state.seen) {
    // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
    const mine = state.pending.indexOf(urlValue);
    setState(
      mine >= 0
        ? { text: state.text, seen: urlValue, pending: state.pending.slice(mine + 1) }
        : { text: urlValue, seen: urlValue, pending: [] },
    );
  }
  /** Sets the text (and `also` other parameters, in the same navigation). */
  const change = (text: string, also: Record<string, string> = {}) => {
    setState((s) => ({ ...s, text, pending: [...s.pending, text] }));
    patch({ ...also, [name]: text });
  };
  return [state.text, change];
}

const DESCENDING = 'desc';

/**
 * The sort order as ?sort=<column>&order=desc (ascending when `order` is absent); `columns` are the
 * sortable ids, so a hand-edited address cannot name another. `toggle` sorts by a column,
 * ascending first, and flips the direction on a second click.
 */
export function useUrlSort(columns: readonly string[]): [SortState | null, (column: string) => void] {
  const [params, setParams] = useSearchParams();
  const column = params.get('sort') ?? '';
  const direction: SortDirection = params.get('order') === DESCENDING ? 'descending' : 'ascending';
  const sort = columns.includes(column) ? { column, direction } : null;
  const toggle = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          const flip = params.get('sort') === next && params.get('order') !== DESCENDING;
          params.set('sort', next);
          if (flip) params.set('order', DESCENDING);
          else params.delete('order');
          return params;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [sort, toggle];
}
