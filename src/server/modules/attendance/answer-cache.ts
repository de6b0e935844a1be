/**
 * Serialized attendance answers by ETag. Every admin dashboard polls today's records every 10
 * seconds; after a punch, each of them gets a full answer — at 10,000 people 1.6 MB of JSON that
 * takes tens of milliseconds to read and serialize. The ETag is a fingerprint of exactly what the
 * answer holds, so one serialized answer per tag serves them all: the first request builds it,
 * requests arriving meanwhile wait for that same build, later ones copy it.
 *
 * Bounded in bytes, oldest first out; answers too big to be worth holding are built per request.
 * Compressed copies (Buffers) are kept under their own keys, so a version is compressed once too.
 */
import { LRUCache } from 'lru-cache';

type Answer = string | Buffer;

export interface AnswerCache {
  /** The answer for `key`, from the cache or from `build` (which is then kept, if small enough). */
  get<T extends Answer>(key: string, build: () => Promise<T>): Promise<T>;
}

export function createAnswerCache({ maxBytes = 32 * 1024 * 1024, maxEntryBytes = 8 * 1024 * 1024 } = {}): AnswerCache {
  // lru-cache's fetch is the single flight: requests for a key being built share that build's
  // promise, and a failed build is not remembered (the caller sees the error, the next one retries).
  const cache = new LRUCache<string, Answer, () => Promise<Answer>>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    // At most two bytes per character (V8 keeps ASCII text at one).
    sizeCalculation: (answer) => Math.max(1, typeof answer === 'string' ? answer.length * 2 : answer.byteLength),
    fetchMethod: (_key, _stale, { context: build }) => build(),
    // A build pushed out by others while running still answers the requests waiting for it.
    ignoreFetchAbort: true,
  });

  return {
    async get<T extends Answer>(key: string, build: () => Promise<T>): Promise<T> {
      // A key is only ever built by one kind of build, so its answer has that build's type.
      return ((await cache.fetch(key, { context: build })) as T | undefined) ?? build();
    },
  };
}
