/** The device and punch settings (company_settings key 'devices'): drift threshold and how old a punch may arrive. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeCompanySetting } from '../../db/company-settings';

type Db = Kysely<DB> | Transaction<DB>;

export interface PunchSettings {
  /** A device whose clock is off by more than this many seconds is flagged in the device list. */
  driftThresholdSeconds: number;
  /** A punch older than this many days when it arrives waits for an admin instead of changing a day. */
  maxPunchAgeDays: number;
}

export const DEFAULT_PUNCH_SETTINGS: PunchSettings = { driftThresholdSeconds: 120, maxPunchAgeDays: 45 };
const KEY = 'devices';

export async function readPunchSettings(db: Db): Promise<PunchSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  return row ? { ...DEFAULT_PUNCH_SETTINGS, ...(JSON.parse(row.value_json) as Partial<PunchSettings>) } : DEFAULT_PUNCH_SETTINGS;
}

export const writePunchSettings = (db: Db, settings: PunchSettings, at: string) => writeCompanySetting(db, KEY, settings, at);
