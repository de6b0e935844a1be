/**
 * Wall-clock times of the company's zone (APP_TIMEZONE) and the instants they name. An attendance
 * correction is asked for as "09:30 to 18:15 on 2026-03-10" in the company's day, as people say it;
 * the record keeps instants, as punches do.
 */

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, as a UTC timestamp with the same fields. */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/**
 * The instant at which the zone's clock reads `time` (HH:MM) on `date` (YYYY-MM-DD). In a DST gap the
 * time does not exist and the instant after the jump is given; in an overlap, the earlier one.
 */
export function instantInZone(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  // The offset at the guess, then at the result: two steps settle on either side of a transition.
  let instant = wanted - (wallClock(wanted, timeZone) - wanted);
  instant = wanted - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** HH:MM of an instant on the zone's clock. */
export function timeInZone(instant: Date | string, timeZone: string): string {
  const wall = new Date(wallClock(new Date(instant).getTime(), timeZone));
  return wall.toISOString().slice(11, 16);
}
