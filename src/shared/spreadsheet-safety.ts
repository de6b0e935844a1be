/**
 * Guards CSV and XLSX exports, cell by cell, whatever the input rules let through:
 *
 * - formula injection (OWASP "CSV injection"): a text cell that a spreadsheet would read as a formula
 *   gets a leading single quote, so it shows as typed and never runs;
 * - control characters: each run of C0/C1 controls (tab, CR and LF included), DEL, U+2028 or U+2029
 *   becomes one space, and bidirectional controls are dropped. A line break inside a cell is a new
 *   record to any reader that splits on lines (many bank and portal importers do), and XML, which an
 *   xlsx is, cannot hold most C0 controls at all.
 *
 * Every file writer calls this on every text cell, so each stays safe on its own, even for text
 * stored before the schemas refused such characters.
 */

/** Characters that make Excel, LibreOffice or Sheets treat a cell as a formula or a DDE call. */
const FORMULA_START = /^[=+\-@\t\r]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RUN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

/** One line of text: control runs as a single space, bidirectional controls dropped. */
export const oneLine = (text: string): string => text.replace(BIDI, '').replace(CONTROL_RUN, ' ');

/**
 * Makes one cell value safe for a spreadsheet: text is put on one line (see above), then prefixed
 * with `'` when it starts with = + - @; numbers, dates, booleans and null come back unchanged.
 */
export function escapeFormula<T>(value: T): T extends string ? string : T {
  if (typeof value !== 'string') return value as T extends string ? string : T;
  const text = oneLine(value);
  return (FORMULA_START.test(text) ? `'${text}` : text) as T extends string ? string : T;
}
