/**
 * The optimistic status change the leave decision and the task status mutation share: the new
 * status shows at once in every cached list (so a dropdown does not snap back, and a decided
 * request leaves a filtered list, while the invalidated lists refetch), and every patch is undone
 * if the server refuses.
 */

/** What `dispatch(api.util.updateQueryData(...))` hands back. */
interface Patch {
  undo: () => void;
}

/** Applies `patch` to the cache entry of each of `cachedArgs`; undoes them all if the call fails. */
export async function patchCachedLists<Args>(
  cachedArgs: readonly Args[],
  patch: (args: Args) => Patch,
  queryFulfilled: Promise<unknown>,
): Promise<void> {
  const patches = cachedArgs.map(patch);
  try {
    await queryFulfilled;
  } catch {
    patches.forEach((p) => p.undo());
  }
}

/** In a cached list's draft: the row with this id takes the new status (a row not in it is no matter). */
export function setRowStatus<S>(rows: { _id: string; status: S }[], id: string, status: S): void {
  const row = rows.find((r) => r._id === id);
  if (row) row.status = status;
}
