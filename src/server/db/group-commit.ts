/**
 * Group commit for SQLite writers that arrive together (devices pushing punches at once). Under
 * synchronous=FULL every commit waits for the disk, and SQLite's one connection runs transactions
 * one after another anyway, so twenty devices each committing their own batch pay twenty syncs in a
 * row. Here the works that arrive together are gathered and run in one transaction,
 * each inside a savepoint of its own (a work that throws undoes only itself), and committed with one
 * sync. A work's promise settles only after the commit that holds it, so no caller is answered
 * before its write is durable; if the commit itself fails, every work of the group fails with it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';

interface Queued<DB> {
  work: (trx: Transaction<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Returns `run(work)`: `work` in a transaction shared with the works queued beside it. At most `most` works a transaction. */
export function createGroupCommit<DB>(db: Kysely<DB>, most = 50) {
  const queue: Queued<DB>[] = [];
  let draining = false;

  async function runGroup(group: Queued<DB>[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of group) {
          await sql`savepoint group_work`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await item.work(trx) });
          } catch (error) {
            await sql`rollback to group_work`.execute(trx);
            outcomes.push({ ok: false, error });
          }
          await sql`release group_work`.execute(trx);
        }
      });
    } catch (error) {
      for (const item of group) item.reject(error);
      return;
    }
    group.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (;;) {
        // better-sqlite3 answers every statement at once, so a transaction runs through to its commit
        // without letting the event loop read a socket: without this pause no request could arrive
        // while one is stored, and every group would hold one work. One turn of the loop lets the
        // requests already received queue up beside the first.
        await new Promise((resolve) => setImmediate(resolve));
        if (!queue.length) return;
        await runGroup(queue.splice(0, most));
      }
    } finally {
      draining = false;
    }
  }

  return function run<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
  };
}
