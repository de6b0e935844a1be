/**
 * Every import's answer and its kept report: the counts, each row's result, and for a failed row the
 * values it was given, so the failed rows download as a file ready to fix and upload again.
 */
import type { Kysely, Transaction } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { escapeFormula } from '../spreadsheet-safety';
import type { ImportAnswer, ImportCounts, ImportMode, ImportReport, ImportReportDetail, ImportRow } from '../../shared/schemas/import';
import type { DB } from '../db/schema';
import type { RowError } from '../csv-table';
import { countOf } from '../../shared/format';

type Db = Kysely<DB> | Transaction<DB>;

/** A row's result with, when it failed, the cells it had (by column) for the failed-rows file. */
export interface KeptRow extends ImportRow {
  values?: Record<string, string>;
}

/** A sheet's rows its reading refused, as failed rows of the report (with the cells they had). */
export const refusedRows = (errors: readonly (RowError & { employeeId: string | null; values: Record<string, string> })[]): KeptRow[] =>
  errors.map((e) => ({ row: e.row, employeeId: e.employeeId, result: 'failed', error: e.message, values: e.values }));

/** Row errors listed in one answer's `errors`; a file of 100,000 bad rows gets a count for the rest. */
export const IMPORT_ERROR_LIMIT = 1000;

export const countsOf = (rows: readonly ImportRow[]): ImportCounts => {
  const counts = { added: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const r of rows) counts[r.result] += 1;
  return counts;
};

/** 'Row 4: invalid email "x@"', in row order, at most IMPORT_ERROR_LIMIT of them plus a count. */
export function rowErrors(rows: readonly ImportRow[]): string[] {
  const failed = rows.filter((r) => r.result === 'failed').sort((a, b) => a.row - b.row);
  const shown = failed.slice(0, IMPORT_ERROR_LIMIT).map((r) => `Row ${r.row}: ${r.error ?? 'failed'}`);
  if (failed.length > IMPORT_ERROR_LIMIT) shown.push(`...and ${countOf(failed.length - IMPORT_ERROR_LIMIT, 'more row')} with errors`);
  return shown;
}

/** A row as answered: without its kept values. A plain row (most of a big file) is answered as it is, not copied. */
const answeredRow = (kept: KeptRow): ImportRow => {
  const { row, employeeId, result, error, problems, values } = kept;
  if (error === undefined && problems === undefined && values === undefined) return kept;
  return {
    row,
    employeeId,
    result,
    ...(error !== undefined && { error }),
    // Listed only when there is more than one: a single problem is the error itself.
    ...(problems !== undefined && problems.length > 1 && { problems }),
  };
};

/** The answer without the failed rows' kept values. */
export function importAnswer(msg: string, dryRun: boolean, rows: readonly KeptRow[], reportId?: number): ImportAnswer {
  const sorted = [...rows].sort((a, b) => a.row - b.row);
  return {
    msg,
    dryRun,
    counts: countsOf(sorted),
    rows: sorted.map(answeredRow),
    errors: rowErrors(sorted),
    ...(reportId !== undefined && { reportId: String(reportId) }),
  };
}

/** Keeps a real import's report; returns its id. */
export async function saveImportReport(
  db: Db,
  report: { kind: string; actorId: number; fileName: string; mode: ImportMode; rows: readonly KeptRow[] },
  now: Date,
): Promise<number> {
  const counts = countsOf(report.rows);
  const saved = await db
    .insertInto('import_reports')
    .values({
      kind: report.kind,
      actor_id: report.actorId,
      file_name: report.fileName,
      mode: report.mode,
      ...counts,
      rows_json: JSON.stringify([...report.rows].sort((a, b) => a.row - b.row)),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(saved.id);
}

const reportColumns = (db: Db) =>
  db
    .selectFrom('import_reports')
    .innerJoin('users', 'users.id', 'import_reports.actor_id')
    .select([
      'import_reports.id',
      'import_reports.kind',
      'import_reports.file_name',
      'import_reports.mode',
      'import_reports.added',
      'import_reports.updated',
      'import_reports.unchanged',
      'import_reports.failed',
      'import_reports.created_at',
      'users.name as by',
    ]);

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportColumns>['executeTakeFirstOrThrow']>>;

const toReport = (r: ReportRow): ImportReport => ({
  _id: String(r.id),
  kind: r.kind,
  fileName: r.file_name,
  mode: r.mode,
  by: r.by,
  createdAt: r.created_at,
  counts: { added: Number(r.added), updated: Number(r.updated), unchanged: Number(r.unchanged), failed: Number(r.failed) },
});

/** The latest imports (of one kind when given), newest first. */
export async function listImportReports(db: Db, kind: string | undefined, limit = 100): Promise<ImportReport[]> {
  let query = reportColumns(db).orderBy('import_reports.id', 'desc').limit(limit);
  if (kind) query = query.where('import_reports.kind', '=', kind);
  return (await query.execute()).map(toReport);
}

export async function findImportReport(db: Db, id: number): Promise<(ImportReportDetail & { kept: KeptRow[] }) | undefined> {
  const r = await reportColumns(db).select('import_reports.rows_json').where('import_reports.id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const kept = JSON.parse(r.rows_json) as KeptRow[];
  return { ...toReport(r), rows: kept.map(answeredRow), kept };
}

/** The failed rows as CSV: the import's columns as they were given, then `error`; cells escaped against formulas. */
export function failedRowsCsv(columns: readonly string[], kept: readonly KeptRow[]): string {
  const failed = kept.filter((r) => r.result === 'failed');
  const records = [[...columns, 'error'], ...failed.map((r) => [...columns.map((c) => r.values?.[c] ?? ''), r.error ?? ''].map(escapeFormula))];
  return '\uFEFF' + stringify(records, { record_delimiter: '\r\n' });
}

/** 'Row 4: invalid email "x@"', in row order, at most IMPORT_ERROR_LIMIT of them plus a count (the holiday import's answer). */
export const formatErrors = (errors: readonly RowError[]): string[] =>
  rowErrors(errors.map((e) => ({ row: e.row, employeeId: null, result: 'failed' as const, error: e.message })));
