/**
 * Memoized views of the leave and task lists: rows of one status whose search text holds every
 * word typed. The search text of each row is folded once per data set, then each keystroke is one
 * pass of `includes` over it; nothing is copied into component state.
 */
import { createSelector, lruMemoize } from '@reduxjs/toolkit';

/** Lower-case and without accents, so "zoe" finds "Zoë". */
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The words of a search, folded; an empty list matches everything. */
export const searchWords = (query: string): string[] => fold(query).split(/\s+/).filter(Boolean);

const NONE: readonly never[] = [];

/**
 * A selector (rows, status, query) -> the matching rows, in their order; `searchText` names what a
 * search looks in. Status '' means every status.
 */
export function makeStatusSearchSelector<T extends { status: string }>(searchText: (row: T) => string) {
  const selectText = createSelector([(rows: readonly T[]) => rows], (rows) => rows.map((row) => fold(searchText(row))));
  return createSelector(
    [
      (rows: readonly T[] | undefined) => rows ?? (NONE as readonly T[]),
      (_rows: unknown, status: string) => status,
      (_rows: unknown, _status: string, query: string) => query,
    ],
    (rows, status, query): readonly T[] => {
      const words = searchWords(query);
      if (!status && !words.length) return rows;
      const text = selectText(rows);
      return rows.filter((row, i) => (!status || row.status === status) && words.every((w) => text[i]!.includes(w)));
    },
    { memoize: lruMemoize, memoizeOptions: { maxSize: 8 } },
  );
}
