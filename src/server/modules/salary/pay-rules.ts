/**
 * The company's pay rules (shared/schemas/pay-rules.ts), the 'pay-rules' key of company_settings:
 * how a half day is paid and which wages ESI is computed on. Every slip computed after a change
 * uses it; approved months keep the slips as approved. Read once per payroll batch.
 */
import { DEFAULT_PAY_RULES, payRulesSchema, type PayRules } from '../../../shared/schemas/pay-rules';
import { recordAudit } from '../../audit';
import { writeCompanySetting } from '../../db/company-settings';
import type { AppContext } from '../../context';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

const KEY = 'pay-rules';

/** The saved rules, each missing or unreadable one at its default. */
export async function readPayRules(db: Kysely<DB> | Transaction<DB>): Promise<PayRules> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? payRulesSchema.partial().safeParse(JSON.parse(row.value_json)) : null;
  return { ...DEFAULT_PAY_RULES, ...(stored?.success ? stored.data : {}) };
}

/** Saves the rules (admin) with an audit entry, in one transaction. */
export async function savePayRules(ctx: AppContext, actorId: number, rules: PayRules): Promise<PayRules> {
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await readPayRules(trx);
    await writeCompanySetting(trx, KEY, rules, at.toISOString());
    await recordAudit(trx, { actorId, action: 'pay-rules.update', entity: 'company_settings', entityId: KEY, before, after: rules }, at);
  });
  return rules;
}
