/**
 * CSV text for files built in the browser (RFC 4180: CRLF lines, fields quoted when they hold a
 * comma, quote, line break or edge space). The server streams its reports with csv-stringify; that
 * library's browser build brings a Buffer polyfill, which is far more code than this needs. Every
 * cell passes the same formula guard as the server's exports, since names and emails are user input.
 */
import { escapeFormula } from './spreadsheet-safety';

/** A cell as written: text, a number, or nothing (an empty field). */
export type CsvValue = string | number | null | undefined;

/** Opens a file as UTF-8 for Excel, which otherwise reads names like "Zoë" in the system code page. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field: formula-guarded, then quoted (with inner quotes doubled) when CSV needs it. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(escapeFormula(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: BOM, header line, one line per row, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
