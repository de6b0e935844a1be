/**
 * The company's payroll settings, the 'payroll' key of company_settings (migration 010's key → JSON
 * table, so a new setting needs no column):
 * - slipEmailAttachXlsx: the emailed slip carries the .xlsx beside the PDF (default: the PDF only).
 * - slipRelease: 'approval' (default, as before) emails and shows the slips once the month is
 *   approved; 'release' holds them until an admin has marked the bank file paid and releases them.
 * - bankFormat: the bank file's layout, the generic CSV or a column template (bank-file-format.ts).
 *
 * A bulk run builds thousands of messages, so the value is kept for a few seconds per app; a change
 * made through this app is seen at once, one made on another instance within PAYROLL_SETTINGS_TTL_MS.
 */
import { recordAudit } from '../../audit';
import { writeCompanySetting } from '../../db/company-settings';
import type { AppContext } from '../../context';
import { GENERIC_BANK_FORMAT, payrollSettingsSchema, type PayrollSettings } from '../../../shared/schemas/payroll-payments';

export { payrollSettingsSchema, type PayrollSettings };

const KEY = 'payroll';
export const PAYROLL_SETTINGS_TTL_MS = 5_000;

/** A change names only what it changes. */
export const payrollSettingsUpdate = payrollSettingsSchema.partial();
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = { slipEmailAttachXlsx: false, slipRelease: 'approval', bankFormat: GENERIC_BANK_FORMAT };

const cache = new WeakMap<AppContext, { value: PayrollSettings; until: number }>();

export async function payrollSettings(ctx: AppContext): Promise<PayrollSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const row = await ctx.database.db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  // Each key on its own: a stored value a newer schema refuses falls back to its default, not the whole row.
  const stored = row ? (JSON.parse(row.value_json) as Record<string, unknown>) : {};
  const value = { ...DEFAULT_PAYROLL_SETTINGS };
  for (const key of Object.keys(payrollSettingsSchema.shape) as (keyof PayrollSettings)[]) {
    const parsed = payrollSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) (value as Record<string, unknown>)[key] = parsed.data;
  }
  cache.set(ctx, { value, until: Date.now() + PAYROLL_SETTINGS_TTL_MS });
  return value;
}

/** Saves the settings (admin) with an audit entry, in one transaction; keys not given keep their value. */
export async function savePayrollSettings(ctx: AppContext, actorId: number, update: Partial<PayrollSettings>): Promise<PayrollSettings> {
  cache.delete(ctx);
  const before = await payrollSettings(ctx);
  const settings: PayrollSettings = { ...before, ...update };
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    await writeCompanySetting(trx, KEY, settings, at.toISOString());
    await recordAudit(trx, { actorId, action: 'payroll-settings.update', entity: 'company_settings', entityId: KEY, before, after: settings }, at);
  });
  cache.delete(ctx);
  return settings;
}
