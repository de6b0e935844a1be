/**
 * company_settings: one row a key, its value as JSON, so a new setting needs no column. Each
 * setting's module reads its key with its own defaults and checks; the writes all go through here.
 */
import type { Db } from './handle';

/** Stores one key of company_settings as JSON (the leave settings, the working hours…). */
export async function writeCompanySetting(db: Db, key: string, value: unknown, at: string): Promise<void> {
  const value_json = JSON.stringify(value);
  await db
    .insertInto('company_settings')
    .values({ key, value_json, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at: at }))
    .execute();
}
