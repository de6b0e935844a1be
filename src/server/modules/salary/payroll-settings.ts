/**
 * The company's payroll settings, the 'payroll' key of company_settings (migration 010's key → JSON
 * table, so a new setting needs no column):
 * - slipEmailAttachXlsx: the emailed slip carries the .xlsx beside the PDF (default: the PDF only).
 *
 * A bulk run builds thousands of messages, so the value is kept for a few seconds per app; a change
 * made through this app is seen at once, one made on another instance within PAYROLL_SETTINGS_TTL_MS.
 */
import { z } from 'zod';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';

const KEY = 'payroll';
export const PAYROLL_SETTINGS_TTL_MS = 5_000;

export const payrollSettingsSchema = z.object({ slipEmailAttachXlsx: z.boolean({ error: 'slipEmailAttachXlsx must be true or false' }) });
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = { slipEmailAttachXlsx: false };

const cache = new WeakMap<AppContext, { value: PayrollSettings; until: number }>();

export async function payrollSettings(ctx: AppContext): Promise<PayrollSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const row = await ctx.database.db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? payrollSettingsSchema.partial().safeParse(JSON.parse(row.value_json)) : null;
  const value = { ...DEFAULT_PAYROLL_SETTINGS, ...(stored?.success ? stored.data : {}) };
  cache.set(ctx, { value, until: Date.now() + PAYROLL_SETTINGS_TTL_MS });
  return value;
}

/** Saves the settings (admin) with an audit entry, in one transaction. */
export async function savePayrollSettings(ctx: AppContext, actorId: number, settings: PayrollSettings): Promise<PayrollSettings> {
  const before = await payrollSettings(ctx);
  const at = ctx.now();
  const value_json = JSON.stringify(settings);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('company_settings')
      .values({ key: KEY, value_json, updated_at: at.toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at: at.toISOString() }))
      .execute();
    await recordAudit(trx, { actorId, action: 'payroll-settings.update', entity: 'company_settings', entityId: KEY, before, after: settings }, at);
  });
  cache.delete(ctx);
  return settings;
}
