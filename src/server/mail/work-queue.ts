/**
 * Background work with bounded concurrency: mail that must not hold up an HTTP response (an
 * import's 100,000 invitations) is queued here and drained a few jobs at a time. The queue lives in
 * memory; what is still queued when the process stops is not sent, so a caller that must not lose
 * work keeps its own record of what is owed (invitations: users.invite_pending).
 */

export interface WorkQueue {
  /** Queues a job; a job's failure is passed to onError and never stops the queue. */
  push(job: () => Promise<void>): void;
  /** Resolves once nothing is queued or running. */
  idle(): Promise<void>;
  /** Drops the jobs not yet started and resolves once the running ones end; later pushes are ignored. */
  close(): Promise<void>;
  /** Jobs queued or running. */
  readonly size: number;
}

export function createWorkQueue(opts: { concurrency: number; onError: (err: unknown) => void }): WorkQueue {
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = () => {
    while (!closed && running < opts.concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      // Each job starts on a fresh turn of the event loop. On SQLite every query settles without
      // real I/O, so a chain of jobs started from promise callbacks alone would run to the end
      // before any request got a look in. (A synchronous throw is reported like a rejection.)
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch(opts.onError)
        .finally(() => {
          running -= 1;
          pump();
          settleIdle();
        });
    }
  };

  return {
    push(job) {
      if (closed) return;
      waiting.push(job);
      pump();
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close() {
      closed = true;
      waiting.length = 0;
      return this.idle();
    },
    get size() {
      return running + waiting.length;
    },
  };
}

/**
 * Runs fn over items with at most `limit` calls in flight. No new item is started once
 * `shouldStop()` says so (the app is closing) or a call has failed; resolves when every started
 * call has settled, and then rethrows the first failure, if any.
 */
export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
  opts: { shouldStop?: () => boolean } = {},
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure && !opts.shouldStop?.()) {
      const index = next++;
      try {
        await fn(items[index]!, index);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
}
