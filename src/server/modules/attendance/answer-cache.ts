/**
 * Serialized attendance answers by ETag. Every admin dashboard polls today's records every 10
 * seconds; after a punch, each of them gets a full answer — at 10,000 people 1.6 MB of JSON that
 * takes tens of milliseconds to read and serialize. The ETag is a fingerprint of exactly what the
 * answer holds, so one serialized answer per tag serves them all: the first request builds it,
 * requests arriving meanwhile wait for that same build, later ones copy it.
 *
 * Bounded in bytes, oldest first out; answers too big to be worth holding are built per request.
 */
export interface AnswerCache {
  /** The answer for `etag`, from the cache or from `build` (which is then kept, if small enough). */
  get(etag: string, build: () => Promise<string>): Promise<string>;
}

export function createAnswerCache({ maxBytes = 32 * 1024 * 1024, maxEntryBytes = 8 * 1024 * 1024 } = {}): AnswerCache {
  const entries = new Map<string, { answer: Promise<string>; bytes: number }>();
  let total = 0;

  const forget = (etag: string) => {
    const entry = entries.get(etag);
    if (!entry) return;
    entries.delete(etag);
    total -= entry.bytes;
  };

  return {
    get(etag, build) {
      const known = entries.get(etag);
      if (known) {
        // Most recently used last, so it leaves last.
        entries.delete(etag);
        entries.set(etag, known);
        return known.answer;
      }
      const entry = { answer: build(), bytes: 0 };
      entries.set(etag, entry);
      entry.answer.then(
        (answer) => {
          if (entries.get(etag) !== entry) return;
          // At most two bytes per character (V8 keeps ASCII text at one).
          entry.bytes = answer.length * 2;
          if (entry.bytes > maxEntryBytes) return forget(etag);
          total += entry.bytes;
          for (const [oldest] of entries) {
            if (total <= maxBytes) break;
            forget(oldest);
          }
        },
        // A failed build is not remembered; the caller sees the error and the next request retries.
        () => forget(etag),
      );
      return entry.answer;
    },
  };
}
