/**
 * Background work with bounded concurrency: mail that must not hold up an HTTP response (an
 * import's 100,000 invitations) is queued here and drained a few jobs at a time. The queue lives in
 * memory; what is still queued when the process stops is not sent, so a caller that must not lose
 * work keeps its own record of what is owed (invitations: users.invite_pending). The queue itself
 * is fastq's; this adds the fresh event-loop turn per job, failure reporting and close().
 */
import fastq from 'fastq';

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
  const queue = fastq.promise(async (job: () => Promise<void>) => {
    // Each job starts on a fresh turn of the event loop. On SQLite every query settles without
    // real I/O, so a chain of jobs started from promise callbacks alone would run to the end
    // before any request got a look in. (A synchronous throw is reported like a rejection.)
    await new Promise<void>((resolve) => setImmediate(resolve));
    await job();
  }, opts.concurrency);
  let closed = false;
  const idle = () => (queue.idle() ? Promise.resolve() : queue.drained());

  return {
    push(job) {
      if (!closed) queue.push(job).catch(opts.onError);
    },
    idle,
    close() {
      closed = true;
      // Drops the waiting jobs (their promises never settle, so nothing is reported for them).
      queue.kill();
      return idle();
    },
    get size() {
      return queue.length() + queue.running();
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
