/**
 * The company's book of statutory rule versions and its readings of contested rules, as payroll
 * and the person facts read them: the shipped versions (rule-catalogue.ts) with the rows
 * administrators added (migration 021's table) over them, so a version the product ships later needs
 * no migration and one an administrator added wins on its day. Settings are the 'statutory' key of company_settings.
 */
import type { Kysely, Transaction } from 'kysely';
import { SHIPPED_VERSIONS } from '../../../shared/payroll/statutory/rule-catalogue';
import { makeRuleBook, type RuleBook, type RuleVersion } from '../../../shared/payroll/statutory/rule-versions';
import { DEFAULT_STATUTORY_SETTINGS, statutorySettingsSchema, type StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const STATUTORY_SETTINGS_KEY = 'statutory';

/** A stored version with who added it. */
export interface StoredVersion extends RuleVersion {
  origin: 'shipped' | 'admin';
  createdAt: string;
}

export async function storedVersions(db: Db): Promise<StoredVersion[]> {
  const rows = await db.selectFrom('statutory_rule_versions').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    key: r.rule_key,
    effectiveFrom: r.effective_from,
    value: JSON.parse(r.value_json) as unknown,
    source: r.source,
    note: r.note,
    origin: r.origin === 'admin' ? 'admin' : 'shipped',
    createdAt: r.created_at,
  }));
}

/** The versions administrators added. */
export async function adminVersions(db: Db): Promise<StoredVersion[]> {
  return (await storedVersions(db)).filter((v) => v.origin === 'admin');
}

/**
 * The shipped versions with the administrators' over them. The rows migration 021 seeded as
 * 'shipped' are a record of the first release's list: the code's list wins over them, so a source or
 * value the product corrects in a later release reaches every company.
 */
export async function loadRuleBook(db: Db): Promise<RuleBook> {
  return makeRuleBook([...SHIPPED_VERSIONS, ...(await adminVersions(db))]);
}

export async function loadStatutorySettings(db: Db): Promise<StatutorySettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', STATUTORY_SETTINGS_KEY).executeTakeFirst();
  const stored = row ? statutorySettingsSchema.partial().safeParse(JSON.parse(row.value_json)) : null;
  return { ...DEFAULT_STATUTORY_SETTINGS, ...(stored?.success ? stored.data : {}) };
}

/** Both, as a payroll month computes with them. */
export async function loadStatutoryRules(db: Db): Promise<{ book: RuleBook; settings: StatutorySettings }> {
  const [book, settings] = await Promise.all([loadRuleBook(db), loadStatutorySettings(db)]);
  return { book, settings };
}
