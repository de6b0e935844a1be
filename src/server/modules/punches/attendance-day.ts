/**
 * Which attendance day a punch belongs to, by the person's shift. A day's window is centred on its
 * shift: it opens half of the off-shift gap before the shift starts and closes half of it after the
 * shift ends. A 09:30-18:30 shift (9 h, a 15 h gap) owns 02:00 to 01:59 the next morning; a night
 * shift 22:00-06:00 (8 h, a 16 h gap) owns 14:00 to 13:59 the next day, so its morning punch-out
 * belongs to the day it started.
 */
import { dateInZone } from '../../../shared/format';
import type { Shift } from '../../../shared/work-hours/work-hours';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** Minutes after local midnight at which the shift's attendance day opens (may be negative: the evening before). */
export function dayOpensAt(shift: Pick<Shift, 'start' | 'end'>): number {
  const start = minutes(shift.start);
  let length = minutes(shift.end) - start;
  if (length <= 0) length += 24 * 60;
  const gap = 24 * 60 - length;
  return start - Math.floor(gap / 2);
}

/** The attendance day (YYYY-MM-DD on the company's clock) of a punch at `instant` for someone on `shift`. */
export function attendanceDateOf(instant: Date, shift: Pick<Shift, 'start' | 'end'>, timeZone: string): string {
  return dateInZone(new Date(instant.getTime() - dayOpensAt(shift) * 60_000), timeZone);
}
