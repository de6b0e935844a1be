/**
 * Runs one import's writes in ONE transaction, with the answers every import gives:
 * - a dry run does every write and rolls back, so its answer is exactly what the import would do;
 * - `atomic`: one failed row and nothing is written (the kept report then lists the failed rows);
 * - otherwise the good rows are written and the bad ones reported.
 * A real import's report (every row's result, a failed row's cells) is kept in the same transaction.
 */
import type { Transaction } from 'kysely';
import type { ImportAnswer, ImportMode } from '../../shared/schemas/import';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { importAnswer, saveImportReport, type KeptRow } from './import-report';

export interface ImportRunOptions {
  kind: 'leave-balances' | 'attendance' | 'punches';
  actorId: number;
  fileName: string;
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
}

/** Thrown inside the transaction to roll a dry run (or a refused all-or-nothing import) back. */
class RollBack extends Error {}

/**
 * `failedBefore`: the rows the file's reading refused. `write` decides and writes the rest, returning
 * each row's result (it may throw an HttpError to refuse the whole import). `message` words the answer.
 */
export async function runImport(
  ctx: AppContext,
  opts: ImportRunOptions,
  failedBefore: readonly KeptRow[],
  write: (trx: Transaction<DB>, failed: readonly KeptRow[]) => Promise<KeptRow[]>,
  message: (kept: readonly KeptRow[], outcome: 'dry-run' | 'refused' | 'done') => string,
): Promise<ImportAnswer> {
  const now = ctx.now();
  let kept: KeptRow[] = [...failedBefore];
  let reportId: number | undefined;
  let rolledBack = false;
  await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      kept = [...kept, ...(await write(trx, kept))];
      if (opts.dryRun || (opts.atomic && kept.some((r) => r.result === 'failed'))) throw new RollBack();
      reportId = await saveImportReport(trx, { kind: opts.kind, actorId: opts.actorId, fileName: opts.fileName, mode: opts.mode, rows: kept }, now);
    })
    .catch((err) => {
      if (err instanceof RollBack) {
        rolledBack = true;
        return;
      }
      throw err;
    });
  if (rolledBack && !opts.dryRun) {
    // All or nothing, and something failed: the good rows were not written either.
    const failed = kept.filter((r) => r.result === 'failed');
    reportId = await saveImportReport(ctx.database.db, { kind: opts.kind, actorId: opts.actorId, fileName: opts.fileName, mode: opts.mode, rows: failed }, now);
    return importAnswer(message(failed, 'refused'), false, failed, reportId);
  }
  return importAnswer(message(kept, opts.dryRun ? 'dry-run' : 'done'), opts.dryRun, kept, reportId);
}
