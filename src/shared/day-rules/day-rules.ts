/**
 * The day's rules, pure: counted work from a day's punches (breaks excluded), what a day counts as
 * under the minimums, its overtime, and the geofence distance. The server applies them to web and
 * device days alike; payroll pays what they decide (P full, H half, A loss of pay).
 */
import type { DayRules, GeofenceSite } from '../schemas/day-rules';

const MINUTE = 60_000;

/**
 * Minutes worked from a day's punches in time order: the punches pair up (in, out, in, out, ...), and
 * the gaps between pairs are breaks. An odd last punch is an open stretch and counts nothing. Without
 * raw punches (a day stamped by hand or from before), the span from `punchIn` to `punchOut`.
 */
export function workedMinutes(punches: readonly string[], punchIn: string | null, punchOut: string | null): number | null {
  if (punches.length >= 2) {
    let ms = 0;
    for (let i = 0; i + 1 < punches.length; i += 2) ms += Date.parse(punches[i + 1]!) - Date.parse(punches[i]!);
    return Math.max(0, Math.floor(ms / MINUTE));
  }
  if (!punchIn || !punchOut) return null;
  return Math.max(0, Math.floor((Date.parse(punchOut) - Date.parse(punchIn)) / MINUTE));
}

/**
 * The status a punched day earns: P at or above the full-day minimum, H (half day) at or above the
 * half-day minimum, A below it. Without a minimum every punched day stays P; a day still open (no
 * punch-out) is P until it closes.
 */
export function dayStatus(worked: number | null, rules: Pick<DayRules, 'fullDayMinutes' | 'halfDayMinutes'>): 'P' | 'H' | 'A' {
  if (worked === null || rules.fullDayMinutes === null) return 'P';
  if (worked >= rules.fullDayMinutes) return 'P';
  if (rules.halfDayMinutes !== null && worked >= rules.halfDayMinutes) return 'H';
  return 'A';
}

/** Minutes beyond the normal working day (0 with overtime off or no counted work). */
export function dayOvertime(worked: number | null, rules: Pick<DayRules, 'overtime'>): number {
  if (!rules.overtime.enabled || worked === null) return 0;
  return Math.max(0, worked - rules.overtime.normalDayMinutes);
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius; within 0.5% of the ellipsoid). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A reading less precise than this is refused rather than trusted. */
export const MAX_ACCURACY_METERS = 1000;

/**
 * The nearest site and whether the position counts as inside it: the reading's accuracy (its radius of
 * doubt) is given the benefit, up to the site's own radius, so a reading at 250 m with ±60 m passes a
 * 200 m fence and one at 450 m does not.
 */
export function nearestSite(position: { latitude: number; longitude: number; accuracy?: number }, sites: readonly GeofenceSite[]): { site: GeofenceSite; meters: number; inside: boolean } | null {
  let best: { site: GeofenceSite; meters: number; inside: boolean } | null = null;
  const slack = position.accuracy ?? 0;
  for (const site of sites) {
    const meters = distanceMeters(position, site);
    const inside = meters - Math.min(slack, site.radiusMeters) <= site.radiusMeters;
    if (!best || (inside && !best.inside) || (inside === best.inside && meters < best.meters)) best = { site, meters, inside };
  }
  return best;
}

/** "2.3 km" or "180 m". */
export function formatDistance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.round(meters)} m`;
}
