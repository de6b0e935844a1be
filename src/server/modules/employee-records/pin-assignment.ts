/**
 * Default device PINs for new people: the digits of their employee code without leading zeros
 * (EMP0042 is PIN 42), only when no one else has that PIN; otherwise none, and the person is listed
 * as needing a PIN. Changing a code later never changes a stored PIN.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { pinFromCode } from './device-pin';

type Db = Kysely<DB> | Transaction<DB>;

/** The default PIN of each new employee code that gets one (one read per 500 codes). */
export async function defaultPins(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  const wanted = new Map<string, string[]>();
  for (const code of codes) {
    const pin = pinFromCode(code);
    if (pin !== undefined) wanted.set(pin, [...(wanted.get(pin) ?? []), code]);
  }
  const out = new Map<string, string>();
  const pins = [...wanted.keys()];
  for (let i = 0; i < pins.length; i += 500) {
    const chunk = pins.slice(i, i + 500);
    const taken = new Set((await db.selectFrom('employees').select('device_pin').where('device_pin', 'in', chunk).execute()).map((r) => r.device_pin));
    for (const pin of chunk) {
      const owners = wanted.get(pin)!;
      // Two new people with one default PIN (E-42 and EMP042) both wait for an admin.
      if (!taken.has(pin) && owners.length === 1) out.set(owners[0]!, pin);
    }
  }
  return out;
}
