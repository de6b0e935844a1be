/**
 * The company's approval settings, the 'approvals' key of company_settings: whether managers see their
 * reports' reports too (skip level, off by default), and after how many days a request still waiting
 * for its manager goes to HR as well (escalation; null turns it off).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ApprovalSettings } from '../../../shared/schemas/team';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const APPROVAL_SETTINGS_KEY = 'approvals';
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = { skipLevel: false, escalateAfterDays: 3 };

export async function readApprovalSettings(db: Db): Promise<ApprovalSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', APPROVAL_SETTINGS_KEY).executeTakeFirst();
  return row ? { ...DEFAULT_APPROVAL_SETTINGS, ...(JSON.parse(row.value_json) as Partial<ApprovalSettings>) } : DEFAULT_APPROVAL_SETTINGS;
}
