/**
 * Small values imports read besides dates and amounts: a number of days (12, 12.5, or 12,5 as a
 * comma-decimal spreadsheet writes it) and a clock time (09:12, 9:12, 09:12:30, 6:05 PM, or an
 * Excel time fraction such as 0.3833 when a time cell was saved as General).
 */
import type { Parsed } from './indian-formats';

/** Days as a number, whole or half; `min`/`max` bound it. */
export function parseDays(text: string, min: number, max: number): Parsed<number> {
  const s = text.trim().replace(/^\+/, '').replace(/^(−|–)/, '-');
  const m = /^(-?\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return { ok: false, reason: `"${text}" is not a number of days` };
  const value = Number(`${m[1]}.${m[2] ?? '0'}`);
  if (!Number.isInteger(value * 2)) return { ok: false, reason: `"${text}" is not a whole or half number of days` };
  if (value < min || value > max) return { ok: false, reason: `"${text}" must be from ${min} to ${max} days` };
  return { ok: true, value };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A clock time as HH:MM (seconds dropped). */
export function parseClockTime(text: string): Parsed<string> {
  const s = text.trim();
  let m = /^(\d{1,2})[:.](\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(s);
  if (m) {
    let h = Number(m[1]);
    const min = Number(m[2]);
    const half = m[3]?.toLowerCase();
    if (half) {
      if (h < 1 || h > 12) return { ok: false, reason: `"${s}" is not a time on a 12-hour clock` };
      h = (h % 12) + (half === 'pm' ? 12 : 0);
    }
    if (h > 23 || min > 59) return { ok: false, reason: `"${s}" is not a time of day (write HH:MM, 00:00 to 23:59)` };
    return { ok: true, value: `${pad(h)}:${pad(min)}` };
  }
  m = /^0?\.(\d+)$/.exec(s);
  if (m) {
    const minutes = Math.round(Number(`0.${m[1]}`) * 24 * 60);
    if (minutes < 24 * 60) return { ok: true, value: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
  }
  return { ok: false, reason: `"${s}" is not a time (write HH:MM, such as 09:12 or 18:05)` };
}
