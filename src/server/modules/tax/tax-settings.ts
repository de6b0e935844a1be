/**
 * The company's income-tax settings, the 'tax' key of company_settings (no column needed):
 * - declaredUntilProofWindowCloses (default true): monthly TDS counts the amounts employees declared
 *   (unless rejected) until the year's proof window closes, and only verified amounts after it; false:
 *   only verified amounts, all year. The first is the common practice (the employer's estimate under
 *   s.192 / s.392 may rest on the employee's declaration, with proofs asked before the year's end).
 * - per financial year: the last day employees may choose the regime (null: no cut-off), and the
 *   last day of the proof window (null: the year's last day).
 *
 * The screens read it through a few seconds' cache per app, as the payroll settings are; a payroll
 * batch reads it afresh.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { recordAudit } from '../../audit';
import { writeCompanySetting } from '../../db/company-settings';
import { taxSettingsSchema, type TaxSettings } from '../../../shared/schemas/tax';

const KEY = 'tax';
const TTL_MS = 5_000;

export const DEFAULT_TAX_SETTINGS: TaxSettings = { declaredUntilProofWindowCloses: true, years: {} };

const cache = new WeakMap<AppContext, { value: TaxSettings; until: number }>();

/** The stored settings, read afresh (a payroll batch reads them once). */
export async function readTaxSettings(db: Kysely<DB>): Promise<TaxSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? taxSettingsSchema.partial().safeParse(JSON.parse(row.value_json)) : null;
  return { ...DEFAULT_TAX_SETTINGS, ...(stored?.success ? stored.data : {}) };
}

export async function taxSettings(ctx: AppContext): Promise<TaxSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await readTaxSettings(ctx.database.db);
  cache.set(ctx, { value, until: Date.now() + TTL_MS });
  return value;
}

/** A year's dates: the regime cut-off and the proof window's last day (the year's 31 March when not set). */
export function yearDates(settings: TaxSettings, financialYear: string): { regimeChoiceCloses: string | null; proofWindowCloses: string } {
  const year = settings.years[financialYear];
  return {
    regimeChoiceCloses: year?.regimeChoiceCloses ?? null,
    proofWindowCloses: year?.proofWindowCloses ?? `${Number(financialYear.slice(0, 4)) + 1}-03-31`,
  };
}

/** Saves the settings (admin), audited, in one transaction. */
export async function saveTaxSettings(ctx: AppContext, actorId: number, settings: TaxSettings): Promise<TaxSettings> {
  const before = await taxSettings(ctx);
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    await writeCompanySetting(trx, KEY, settings, at.toISOString());
    await recordAudit(trx, { actorId, action: 'tax-settings.update', entity: 'company_settings', entityId: KEY, before, after: settings }, at);
  });
  cache.delete(ctx);
  return settings;
}
