/**
 * A pure function's results, kept by key: a payroll register asks for the same few months' dates,
 * weekdays and spans thousands of times. The map empties itself past `most` entries, so a
 * long-running server never grows it without bound (a clear is cheaper than an LRU's bookkeeping,
 * and the keys in use come back at once).
 */
export function keptResults<V>(compute: (key: string) => V, most: number): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= most) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
