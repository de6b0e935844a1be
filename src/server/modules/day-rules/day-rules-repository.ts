/**
 * Reads and writes of the day's rules (the 'day-rules' key of company_settings), the web punch policy
 * (the 'punch-policy' key: the company's rule, its sites and networks) and people's own punch rules
 * (employee_punch_rules).
 */
import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_DAY_RULES, DEFAULT_PUNCH_POLICY, type DayRules, type PunchPolicy, type PunchRule } from '../../../shared/schemas/day-rules';
import type { DB } from '../../db/schema';
import { writeCompanySetting } from '../../db/company-settings';

type Db = Kysely<DB> | Transaction<DB>;

const DAY_RULES_KEY = 'day-rules';
const PUNCH_POLICY_KEY = 'punch-policy';

async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as unknown) : undefined;
}

export async function readDayRules(db: Db): Promise<DayRules> {
  const saved = (await readSetting(db, DAY_RULES_KEY)) as Partial<DayRules> | undefined;
  if (!saved) return DEFAULT_DAY_RULES;
  return { ...DEFAULT_DAY_RULES, ...saved, overtime: { ...DEFAULT_DAY_RULES.overtime, ...saved.overtime }, compOff: { ...DEFAULT_DAY_RULES.compOff!, ...saved.compOff } };
}

export const writeDayRules = (db: Db, rules: DayRules, at: string) => writeCompanySetting(db, DAY_RULES_KEY, rules, at);

export async function readPunchPolicy(db: Db): Promise<PunchPolicy> {
  const saved = (await readSetting(db, PUNCH_POLICY_KEY)) as Partial<PunchPolicy> | undefined;
  if (!saved) return DEFAULT_PUNCH_POLICY;
  return { rule: { ...DEFAULT_PUNCH_POLICY.rule, ...saved.rule }, sites: saved.sites ?? [], networks: saved.networks ?? [] };
}

export const writePunchPolicy = (db: Db, policy: PunchPolicy, at: string) => writeCompanySetting(db, PUNCH_POLICY_KEY, policy, at);

export async function ownPunchRule(db: Db, userId: number): Promise<PunchRule | null> {
  const row = await db.selectFrom('employee_punch_rules').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return { webAllowed: Number(row.web_allowed) === 1, geofenceRequired: Number(row.geofence_required) === 1, networkRequired: Number(row.network_required) === 1 };
}

export async function saveOwnPunchRule(db: Db, userId: number, rule: PunchRule | null, at: string): Promise<void> {
  if (!rule) {
    await db.deleteFrom('employee_punch_rules').where('user_id', '=', userId).execute();
    return;
  }
  const values = { web_allowed: rule.webAllowed ? 1 : 0, geofence_required: rule.geofenceRequired ? 1 : 0, network_required: rule.networkRequired ? 1 : 0, updated_at: at };
  await db
    .insertInto('employee_punch_rules')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

const ruleOfRow = (row: { web_allowed: number; geofence_required: number; network_required: number }): PunchRule => ({
  webAllowed: Number(row.web_allowed) === 1,
  geofenceRequired: Number(row.geofence_required) === 1,
  networkRequired: Number(row.network_required) === 1,
});

/** The rule of the person's location, when their location has one. */
export async function locationPunchRuleOf(db: Db, userId: number): Promise<{ location: string; rule: PunchRule } | null> {
  const row = await db
    .selectFrom('employees as e')
    .innerJoin('location_punch_rules as r', 'r.location_id', 'e.location_id')
    .innerJoin('locations as l', 'l.id', 'e.location_id')
    .select(['l.name', 'r.web_allowed', 'r.geofence_required', 'r.network_required'])
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { location: row.name, rule: ruleOfRow(row) } : null;
}

/** Every location with its own rule, or null where it follows the company's. */
export async function listLocationPunchRules(db: Db) {
  const rows = await db
    .selectFrom('locations as l')
    .leftJoin('location_punch_rules as r', 'r.location_id', 'l.id')
    .select(['l.id', 'l.name', 'l.city', 'r.web_allowed', 'r.geofence_required', 'r.network_required'])
    .orderBy('l.name')
    .execute();
  return rows.map((r) => ({ locationId: String(r.id), name: r.name, city: r.city, rule: r.web_allowed === null ? null : ruleOfRow(r as { web_allowed: number; geofence_required: number; network_required: number }) }));
}

export async function saveLocationPunchRule(db: Db, locationId: number, rule: PunchRule | null, at: string): Promise<void> {
  if (!rule) {
    await db.deleteFrom('location_punch_rules').where('location_id', '=', locationId).execute();
    return;
  }
  const values = { web_allowed: rule.webAllowed ? 1 : 0, geofence_required: rule.geofenceRequired ? 1 : 0, network_required: rule.networkRequired ? 1 : 0, updated_at: at };
  await db
    .insertInto('location_punch_rules')
    .values({ location_id: locationId, ...values })
    .onConflict((oc) => oc.column('location_id').doUpdateSet(values))
    .execute();
}

/** The people with their own punch rule, by name (the settings screen lists them). */
export function listOwnPunchRules(db: Db) {
  return db
    .selectFrom('employee_punch_rules as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('employees as e', 'e.user_id', 'r.user_id')
    .select(['r.user_id', 'u.name', 'e.employee_id', 'r.web_allowed', 'r.geofence_required', 'r.network_required'])
    .where('u.active', '=', 1)
    .orderBy('u.name')
    .execute();
}
