/**
 * The bank template builder's rules about cells, kept out of the view: the width a new fixed-width
 * cell starts with, the alignment numbers take, where each cell sits on a fixed-width line, and the
 * field errors of a template (the shared schema's, or the server's) by the path the builder names
 * its controls with ('columns.2.width').
 */
import { bankFormatSchema, type BankColumn, type BankField, type BankFormat, type BankLine } from '../../../shared/schemas/payroll-payments';
import { schemaFieldProblems } from '../../flows/schema-problem';

const WIDTHS: Record<Exclude<BankField, 'fixed' | 'paymentDate'>, number> = {
  beneficiaryAccount: 20,
  debitAccount: 20,
  ifsc: 11,
  amount: 15,
  total: 15,
  beneficiaryName: 35,
  narration: 30,
  shortNarration: 13,
  accountBranch: 5,
  employeeId: 10,
  email: 50,
  batchReference: 20,
  fileSequence: 6,
  creditCount: 6,
};
/** Numbers sit right, zero-filled, as fixed-width formats write them. */
const NUMBERS = new Set<BankField>(['amount', 'total', 'creditCount']);

/** A fixed-width cell's starting width, alignment and pad, for a cell that has none yet. */
export function fixedDefaults(cell: BankColumn, dateFormat: BankFormat['dateFormat']): BankColumn {
  if (cell.width) return cell;
  const width = cell.field === 'fixed' ? Math.max(1, (cell.value ?? '').length) : cell.field === 'paymentDate' ? dateFormat.length : WIDTHS[cell.field];
  return NUMBERS.has(cell.field) ? { ...cell, width, align: 'right', pad: '0' } : { ...cell, width };
}

/** The format laid out in fixed widths: every cell given a width, and no header row (a fixed-width file has none). */
export function toFixedWidth(format: BankFormat): BankFormat {
  const widen = (cells: BankColumn[] | undefined) => cells?.map((c) => fixedDefaults(c, format.dateFormat));
  return { ...format, layout: 'fixed', headerRow: false, columns: widen(format.columns)!, fileHeader: widen(format.fileHeader), debitRow: widen(format.debitRow) };
}

/** Where each cell of a fixed-width line starts and ends (1-based, inclusive), as bank layouts number positions. */
export function positions(cells: readonly BankColumn[]): { from: number; to: number }[] {
  let at = 1;
  return cells.map((c) => {
    const from = at;
    at += c.width ?? 0;
    return { from, to: at - 1 };
  });
}

/** The template's field errors by the builder's paths, from the shared schema. */
export const templateProblems = (format: BankFormat): Record<string, string> => schemaFieldProblems(bankFormatSchema, format);

/** The server's field errors of the settings or the preview ('bankFormat.columns.2.width'), by the builder's paths. */
export const serverTemplateProblems = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).flatMap(([path, msg]) => (path.startsWith('bankFormat.') ? [[path.slice('bankFormat.'.length), msg]] : [])));

/** A line's cells, by its key. */
export const cellsOf = (format: BankFormat, line: BankLine): BankColumn[] => format[line] ?? [];
