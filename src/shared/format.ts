/** Display formatting shared by screens and server reports. */

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ₹12,34,567 — Indian digit grouping (product.md, Constants). Whole amounts show no paise; any other
 * shows two digits of them (₹41,000.50, never ₹41,000.5), as money is written.
 */
export const formatRupees = (amount: number): string =>
  (Number.isInteger(Math.round(amount * 100) / 100) ? wholeRupees : rupeesAndPaise).format(amount);

// Up to two decimals, so a count of days that holds a half day reads 16.5, never a rounded 17.
const countFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A count with the same Indian digit grouping as rupees: 10,000 and 1,00,000. */
export const formatCount = (n: number): string => countFormatter.format(n);

/** "1 salary slip", "21 salary slips": a count with its noun in the right number. */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatCount(n)} ${n === 1 ? singular : plural}`;

/** Length of service in words, as the settlement screen and its PDF write it: "6 years, 8 months, 1 day". */
export const serviceLength = (years: number, months: number, days: number): string =>
  `${countOf(years, 'year')}, ${countOf(months, 'month')}, ${countOf(days, 'day')}`;

/** How gratuity was worked out, as the settlement screen and its PDF write it: "1 year counted × 15/26 of ₹30,000 a month". */
export const gratuityWorking = (countedYears: number, monthlyWage: string): string => `${countOf(countedYears, 'year')} counted × 15/26 of ${monthlyWage} a month`;

/** A timestamp as the viewer's local time, or '-' when absent (spec: punch times). */
export const formatLocalTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleTimeString() : '-';

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a Date in the viewer's local zone. */
export const localDateString = (d: Date = new Date()): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

// Building an Intl.DateTimeFormat costs ~70x formatting with one, and every punch asks for today.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a named IANA time zone (the server's APP_TIMEZONE). */
export function dateInZone(instant: Date, timeZone: string): string {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** YYYY-MM-DD moved by whole days; calendar arithmetic in UTC, so no zone or DST shift creeps in. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Whether `tz` is an IANA time zone this runtime knows (Asia/Kolkata); the server's APP_TIMEZONE and the page's copy of it are checked alike. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Today in the company's zone when known, else in the viewer's: the day attendance is filed under. */
export const companyToday = (timeZone: string | undefined, now: Date = new Date()): string =>
  timeZone ? dateInZone(now, timeZone) : localDateString(now);
