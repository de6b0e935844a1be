/**
 * The company's approval settings, the 'approvals' key of company_settings: whether managers see their
 * reports' reports too (skip level, off by default), and after how many days a request still waiting
 * for its manager goes to HR as well (escalation; null turns it off).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ApprovalSettings } from '../../../shared/schemas/team';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { writeCompanySetting } from '../../db/company-settings';

type Db = Kysely<DB> | Transaction<DB>;

export const APPROVAL_SETTINGS_KEY = 'approvals';
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = { skipLevel: false, escalateAfterDays: 3 };

export async function readApprovalSettings(db: Db): Promise<ApprovalSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', APPROVAL_SETTINGS_KEY).executeTakeFirst();
  return row ? { ...DEFAULT_APPROVAL_SETTINGS, ...(JSON.parse(row.value_json) as Partial<ApprovalSettings>) } : DEFAULT_APPROVAL_SETTINGS;
}

/** Saves the settings, audited with what they were, in one transaction. */
export async function saveApprovalSettings(ctx: AppContext, actorId: number, settings: ApprovalSettings): Promise<ApprovalSettings> {
  const now = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await readApprovalSettings(trx);
    await writeCompanySetting(trx, APPROVAL_SETTINGS_KEY, settings, now.toISOString());
    await recordAudit(trx, { actorId, action: 'approval-settings.update', entity: 'company_settings', entityId: APPROVAL_SETTINGS_KEY, before, after: settings }, now);
  });
  return settings;
}
