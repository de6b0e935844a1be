/** The balances report's rows as the screen shows them (search) and as its CSV export writes them. */
import { csvText } from '../../../shared/csv-text';
import { localDateString } from '../../../shared/format';
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { csvFile, type DownloadedFile } from '../../api/download';
import { errorMessage } from '../../api/error-message';
import { LIST_UI } from '../../components/list-copy';
import { fold, searchWords } from '../../components/list-filter';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { LEAVE_BALANCE_UI as UI } from './leave-balance-copy';

/** Days as a balance shows them: 9, 12.5. */
export const formatDays = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * What is available of a type: its days, or a dash for an unpaid type (Leave Without Pay), which
 * has no balance to spend: its 'available' would only count down below zero as it is taken.
 */
export const availableText = (b: { paid: boolean; available: number }): string => (b.paid ? formatDays(b.available) : UI.noBalance);

/** Leave types in the report's column order: those of its first row (every row has every active type). */
export const reportTypes = (rows: readonly EmployeeBalances[] | undefined): string[] => rows?.[0]?.balances.map((b) => b.leaveType) ?? [];

/** Rows whose name or employee ID holds every word of the query, in the server's order. */
export function searchBalances(rows: readonly EmployeeBalances[], query: string): readonly EmployeeBalances[] {
  const words = searchWords(query);
  if (!words.length) return rows;
  return rows.filter((r) => {
    const text = fold(`${r.employeeId} ${r.name}`);
    return words.every((w) => text.includes(w));
  });
}

/** Every figure of every type, one row per employee; cells guarded against formulas by csvText. */
export function balancesCsv(rows: readonly EmployeeBalances[]): string {
  const types = reportTypes(rows);
  const header = ['Employee ID', 'Name', ...types.flatMap((t) => [UI.available(t), UI.accrued(t), UI.carried(t), UI.taken(t), UI.pending(t)])];
  return csvText(
    header,
    rows.map((r) => [r.employeeId, r.name, ...r.balances.flatMap((b) => [b.paid ? b.available : '', b.accrued, b.carriedForward, b.taken, b.pending])]),
  );
}

/** The export of the rows in view, through the shared download machine. */
export const balancesExport = createFileDownloadMachine<readonly EmployeeBalances[]>({
  id: 'balancesExport',
  failure: (error) => LIST_UI.exportFailed + errorMessage(error, LIST_UI.exportFallback),
});

export const balancesFile = async (rows: readonly EmployeeBalances[]): Promise<DownloadedFile> =>
  csvFile(balancesCsv(rows), UI.exportFileName(localDateString()));
