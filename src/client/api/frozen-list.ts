/**
 * Large list answers (today's 10,000 attendance records, the 10,000-person roster) frozen as they
 * arrive, before they enter the store. The store's reducers run in immer, which deep-walks and
 * freezes every new value it is handed: for a 10,000-row answer that walk was most of the time a
 * poll spent in Redux (a quarter of a second on a fast desktop, several times that on a phone).
 * Immer skips a value that is already frozen, so freezing the rows here with plain Object.freeze
 * costs a few milliseconds and keeps the same guarantee: nothing may mutate a cached answer.
 * Rows are flat objects of primitives, so freezing each row and the array freezes all of it.
 */
export function frozenList<T extends object>(rows: T[]): readonly T[] {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
}
