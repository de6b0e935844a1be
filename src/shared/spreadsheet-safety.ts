/**
 * Guards CSV and XLSX exports against formula injection (OWASP "CSV injection"): a text cell that a
 * spreadsheet would read as a formula gets a leading single quote, so it shows as typed and never runs.
 */

/** Characters that make Excel, LibreOffice or Sheets treat a cell as a formula or a DDE call. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Escapes one cell value for a spreadsheet: text starting with = + - @ tab or CR is prefixed
 * with `'`; numbers, dates, booleans, null and safe text come back unchanged.
 */
export function escapeFormula<T>(value: T): T extends string ? string : T {
  const safe = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
  return safe as T extends string ? string : T;
}
