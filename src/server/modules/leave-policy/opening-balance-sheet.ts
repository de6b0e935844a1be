/**
 * Reads an opening-balances file (CSV or .xlsx, imports/table-upload.ts): one row per person and
 * leave type, `employeeId, leaveType, days, asOf`. The leave type is named by its code (CL, SL, EL),
 * its name or its record id; `asOf` is optional (the go-live date when empty) and takes the Indian
 * date formats. What the rows mean against the database is the service's decision.
 */
import { parseIndianDate } from '../../../shared/imports/indian-formats';
import { parseDays } from '../../../shared/imports/import-values';
import { employeeCodeSchema } from '../../../shared/schemas/employee';
import { headerKey, type CsvCell, type CsvTableSpec, type RowError } from '../../csv-table';
import { readTableUpload } from '../../imports/table-upload';

export const OPENING_COLUMNS = ['employeeId', 'leaveType', 'days', 'asOf'] as const;
type Field = (typeof OPENING_COLUMNS)[number];

const ALIASES = new Map<string, Field>([
  ...OPENING_COLUMNS.map((c) => [headerKey(c), c] as const),
  ['leavetypecode', 'leaveType'],
  ['code', 'leaveType'],
  ['type', 'leaveType'],
  ['balance', 'days'],
  ['openingbalance', 'days'],
  ['date', 'asOf'],
]);

export interface OpeningSheetRow {
  row: number;
  employeeId: string;
  leaveType: string;
  days: number;
  asOf?: string;
  values: Record<string, string>;
}

export interface ParsedOpeningSheet {
  rows: OpeningSheetRow[];
  errors: (RowError & { employeeId: string | null; values: Record<string, string> })[];
  total: number;
}

export const OPENING_MSG = {
  noRows: 'The file has a header but no balances: one row per person and leave type, with employeeId, leaveType, days and asOf',
} as const;

export async function readOpeningSheet(bytes: Buffer): Promise<ParsedOpeningSheet> {
  const spec: CsvTableSpec<Field> = { aliases: ALIASES, required: ['employeeId', 'leaveType', 'days'], noRows: OPENING_MSG.noRows };
  const rows: OpeningSheetRow[] = [];
  const valuesOf = new Map<number, Record<string, string>>();
  const seen = new Map<string, number>();
  const read = (cell: CsvCell<Field>, row: number): string[] => {
    const values: Record<string, string> = {};
    for (const c of OPENING_COLUMNS) if (cell(c) !== '') values[c] = cell(c);
    valuesOf.set(row, values);
    const problems: string[] = [];
    const code = employeeCodeSchema.safeParse(values.employeeId ?? '');
    if (!code.success) problems.push(values.employeeId ? `invalid employeeId "${values.employeeId}"` : 'employeeId is required');
    if (!values.leaveType) problems.push('leaveType is required (its code, such as CL)');
    let days: number | undefined;
    if (values.days === undefined) problems.push('days is required');
    else {
      const parsed = parseDays(values.days, 0, 365);
      if (parsed.ok) days = parsed.value;
      else problems.push(`days: ${parsed.reason}`);
    }
    let asOf: string | undefined;
    if (values.asOf !== undefined) {
      const parsed = parseIndianDate(values.asOf);
      if (parsed.ok) asOf = parsed.value;
      else problems.push(`asOf: ${parsed.reason}`);
    }
    if (code.success && values.leaveType) {
      const key = `${code.data.toLowerCase()}|${values.leaveType.toLowerCase()}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) problems.push(`repeats row ${earlier} (one opening balance per person and leave type)`);
      else seen.set(key, row);
    }
    if (!problems.length) rows.push({ row, employeeId: code.data!, leaveType: values.leaveType!, days: days!, ...(asOf && { asOf }), values });
    return problems;
  };
  const { errors, total } = await readTableUpload(bytes, spec, read);
  return { rows, errors: errors.map((e) => ({ ...e, employeeId: valuesOf.get(e.row)?.employeeId ?? null, values: valuesOf.get(e.row) ?? {} })), total };
}
