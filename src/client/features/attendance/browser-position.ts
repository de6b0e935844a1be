/**
 * The browser's position for a punch whose rule asks for an office site: one fresh reading (at
 * most a minute old, precise where the device can be), or a rejection whose message says what the
 * person can do about it. The server checks the position against the sites and refuses a reading
 * too imprecise to judge.
 */
import type { PunchPosition } from '../../../shared/schemas/day-rules';
import { PUNCH_POSITION_UI } from './attendance-copy';

/** How long the browser may take to find the position (a phone indoors can take a while). */
const LOCATE_TIMEOUT_MS = 20_000;
/** A reading this recent is good enough: the person has not left the building since. */
const LOCATE_MAX_AGE_MS = 60_000;
/**
 * The largest accuracy the punch call accepts (metres). A coarser reading (a desktop located by its
 * network) is sent as this, so the server says it is too imprecise instead of refusing the body.
 */
const MAX_SENT_ACCURACY_M = 100_000;

export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<PunchPosition> {
  if (!geolocation) return Promise.reject(new Error(PUNCH_POSITION_UI.unsupported));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.min(Math.round(coords.accuracy), MAX_SENT_ACCURACY_M) }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? PUNCH_POSITION_UI.denied : PUNCH_POSITION_UI.notFound)),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  });
}
