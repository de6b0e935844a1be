/** Display formatting shared by screens and server reports. */

const rupeeFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** ₹12,34,567 — Indian digit grouping (spec section 9). */
export const formatRupees = (amount: number): string => rupeeFormatter.format(amount);

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

export const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Today in the company's zone when known, else in the viewer's: the day attendance is filed under. */
export const companyToday = (timeZone: string | undefined, now: Date = new Date()): string =>
  timeZone ? dateInZone(now, timeZone) : localDateString(now);
