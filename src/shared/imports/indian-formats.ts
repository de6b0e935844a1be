/**
 * How an import reads the dates and amounts Indian spreadsheets hold, one rule for every import and
 * for the template's help text:
 * - dates: DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, DD-Mon-YYYY (15-Aug-2026), YYYY-MM-DD, and an Excel
 *   date serial number (46000). Day first, as India writes dates. A two-digit year is refused
 *   (1926 or 2026?), and so is a date that only reads month first (12/31/2023), saying why.
 * - amounts: 25000, 25,000, 2,50,000.50 (lakh grouping), with or without ₹, Rs or INR.
 */

export const DATE_FORMATS_TEXT = 'DD/MM/YYYY, DD-MM-YYYY, DD-Mon-YYYY (15-Aug-2026) or YYYY-MM-DD; an Excel date cell works too';
export const AMOUNT_FORMATS_TEXT = '25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function realDate(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : undefined;
}

/** Excel's day 1 is 1900-01-01 and it counts a 29 Feb 1900 that never was: serial 25569 is 1970-01-01. */
const fromSerial = (serial: number) => new Date((serial - 25569) * 86_400_000).toISOString().slice(0, 10);

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A date in any accepted format as YYYY-MM-DD, or why it cannot be read. */
export function parseIndianDate(text: string): Parsed<string> {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) {
    const iso = realDate(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? { ok: true, value: iso } : { ok: false, reason: `"${s}" is not a real calendar date` };
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), m[3]!];
    if (year.length === 2) return { ok: false, reason: `"${s}" has a two-digit year, which could be 19${year} or 20${year}: write the year in full (DD/MM/YYYY)` };
    const iso = realDate(Number(year), month, day);
    if (iso) return { ok: true, value: iso };
    if (month > 12 && day <= 12 && realDate(Number(year), day, month)) {
      return { ok: false, reason: `"${s}" reads month first (MM/DD/YYYY); dates are read day first: write DD/MM/YYYY` };
    }
    return { ok: false, reason: `"${s}" is not a real calendar date (dates are read DD/MM/YYYY)` };
  }
  m = /^(\d{1,2})[- /]([A-Za-z]{3,9})[- /,]*(\d{2}|\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month === 0) return { ok: false, reason: `"${s}" names no month` };
    if (m[3]!.length === 2) return { ok: false, reason: `"${s}" has a two-digit year: write the year in full (15-Aug-2026)` };
    const iso = realDate(Number(m[3]), month, Number(m[1]));
    return iso ? { ok: true, value: iso } : { ok: false, reason: `"${s}" is not a real calendar date` };
  }
  // An Excel date serial (a date cell saved as General): 1960 to 2118.
  if (/^\d{5}$/.test(s) && Number(s) >= 21916 && Number(s) <= 79000) return { ok: true, value: fromSerial(Number(s)) };
  return { ok: false, reason: `"${s}" is not a date (use ${DATE_FORMATS_TEXT})` };
}

/** An amount in rupees, with Indian or Western grouping and an optional ₹/Rs/INR, as a number. */
export function parseRupees(text: string): Parsed<number> {
  const s = text.trim().replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/\s*(₹|rs\.?|inr|\/-)$/i, '');
  const grouped = /^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})*|\d+)(\.\d+)?$/;
  if (!grouped.test(s)) return { ok: false, reason: `"${text.trim()}" is not an amount (use ${AMOUNT_FORMATS_TEXT})` };
  return { ok: true, value: Number(s.replace(/,/g, '')) };
}
