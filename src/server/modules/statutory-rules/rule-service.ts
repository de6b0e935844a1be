/**
 * The Statutory rules screen's service: the rules with their versions around a month, adding a
 * version (an admin; audited), and the company's readings of contested rules (audited). A version
 * applies to every month computed after it is added; an approved month keeps the slips it stored,
 * so it never changes until someone re-runs it.
 */
import { monthLabel } from '../../../shared/payroll/pay-month';
import { RULE_DEFINITIONS, SHIPPED_VERSIONS, type RuleDefinition } from '../../../shared/payroll/statutory/rule-catalogue';
import { PF_CEILING_READINGS } from '../../../shared/payroll/statutory/pf';
import { makeRuleBook, monthBounds } from '../../../shared/payroll/statutory/rule-versions';
import { EPS_58_MONTH, type StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import type { AddRuleVersion, StatutoryRulesPage } from '../../../shared/schemas/statutory-rules';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import { loadStatutorySettings, STATUTORY_SETTINGS_KEY, storedVersions, type StoredVersion } from './rule-book';

/** Stored value → the unit the screen shows (rupees, percent), and back. */
const shown = (d: RuleDefinition, v: unknown) => (d.unit === 'table' ? 0 : Number(v) / 100);
const stored = (_d: RuleDefinition, v: number) => Math.round(v * 100);

export function createStatutoryRuleService(ctx: AppContext) {
  const { db } = ctx.database;

  async function allVersions(): Promise<StoredVersion[]> {
    const rows = await storedVersions(db);
    const seen = new Set(rows.map((r) => `${r.key} ${r.effectiveFrom}`));
    // Versions shipped after the store was seeded: shown as shipped.
    const later = SHIPPED_VERSIONS.filter((v) => !seen.has(`${v.key} ${v.effectiveFrom}`)).map((v) => ({ ...v, origin: 'shipped' as const, createdAt: '' }));
    return [...later, ...rows];
  }

  return {
    async page(month: string): Promise<StatutoryRulesPage> {
      const versions = await allVersions();
      const book = makeRuleBook(versions);
      const { from, to } = monthBounds(month);
      const origin = new Map(versions.map((v) => [`${v.key} ${v.effectiveFrom}`, v.origin]));
      const rules = RULE_DEFINITIONS.map((d) => {
        const list = book.get(d.key) ?? [];
        const firstDay = list.filter((v) => v.effectiveFrom <= from).at(-1);
        return {
          key: d.key,
          group: d.group,
          label: d.label,
          unit: d.unit,
          description: d.description,
          midMonth: d.midMonth,
          versions: list.map((v) => ({
            effectiveFrom: v.effectiveFrom,
            value: shown(d, v.value),
            ...(d.unit === 'table' && d.describe ? { text: d.describe(v.value) } : {}),
            source: v.source,
            note: v.note,
            origin: origin.get(`${v.key} ${v.effectiveFrom}`) ?? 'shipped',
            when: v === firstDay || (v.effectiveFrom > from && v.effectiveFrom <= to) ? ('in-force' as const) : v.effectiveFrom < from ? ('earlier' as const) : ('later' as const),
          })),
        };
      });
      return { month, rules, settings: await loadStatutorySettings(db), choices: { pfCeilingReading: [...PF_CEILING_READINGS], eps58Month: [...EPS_58_MONTH] } };
    },

    /** Adds a version; 400 for an unknown rule or a value out of range, 409 when the rule already has a version from that day. */
    async addVersion(actorId: number, body: AddRuleVersion): Promise<{ msg: string }> {
      const d = RULE_DEFINITIONS.find((r) => r.key === body.key);
      if (!d) throw badRequest(`key must be one of ${RULE_DEFINITIONS.map((r) => r.key).join(', ')}`);
      // A table (a list of cities, a slab table) is not one figure: its versions come with the product.
      if (d.unit === 'table') throw badRequest(`${d.label} is a table: a new version of it comes with a product update`);
      if (d.unit === 'percent' && body.value > 100) throw badRequest('value is a percentage: at most 100');
      if (d.unit === 'rupees' && body.value <= 0) throw badRequest('value must be more than 0 rupees');
      const at = ctx.now().toISOString();
      const note = body.note ?? '';
      const row = { rule_key: d.key, effective_from: body.effectiveFrom, value_json: JSON.stringify(stored(d, body.value)), source: body.source, note, origin: 'admin', created_by: actorId, created_at: at };
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('statutory_rule_versions').select('id').where('rule_key', '=', d.key).where('effective_from', '=', body.effectiveFrom).executeTakeFirst();
        const shippedSameDay = SHIPPED_VERSIONS.some((v) => v.key === d.key && v.effectiveFrom === body.effectiveFrom);
        if (existing || shippedSameDay) throw conflict(`${d.label} already has a version from ${body.effectiveFrom}; choose another first day`);
        await trx.insertInto('statutory_rule_versions').values(row).execute();
        await recordAudit(
          trx,
          { actorId, action: 'statutory-rule.add-version', entity: 'statutory_rule', entityId: d.key, after: { key: d.key, effectiveFrom: body.effectiveFrom, value: body.value, unit: d.unit, source: body.source, note } },
          ctx.now(),
        );
      });
      return { msg: `${d.label}: the version from ${body.effectiveFrom} is added. It applies to every month not yet approved from ${monthLabel(body.effectiveFrom.slice(0, 7))} on` };
    },

    async saveSettings(actorId: number, settings: StatutorySettings): Promise<{ msg: string }> {
      const before = await loadStatutorySettings(db);
      const at = ctx.now();
      const value_json = JSON.stringify(settings);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('company_settings')
          .values({ key: STATUTORY_SETTINGS_KEY, value_json, updated_at: at.toISOString() })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at: at.toISOString() }))
          .execute();
        await recordAudit(trx, { actorId, action: 'statutory-settings.update', entity: 'company_settings', entityId: STATUTORY_SETTINGS_KEY, before, after: settings }, at);
      });
      return { msg: 'Statutory settings saved. They apply to every month not yet approved' };
    },
  };
}
