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
import { writeCompanySetting } from '../../db/company-settings';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import { adminVersions, loadStatutorySettings, STATUTORY_SETTINGS_KEY, type StoredVersion } from './rule-book';

/** Stored value → the unit the screen shows (rupees, percent), and back. */
const shown = (d: RuleDefinition, v: unknown) => (d.unit === 'table' ? 0 : Number(v) / 100);
const stored = (_d: RuleDefinition, v: number) => Math.round(v * 100);

const BY_KEY = new Map(RULE_DEFINITIONS.map((d) => [d.key, d]));

/** Every issue of a table value, each named by its field ('table.slabs.2.fromRupees: ...'), in one message. */
function tableIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${['table', ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');
}

/** The value to store for a version the body describes, or a 400 naming every bad field. */
function storedValue(d: RuleDefinition, body: AddRuleVersion): unknown {
  // A table whose versions come with the product (the HRA cities) is not entered here.
  if (d.unit === 'table' && !d.table) throw badRequest(`${d.label} is a table: a new version of it comes with a product update`);
  if (d.table) {
    if (body.value !== undefined) throw badRequest(`value: ${d.label} is a table: send it as table`);
    if (body.table === undefined) throw badRequest(`table is required for ${d.label}`);
    const parsed = d.table.wire.safeParse(body.table);
    if (!parsed.success) throw badRequest(tableIssues(parsed.error.issues));
    return d.table.toStored(parsed.data, body.source);
  }
  if (body.table !== undefined) throw badRequest(`table: ${d.label} takes a value, not a table`);
  if (body.value === undefined) throw badRequest('value is required');
  if (d.unit === 'percent' && body.value > 100) throw badRequest('value is a percentage: at most 100');
  if (d.unit === 'rupees' && body.value <= 0 && !d.allowZero) throw badRequest('value must be more than 0 rupees');
  return stored(d, body.value);
}

export function createStatutoryRuleService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The shipped versions and the administrators' over them: the same book a payroll month uses (rule-book.ts). */
  async function allVersions(): Promise<StoredVersion[]> {
    return [...SHIPPED_VERSIONS.map((v) => ({ ...v, origin: 'shipped' as const, createdAt: '' })), ...(await adminVersions(db))];
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
          family: d.family ?? ('tax' as const),
          group: d.group,
          ...(d.state ? { state: d.state } : {}),
          ...(d.table ? { tableKind: d.table.kind } : {}),
          ...(d.allowZero ? { allowZero: true } : {}),
          label: d.label,
          unit: d.unit,
          description: d.description,
          midMonth: d.midMonth,
          versions: list.map((v) => ({
            effectiveFrom: v.effectiveFrom,
            value: shown(d, v.value),
            ...(d.table ? { table: d.table.toWire(v.value), summary: d.table.summary(v.value) } : {}),
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
      const d = BY_KEY.get(body.key);
      if (!d) throw badRequest(`key must be one of ${RULE_DEFINITIONS.filter((r) => r.family !== 'pt').map((r) => r.key).join(', ')}, or pt. and a state code (pt.KL)`);
      const value = storedValue(d, body);
      const at = ctx.now().toISOString();
      const note = body.note ?? '';
      const row = { rule_key: d.key, effective_from: body.effectiveFrom, value_json: JSON.stringify(value), source: body.source, note, origin: 'admin', created_by: actorId, created_at: at };
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('statutory_rule_versions').select('id').where('rule_key', '=', d.key).where('effective_from', '=', body.effectiveFrom).executeTakeFirst();
        const shippedSameDay = SHIPPED_VERSIONS.some((v) => v.key === d.key && v.effectiveFrom === body.effectiveFrom);
        if (existing || shippedSameDay) throw conflict(`${d.label} already has a version from ${body.effectiveFrom}; choose another first day`);
        await trx.insertInto('statutory_rule_versions').values(row).execute();
        await recordAudit(
          trx,
          { actorId, action: 'statutory-rule.add-version', entity: 'statutory_rule', entityId: d.key, after: { key: d.key, effectiveFrom: body.effectiveFrom, ...(d.table ? { table: body.table } : { value: body.value }), unit: d.unit, source: body.source, note } },
          ctx.now(),
        );
      });
      return { msg: `${d.label}: the version from ${body.effectiveFrom} is added. It applies to every month not yet approved from ${monthLabel(body.effectiveFrom.slice(0, 7))} on` };
    },

    async saveSettings(actorId: number, settings: StatutorySettings): Promise<{ msg: string }> {
      const before = await loadStatutorySettings(db);
      const at = ctx.now();
      await db.transaction().execute(async (trx) => {
        await writeCompanySetting(trx, STATUTORY_SETTINGS_KEY, settings, at.toISOString());
        await recordAudit(trx, { actorId, action: 'statutory-settings.update', entity: 'company_settings', entityId: STATUTORY_SETTINGS_KEY, before, after: settings }, at);
      });
      return { msg: 'Statutory settings saved. They apply to every month not yet approved' };
    },
  };
}
